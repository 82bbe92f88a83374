import type { FastifyBaseLogger } from 'fastify';
import { lt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { Metrics } from '../lib/metrics.js';
import { ocppMessages } from '../db/schema/index.js';
import { insertUnnest, type UnnestColumn } from '../db/unnest.js';
import { isDatabaseUnavailable } from '../lib/db-unavailable.js';
import { boundedPayload } from '../lib/frame-payload.js';

export type OcppLogRow = typeof ocppMessages.$inferInsert;

const TYPES: Record<number, string> = { 2: 'CALL', 3: 'CALLRESULT', 4: 'CALLERROR' };

// PostgreSQL text and jsonb hold neither NUL nor a lone UTF-16 surrogate.
// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const escapeChar = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** The value with every character PostgreSQL refuses written out as its `\uXXXX` escape text. */
function escaped(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(UNSTORABLE, escapeChar);
  if (depth > 50 || value === null || typeof value !== 'object' || value instanceof Date) return value;
  if (Array.isArray(value)) return value.map((v) => escaped(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k.replace(UNSTORABLE, escapeChar), escaped(v, depth + 1)]),
  );
}

/**
 * Whether a raw frame could carry what PostgreSQL refuses: a NUL or a surrogate, literally or as a
 * JSON escape. One scan of the text, so the common frame is queued untouched (this runs for every
 * frame); only a suspect one is walked and escaped.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const SUSPECT = /\u0000|\\u0000|\\u[dD][89a-fA-F]|[\uD800-\uDFFF]/;
const storable = (row: OcppLogRow, raw: string): OcppLogRow =>
  SUSPECT.test(raw) ? (escaped(row) as OcppLogRow) : row;
// Anything outside printable ASCII.
const ascii = (text: string) => text.replace(/[^\x20-\x7e]/g, '?');

/** OCPP-J allows 36 characters; a longer id is kept to this many, marked with an ellipsis. */
const MAX_ID = 255;

/**
 * A message id short enough for the log's index: a long id that does not compress (a few thousand
 * random characters) exceeded PostgreSQL's limit for an index entry, and the frame was lost.
 * Cut by code points, so no surrogate pair is split.
 */
function clipped(id: string): string {
  return id.length <= MAX_ID ? id : `${Array.from(id).slice(0, MAX_ID).join('')}…`;
}

/** Each queued row's frame as it came, for a payload JSON.stringify cannot write back. */
const rawText = new WeakMap<OcppLogRow, string>();

/**
 * The payload as JSON text. JSON.parse reads nesting thousands of levels deeper than
 * JSON.stringify can write (its stack overflows): such a payload is kept as the first 10,000
 * characters of its frame, in base64. The overflow used to stop the log for good.
 */
function payloadJson(row: OcppLogRow): string {
  try {
    return JSON.stringify(row.payload) ?? 'null';
  } catch {
    const raw = (rawText.get(row) ?? '').slice(0, 10_000);
    return JSON.stringify({ unstorableFrame: Buffer.from(raw).toString('base64') });
  }
}

/** A file location's credentials: the FTP password, or the signed token of a `/files/` link. */
export function withoutLocationSecrets(location: string): string {
  return location
    .replace(/^([a-z]+:\/\/[^:@/]*):[^@/]*@/i, '$1:[redacted]@')
    .replace(/\/files\/[^/?#]+\//, '/files/[redacted]/');
}

/** The payload with `obj[field]` (a location) cleaned, when it is there. */
function cleaned(obj: unknown, field: string): unknown {
  if (typeof obj !== 'object' || obj === null) return obj;
  const o = obj as Record<string, unknown>;
  const value = o[field];
  return typeof value === 'string' ? { ...o, [field]: withoutLocationSecrets(value) } : o;
}

/**
 * A charger's new password (ChangeConfiguration of AuthorizationKey) and the credentials in a
 * transfer's location (UpdateFirmware, GetDiagnostics; GetLog's log.remoteLocation and
 * SignedUpdateFirmware's firmware.location) never reach the log.
 */
function withoutSecrets(action: string | null, payload: unknown): unknown {
  if (typeof payload !== 'object' || payload === null) return payload;
  if ((action === 'UpdateFirmware' || action === 'GetDiagnostics') && 'location' in payload) {
    return cleaned(payload, 'location');
  }
  if (action === 'GetLog' && 'log' in payload) {
    return { ...payload, log: cleaned(payload.log, 'remoteLocation') };
  }
  if (action === 'SignedUpdateFirmware' && 'firmware' in payload) {
    return { ...payload, firmware: cleaned(payload.firmware, 'location') };
  }
  if (action !== 'ChangeConfiguration') return payload;
  const p = payload as Record<string, unknown>;
  return typeof p.key === 'string' && p.key.toLowerCase() === 'authorizationkey'
    ? { ...p, value: '[redacted]' }
    : p;
}

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
