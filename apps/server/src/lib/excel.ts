import type { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export interface ExcelColumn<T> {
  header: string;
  width?: number;
  value: (row: T) => string | number | boolean | Date | null;
}

/**
 * Streams an .xlsx built row by row from `rows`, so an export never holds the whole result in
 * memory: each batch is written and committed before the next is read.
 */
export async function sendExcel<T>(
  reply: FastifyReply,
  fileName: string,
  sheetName: string,
  columns: ExcelColumn<T>[],
  rows: AsyncIterable<T>,
): Promise<FastifyReply> {
  // The query runs, and the filter is checked, before the first byte: a failure here is an
  // ordinary error answer, not a download cut off after its headers.
  const it = rows[Symbol.asyncIterator]();
  const first = await it.next();

  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width ?? 20 }));
  sheet.getRow(1).font = { bold: true };

  const write = async () => {
    let n = 0;
    for (let r = first; !r.done; r = await it.next()) {
      if (stream.destroyed) return; // the client went away: stop reading
      sheet.addRow(columns.map((c) => c.value(r.value))).commit();
      if (++n % 200 === 0) await drained(sheet, stream);
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((err: unknown) => {
    // Past the headers an error can only cut the download; the log says which one.
    reply.log.error({ err, url: reply.request?.url, file: fileName }, 'excel export failed mid-stream');
    stream.destroy(err instanceof Error ? err : new Error(String(err)));
  });

  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(stream);
}

/** XML a sheet may hold before the zip takes it: 16 chunks of exceljs's 64 KiB. */
const HELD_CHUNKS = 16;

/**
 * Waits while the sheet's output is backed up. exceljs's sheet stream ignores backpressure: until
 * the zip takes the sheet it keeps every row as XML, and afterwards it ignores what write()
 * answers, so rows read faster than they are compressed and sent pile up in memory (a
 * 100,000-row export grew the server by 190 MiB). Here the rows wait instead: while the sheet
 * holds more than HELD_CHUNKS, while the Node stream it feeds reports itself full, or while the
 * response is (the client reads slower than the server writes). Returns at once when the
 * response is gone.
 */
async function drained(sheet: ExcelJS.Worksheet, response: PassThrough) {
  const inner = (sheet as unknown as { stream?: { pipes?: unknown[]; buffers?: unknown[] } }).stream;
  for (;;) {
    if (response.destroyed || !inner) return;
    const next = inner.pipes?.[0] as
      (EventEmitter & { _writableState?: { needDrain?: boolean } }) | undefined;
    const full = next?._writableState?.needDrain ? next : response.writableNeedDrain ? response : undefined;
    if (full) {
      await new Promise<void>((resolve) => {
        const done = () => {
          full.off('drain', done);
          response.off('close', done);
          resolve();
        };
        full.once('drain', done);
        response.once('close', done);
      });
    } else if ((inner.buffers?.length ?? 0) > HELD_CHUNKS) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    } else {
      return;
    }
  }
}

/** Pages through a query in fixed batches, for exports. */
export async function* inBatches<T>(
  fetch: (offset: number, limit: number) => Promise<T[]>,
  batchSize = 500,
): AsyncGenerator<T> {
  for (let offset = 0; ; offset += batchSize) {
    const batch = await fetch(offset, batchSize);
    yield* batch;
    if (batch.length < batchSize) return;
  }
}
