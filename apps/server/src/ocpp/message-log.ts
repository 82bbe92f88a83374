import type { FastifyBaseLogger } from 'fastify';
import { lt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { Metrics } from '../lib/metrics.js';
import { ocppMessages } from '../db/schema/index.js';
import { insertUnnest, type UnnestColumn } from '../db/unnest.js';
import { isDatabaseUnavailable } from '../lib/db-unavailable.js';
import { boundedPayload } from '../lib/frame-payload.js';
import {
  storable,
  ascii,
  clipped,
  rawText,
  payloadJson,
  withoutSecrets,
  type OcppLogRow,
} from './log-row.js';

export type { OcppLogRow } from './log-row.js';

const TYPES: Record<number, string> = { 2: 'CALL', 3: 'CALLRESULT', 4: 'CALLERROR' };

/**
 * Collects every OCPP frame and writes them in batches, off the handlers' path: a handler never
 * waits for its log line. Each frame is paired with its CALL to record the action and the
 * response time.
 */
export class OcppMessageLog {
  private buffer: OcppLogRow[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  /** messageId → action and time of CALLs awaiting an answer, per charger and direction. */
  private pending = new Map<string, { action: string; at: number }>();
  /** When the database became unavailable to the log (null: it is writing). */
  private outageSince: number | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly metrics?: Metrics,
    /** maxKept: frames held in memory while the database is unavailable (default 100,000). */
    private readonly opts: { flushMs: number; maxBatch: number; maxKept?: number; maxFrameBytes?: number } = {
      flushMs: 200,
      maxBatch: 2000,
    },
  ) {}

  /** Frames read and not yet written. */
  get queueDepth(): number {
    return this.buffer.length;
  }

  start() {
    this.timer = setInterval(() => this.flushInBackground(), this.opts.flushMs);
    this.timer.unref();
  }

  async stop() {
    clearInterval(this.timer);
    await this.flush();
    if (this.buffer.length > 0) {
      this.log.error({ lost: this.buffer.length }, 'OCPP frames not written: the database is unavailable');
    }
  }

  /** Records one raw frame as it crossed the socket. */
  frame(chargePointId: string, raw: string, outbound: boolean) {
    const now = Date.now();
    const direction = outbound ? 'out' : 'in';
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = undefined;
    }
    if (
      !Array.isArray(parsed) ||
      typeof parsed[0] !== 'number' ||
      typeof parsed[1] !== 'string' ||
      !TYPES[parsed[0]]
    ) {
      this.metrics?.ocppMessages.inc({ direction, type: 'INVALID', action: '' });
      this.push(
        {
          chargePointId,
          direction,
          messageType: 'INVALID',
          payload: { raw: raw.slice(0, 10_000) },
          at: new Date(now),
        },
        raw,
      );
      return;
    }
    const frame = parsed as unknown[];
    const [type, fullId] = frame as [number, string];
    const key = `${chargePointId}\u0000${fullId}`;
    const messageId = clipped(fullId);
    if (type === 2) {
      const action = typeof frame[2] === 'string' ? frame[2] : null;
      if (action) this.pending.set(key, { action, at: now });
      this.metrics?.ocppMessages.inc({ direction, type: 'CALL', action: action ?? '' });
      this.push(
        {
          chargePointId,
          direction,
          messageType: 'CALL',
          messageId,
          action,
          payload: withoutSecrets(action, frame[3] ?? {}),
          at: new Date(now),
        },
        raw,
      );
      return;
    }
    const call = this.pending.get(key);
    this.pending.delete(key);
    this.metrics?.ocppMessages.inc({ direction, type: TYPES[type] ?? 'INVALID', action: call?.action ?? '' });
    const payload =
      type === 3
        ? (frame[2] ?? {})
        : { errorCode: frame[2], errorDescription: frame[3], errorDetails: frame[4] };
    this.push(
      {
        chargePointId,
        direction,
        messageType: TYPES[type] ?? 'INVALID',
        messageId,
        action: call?.action ?? null,
        payload,
        at: new Date(now),
        responseTimeMs: call ? now - call.at : null,
      },
      raw,
    );
  }

  /** Records something Voltline did at the connection rather than a frame, e.g. a refused handshake. */
  note(chargePointId: string, action: string, payload: Record<string, unknown>) {
    this.push(
      { chargePointId, direction: 'in', messageType: 'INVALID', action, payload, at: new Date() },
      JSON.stringify(payload),
    );
  }

  /** Forgets unanswered CALLs of a charger that went away. */
  forget(chargePointId: string) {
    const prefix = `${chargePointId}\u0000`;
    for (const key of this.pending.keys()) if (key.startsWith(prefix)) this.pending.delete(key);
  }

  private push(row: OcppLogRow, raw: string) {
    // A frame past the bound keeps its first bytes, its size and its hash (lib/frame-payload.ts).
    const payload = boundedPayload(row.payload, raw, this.opts.maxFrameBytes ?? 16_384);
    const kept = storable(payload === row.payload ? row : { ...row, payload }, raw);
    rawText.set(kept, raw.length > 10_000 ? raw.slice(0, 10_000) : raw);
    this.buffer.push(kept);
    if (this.buffer.length >= this.opts.maxBatch && this.outageSince === null) this.flushInBackground();
  }

  private flushInBackground() {
    this.flush().catch((err: unknown) => this.log.error({ err }, 'OCPP log flush failed'));
  }

  flush(): Promise<void> {
    const run = async () => {
      while (this.buffer.length > 0) {
        const batch = this.buffer.splice(0, 1000);
        const end = this.metrics?.logFlushSeconds.startTimer();
        const left = await this.write(batch);
        end?.();
        this.metrics?.logRowsWritten.inc(batch.length - left.length);
        if (left.length > 0) {
          // The database is unavailable: the frames wait, in order, for the next flush.
          this.keep(left);
          return;
        }
        if (this.outageSince !== null) {
          this.log.info({ sinceMs: Date.now() - this.outageSince }, 'OCPP log written again');
          this.outageSince = null;
        }
      }
    };
    // One failed flush must not stop the ones after it (the log used to stop for good).
    this.flushing = this.flushing.then(run, run);
    return this.flushing;
  }

  /**
   * Puts frames the database could not take back at the head of the queue. Up to `maxKept` frames
   * wait in memory; past it the oldest are dropped, and their number logged.
   */
  private keep(rows: OcppLogRow[]) {
    if (this.outageSince === null) {
      this.outageSince = Date.now();
      this.log.warn({ waiting: rows.length }, 'database unavailable; OCPP frames kept until it is back');
    }
    this.buffer.unshift(...rows);
    const over = this.buffer.length - (this.opts.maxKept ?? 100_000);
    if (over > 0) {
      this.buffer.splice(0, over);
      this.log.error({ lost: over }, 'OCPP frames dropped: the database was unavailable too long');
    }
  }

  /**
   * Writes a batch; if the database refuses it, halves it until the row it cannot take is found,
   * so one bad frame never costs the frames of other chargers. That row is kept with its payload
   * in base64; only if even that fails is it lost, and the loss is logged. Returns the rows not
   * written because the database is unavailable (none when it answered).
   */
  private async write(batch: OcppLogRow[]): Promise<OcppLogRow[]> {
    try {
      await this.db.execute(insertRows(batch));
      return [];
    } catch (err) {
      if (isDatabaseUnavailable(err)) return batch;
      if (batch.length > 1) {
        const half = Math.ceil(batch.length / 2);
        const first = await this.write(batch.slice(0, half));
        if (first.length > 0) return [...first, ...batch.slice(half)];
        return this.write(batch.slice(half));
      }
      const [row] = batch;
      if (!row) return [];
      const kept: OcppLogRow = {
        ...row,
        messageId: row.messageId === undefined || row.messageId === null ? null : ascii(row.messageId),
        action: row.action === undefined || row.action === null ? null : ascii(row.action),
        chargePointId: ascii(row.chargePointId),
        payload: { unstorable: Buffer.from(payloadJson(row)).toString('base64') },
        responseTimeMs: null,
      };
      try {
        await this.db.execute(insertRows([kept]));
        this.log.warn({ err, chargePointId: kept.chargePointId }, 'OCPP frame kept in base64');
      } catch (again) {
        if (isDatabaseUnavailable(again)) return batch;
        this.log.error(
          { err: again, lost: 1, chargePointId: kept.chargePointId },
          'could not write OCPP frame',
        );
      }
      return [];
    }
  }

  /** Deletes log lines older than the retention period. */
  async prune(retentionDays: number): Promise<void> {
    await this.db
      .delete(ocppMessages)
      .where(lt(ocppMessages.at, new Date(Date.now() - retentionDays * 86_400_000)));
  }
}

/** The log's columns for a bulk insert (see insertUnnest). */
const LOG_COLUMNS: UnnestColumn<OcppLogRow>[] = [
  [ocppMessages.chargePointId, 'text', (r) => r.chargePointId],
  [ocppMessages.direction, 'text', (r) => r.direction],
  [ocppMessages.messageType, 'text', (r) => r.messageType],
  [ocppMessages.messageId, 'text', (r) => r.messageId ?? null],
  [ocppMessages.action, 'text', (r) => r.action ?? null],
  [ocppMessages.payload, 'jsonb', payloadJson],
  [ocppMessages.at, 'timestamptz', (r) => r.at.toISOString()],
  [ocppMessages.responseTimeMs, 'int', (r) => r.responseTimeMs ?? null],
];

const insertRows = (rows: OcppLogRow[]) => insertUnnest(ocppMessages, LOG_COLUMNS, rows);
