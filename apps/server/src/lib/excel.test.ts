import type { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { sendExcel } from './excel.js';

/** Just enough of a reply to hand the stream back to the test. */
function replyCapturing() {
  let body: PassThrough | undefined;
  const reply = {
    log: { error: () => undefined },
    header() {
      return reply;
    },
    send(stream: PassThrough) {
      body = stream;
      return reply;
    },
  };
  return { reply: reply as unknown as FastifyReply, body: () => body! };
}

describe('Excel export', () => {
  it('reads rows only as fast as the download takes them, and then delivers every row', async () => {
    const TOTAL = 60_000;
    let pulled = 0;
    async function* rows() {
      for (let i = 1; i <= TOTAL; i++) {
        if (i % 1000 === 0) await Promise.resolve();
        pulled = i;
        yield {
          id: i,
          text: `session ${i} at charge point CP-${i % 97}`,
          at: new Date(1_800_000_000_000 + i),
        };
      }
    }
    const { reply, body } = replyCapturing();
    await sendExcel(
      reply,
      'x.xlsx',
      'Sheet',
      [
        { header: 'Id', value: (r) => r.id },
        { header: 'Text', value: (r) => r.text },
        { header: 'At', value: (r) => r.at },
      ],
      rows(),
    );

    // Nobody reads the download yet: the export must stall well before the last row.
    let last = -1;
    for (let i = 0; i < 400 && pulled !== last && pulled < TOTAL; i++) {
      last = pulled;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(pulled).toBeLessThan(TOTAL / 2);

    const chunks: Buffer[] = [];
    for await (const chunk of body()) chunks.push(chunk as Buffer);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.rowCount).toBe(TOTAL + 1);
    expect(sheet.getRow(TOTAL + 1).getCell(1).value).toBe(TOTAL);
  });

  it('fails before sending anything when its query fails, so the caller gets an error answer', async () => {
    // eslint-disable-next-line require-yield -- a query that fails before its first row
    async function* failing(): AsyncGenerator<{ id: number }> {
      await Promise.resolve();
      throw new Error('relation does not exist');
    }
    const { reply, body } = replyCapturing();
    await expect(
      sendExcel(reply, 'x.xlsx', 'Sheet', [{ header: 'Id', value: (r) => r.id }], failing()),
    ).rejects.toThrow('relation does not exist');
    expect(body()).toBeUndefined();
  });
});
