import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import { WEBHOOK_HEADERS } from '@voltline/contract';
import { VERSION } from '../../version.js';
import { publicEvent } from '../events/public-event.js';
import { signatureHeader } from './signature.js';
import { post } from './post.js';
import { refusalOf } from './url-guard.js';

/** A delivery this process has claimed: no other process sends it while the claim holds. */
export interface Claimed {
  id: number;
  endpointId: number;
  url: string;
  secret: string;
  eventId: string | null;
  eventType: string;
  body: string;
  attempts: number;
  giveUpAt: Date;
}

export interface TryResult {
  status: number | null;
  answer: string | null;
  error: string | null;
  durationMs: number;
}

/** Long enough for any send to end (the timeout is at most 60 s): then another process may retry. */
const CLAIM_MS = 120_000;
const ANSWER_CHARS = 500;

/**
 * Claims due deliveries for this process. A delivery waits while an earlier one of the same charger
 * to the same endpoint is pending, so each endpoint hears of a charger's events in order.
 */
export async function claimDue(db: Db, now: Date, limit: number): Promise<Claimed[]> {
  const result = await db.execute(claimStatement(now, limit));
  type Row = {
    id: string | number;
    endpoint_id: number;
    url: string;
    secret: string;
    event_id: string | number | null;
    event_type: string;
    body: string | null;
    attempts: number;
    give_up_at: string | Date;
    operator_id: number | null;
    version: number | null;
    occurred_at: string | Date | null;
    data: Record<string, unknown> | null;
  };
  return rowsOf<Row>(result)
    .map((r) => ({
      id: Number(r.id),
      endpointId: r.endpoint_id,
      url: r.url,
      secret: r.secret,
      eventId: r.event_id === null ? null : String(r.event_id),
      eventType: r.event_type,
      body: r.body ?? bodyOf(r),
      attempts: r.attempts,
      giveUpAt: new Date(r.give_up_at),
    }))
    .sort((a, b) => a.id - b.id);
}

/**
 * The claim: only pending rows are read, through the partial indexes on pending deliveries
 * (`webhook_deliveries_due_idx`, and `webhook_deliveries_pending_order_idx` for the test of an
 * earlier pending one), so the log of delivered and given-up rows costs the claim nothing.
 */
export function claimStatement(now: Date, limit: number) {
  const until = new Date(now.getTime() + CLAIM_MS);
  return sql`
    WITH claimed AS (
      UPDATE webhook_deliveries d SET locked_until = ${until.toISOString()}
      FROM webhook_endpoints e
      WHERE e.id = d.endpoint_id AND d.id IN (
        SELECT c.id FROM webhook_deliveries c JOIN webhook_endpoints ce ON ce.id = c.endpoint_id
        WHERE c.state = 'pending' AND ce.enabled AND c.next_attempt_at <= ${now.toISOString()}
          AND (c.locked_until IS NULL OR c.locked_until <= ${now.toISOString()})
          AND (c.charge_point_id IS NULL OR NOT EXISTS (
            SELECT 1 FROM webhook_deliveries p WHERE p.endpoint_id = c.endpoint_id
              AND p.charge_point_id = c.charge_point_id AND p.state = 'pending' AND p.id < c.id))
        ORDER BY c.id LIMIT ${limit}
        FOR UPDATE OF c SKIP LOCKED)
      RETURNING d.id, d.endpoint_id, e.url, e.secret, d.event_id, d.event_type, d.body, d.attempts, d.give_up_at)
    SELECT c.*, ev.operator_id, ev.version, ev.occurred_at, ev.data
    FROM claimed c LEFT JOIN integration_events ev ON ev.id = c.event_id`;
}

/** The JSON of an integration event, as the feed shows it (modules/events/public-event.ts). */
function bodyOf(r: {
  event_id: string | number | null;
  event_type: string;
  operator_id: number | null;
  version: number | null;
  occurred_at: string | Date | null;
  data: Record<string, unknown> | null;
}): string {
  return JSON.stringify(
    publicEvent({
      id: Number(r.event_id),
      type: r.event_type,
      version: r.version ?? 1,
      operatorId: r.operator_id ?? 0,
      occurredAt: new Date(r.occurred_at ?? 0),
      data: r.data ?? {},
      chargePointId: null,
      subject: null,
      txId: '0',
    }),
  );
}

/** One signed POST of a delivery; any answer but 2xx, and no answer, is a failure. */
export async function sendOnce(
  d: Claimed,
  opts: { timeoutMs: number; allowPrivate: boolean; now: Date },
): Promise<TryResult> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const refusal = await refusalOf(d.url, opts.allowPrivate);
  if (refusal)
    return { status: null, answer: null, error: `address refused (${refusal})`, durationMs: took() };
  const t = Math.floor(opts.now.getTime() / 1000);
  try {
    const res = await post(d.url, {
      timeoutMs: opts.timeoutMs,
      allowPrivate: opts.allowPrivate,
      maxBytes: ANSWER_CHARS * 4,
      headers: {
        'content-type': 'application/json',
        'user-agent': `Voltline-Webhooks/${VERSION}`,
        [WEBHOOK_HEADERS.signature]: signatureHeader(d.secret, t, d.body),
        [WEBHOOK_HEADERS.eventId]: d.eventId ?? `test-${d.id}`,
        [WEBHOOK_HEADERS.eventType]: d.eventType,
        [WEBHOOK_HEADERS.deliveryId]: String(d.id),
      },
      body: d.body,
    });
    return { status: res.status, answer: res.answer.slice(0, ANSWER_CHARS), error: null, durationMs: took() };
  } catch (err) {
    const e = err as Error & { code?: string; cause?: { code?: string } };
    const timedOut = e.name === 'TimeoutError' || e.name === 'AbortError';
    const error = timedOut ? 'timed out' : (e.code ?? e.cause?.code ?? e.message);
    return { status: null, answer: null, error: error.slice(0, ANSWER_CHARS), durationMs: took() };
  }
}

/** The pause before try n + 1 after n failed tries: 30 s, 1 min, 2 min, … at most an hour. */
export function backoffMs(failedTries: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, failedTries - 1), 3_600_000);
}

const isOk = (r: TryResult) => r.status !== null && r.status >= 200 && r.status < 300;

/**
 * Records the successful tries of a batch in one transaction (at a thousand events a second to
 * twenty endpoints, a transaction per delivery is what would limit the rate); failures go one by
 * one through `recordTry`, which decides on retries and switching off. A delivery whose endpoint
 * was deleted while it was being sent is gone (with its endpoint): it is left out, the others are
 * recorded. The deliveries are updated first, which locks them, so none can go between the update
 * and the insert of its try.
 */
export async function recordDelivered(
  db: Db,
  done: { d: Claimed; r: TryResult }[],
  now: Date,
): Promise<void> {
  const ok = done.filter(({ r }) => isOk(r));
  if (ok.length === 0) return;
  const rows = JSON.stringify(ok.map(({ d, r }) => ({ id: d.id, status: r.status, answer: r.answer })));
  await db.transaction(async (tx) => {
    const updated =
      await tx.execute(sql`UPDATE webhook_deliveries d SET state = 'delivered', attempts = d.attempts + 1,
        locked_until = NULL, delivered_at = ${now.toISOString()}, last_status = u.status, last_answer = u.answer
      FROM jsonb_to_recordset(${rows}::jsonb) AS u(id bigint, status int, answer text) WHERE d.id = u.id
      RETURNING d.id`);
    const kept = new Set(rowsOf<{ id: string | number }>(updated).map((r) => Number(r.id)));
    const recorded = ok.filter(({ d }) => kept.has(d.id));
    if (recorded.length === 0) return;
    await tx
      .insert(webhookAttempts)
      .values(recorded.map(({ d, r }) => ({ deliveryId: d.id, at: now, ...r })));
    const endpoints = [...new Set(recorded.map(({ d }) => d.endpointId))];
    await tx
      .update(webhookEndpoints)
      .set({ failingSince: null })
      .where(and(inArray(webhookEndpoints.id, endpoints), isNotNull(webhookEndpoints.failingSince)));
  });
}

/**
 * Records a try and what follows: delivered, or the next try, or given up after its day. Answers
 * whether the endpoint has now failed for a whole day without a single success (to be switched off).
 */
export async function recordTry(db: Db, d: Claimed, r: TryResult, now: Date): Promise<boolean> {
  const ok = isOk(r);
  return db.transaction(async (tx) => {
    const attempts = d.attempts + 1;
    const common = { attempts, lockedUntil: null, lastStatus: r.status, lastAnswer: r.answer ?? r.error };
    const givenUp = now.getTime() >= d.giveUpAt.getTime();
    const set = ok
      ? { ...common, state: 'delivered', deliveredAt: now }
      : {
          ...common,
          state: givenUp ? 'failed' : 'pending',
          nextAttemptAt: new Date(now.getTime() + backoffMs(attempts)),
        };
    // Updated first, which locks it: a delivery whose endpoint was deleted meanwhile is gone.
    const [kept] = await tx
      .update(webhookDeliveries)
      .set(set)
      .where(eq(webhookDeliveries.id, d.id))
      .returning({ id: webhookDeliveries.id });
    if (!kept) return false;
    await tx.insert(webhookAttempts).values({ deliveryId: d.id, at: now, ...r });
    if (ok) {
      await tx
        .update(webhookEndpoints)
        .set({ failingSince: null })
        .where(eq(webhookEndpoints.id, d.endpointId));
      return false;
    }
    const [endpoint] = await tx
      .update(webhookEndpoints)
      .set({
        failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(webhookEndpoints.id, d.endpointId))
      .returning({ failingSince: webhookEndpoints.failingSince, enabled: webhookEndpoints.enabled });
    return (
      !!endpoint?.enabled &&
      !!endpoint.failingSince &&
      now.getTime() - endpoint.failingSince.getTime() >= 24 * 3_600_000
    );
  });
}
