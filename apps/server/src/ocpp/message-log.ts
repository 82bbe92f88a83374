import type { FastifyBaseLogger } from 'fastify';
import { lt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { ocppMessages } from '../db/schema/index.js';
import { insertUnnest, type UnnestColumn } from '../db/unnest.js';

export type OcppLogRow = typeof ocppMessages.$inferInsert;

const TYPES: Record<number, string> = { 2: 'CALL', 3: 'CALLRESULT', 4: 'CALLERROR' };

/** A charger's new password (ChangeConfiguration of AuthorizationKey) never reaches the log. */
function withoutSecrets(action: string | null, payload: unknown): unknown {
  if (action !== 'ChangeConfiguration' || typeof payload !== 'object' || payload === null) return payload;
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

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly opts = { flushMs: 200, maxBatch: 2000 },
  ) {}

  start() {
    this.timer = setInterval(() => void this.flush(), this.opts.flushMs);
    this.timer.unref();
  }

  async stop() {
    clearInterval(this.timer);
    await this.flush();
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
      this.push({
        chargePointId,
        direction,
        messageType: 'INVALID',
        payload: { raw: raw.slice(0, 10_000) },
        at: new Date(now),
      });
      return;
    }
    const frame = parsed as unknown[];
    const [type, messageId] = frame as [number, string];
    const key = `${chargePointId}\u0000${messageId}`;
    if (type === 2) {
      const action = typeof frame[2] === 'string' ? frame[2] : null;
      if (action) this.pending.set(key, { action, at: now });
      this.push({
        chargePointId,
        direction,
        messageType: 'CALL',
        messageId,
        action,
        payload: withoutSecrets(action, frame[3] ?? {}),
        at: new Date(now),
      });
      return;
    }
    const call = this.pending.get(key);
    this.pending.delete(key);
    const payload =
      type === 3
        ? (frame[2] ?? {})
        : { errorCode: frame[2], errorDescription: frame[3], errorDetails: frame[4] };
    this.push({
      chargePointId,
      direction,
      messageType: TYPES[type] ?? 'INVALID',
      messageId,
      action: call?.action ?? null,
      payload,
      at: new Date(now),
      responseTimeMs: call ? now - call.at : null,
    });
  }

  /** Records something Voltline did at the connection rather than a frame, e.g. a refused handshake. */
  note(chargePointId: string, action: string, payload: Record<string, unknown>) {
    this.push({ chargePointId, direction: 'in', messageType: 'INVALID', action, payload, at: new Date() });
  }

  /** Forgets unanswered CALLs of a charger that went away. */
  forget(chargePointId: string) {
    const prefix = `${chargePointId}\u0000`;
    for (const key of this.pending.keys()) if (key.startsWith(prefix)) this.pending.delete(key);
  }

  private push(row: OcppLogRow) {
    this.buffer.push(row);
    if (this.buffer.length >= this.opts.maxBatch) void this.flush();
  }

  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      while (this.buffer.length > 0) {
        const batch = this.buffer.splice(0, 1000);
        try {
          await this.db.execute(insertRows(batch));
        } catch (err) {
          this.log.error({ err, lost: batch.length }, 'could not write OCPP message log');
        }
      }
    });
    return this.flushing;
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
  [ocppMessages.payload, 'jsonb', (r) => JSON.stringify(r.payload)],
  [ocppMessages.at, 'timestamptz', (r) => r.at.toISOString()],
  [ocppMessages.responseTimeMs, 'int', (r) => r.responseTimeMs ?? null],
];

const insertRows = (rows: OcppLogRow[]) => insertUnnest(ocppMessages, LOG_COLUMNS, rows);
