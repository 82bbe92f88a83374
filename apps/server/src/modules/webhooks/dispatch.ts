import { eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/client.js';
import { integrationEvents, operators, webhookEndpoints } from '../../db/schema/index.js';
import { afterCursor, settled, type EventCursor } from '../events/commit-order.js';

/** A day of tries before a delivery is given up. */
export const RETRY_FOR_MS = 24 * 3_600_000;
/** Events read per endpoint per pass. */
const BATCH = 5000;

/**
 * Turns new integration events into stored deliveries, one per event and interested endpoint, and
 * moves each endpoint's cursor past them. Events are read in commit order and only once settled
 * (events/commit-order.ts), so an event whose transaction commits late is still ahead of the
 * cursor. Any process may run it: an endpoint is locked while its events are read (`SKIP LOCKED`),
 * and an event is stored for an endpoint at most once.
 */
export class Dispatcher {
  constructor(private readonly db: Db) {}

  async run(now: Date): Promise<number> {
    const endpoints = await this.db
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.enabled, true));
    let created = 0;
    for (const { id } of endpoints) {
      for (;;) {
        const [n, more] = await this.db.transaction((tx) => this.dispatchOne(tx, id, now));
        created += n;
        if (!more) break;
      }
    }
    return created;
  }

  private async dispatchOne(tx: Tx, id: number, now: Date): Promise<[number, boolean]> {
    const locked = await tx.execute(sql`SELECT e.cursor, e.cursor_tx::text AS cursor_tx, e.event_types, o.path
      FROM webhook_endpoints e JOIN operators o ON o.id = e.operator_id WHERE e.id = ${id} AND e.enabled
      FOR UPDATE OF e SKIP LOCKED`);
    const endpoint = rowsOf<{ cursor: string; cursor_tx: string; event_types: string[]; path: string }>(
      locked,
    )[0];
    if (!endpoint) return [0, false];
    const cursor: EventCursor = { tx: endpoint.cursor_tx, id: Number(endpoint.cursor) };
    // One statement per batch: the batch is read once, so the deliveries and the new cursor agree.
    // The deliveries refer to their events, whose JSON is built when sent.
    const types = endpoint.event_types;
    const giveUp = new Date(now.getTime() + RETRY_FOR_MS).toISOString();
    const result = await tx.execute(sql`WITH batch AS (
        SELECT ${integrationEvents.id} AS id, ${integrationEvents.txId} AS tx_id, ${integrationEvents.type} AS type,
          ${integrationEvents.chargePointId} AS charge_point_id, ${integrationEvents.operatorId} AS operator_id
        FROM ${integrationEvents}
        WHERE ${afterCursor(cursor)} AND ${settled}
        ORDER BY ${integrationEvents.txId}, ${integrationEvents.id} LIMIT ${BATCH}),
      stored AS (
        INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type, charge_point_id, next_attempt_at, give_up_at)
        SELECT ${id}, b.id, b.type, b.charge_point_id, ${now.toISOString()}, ${giveUp}
        FROM batch b JOIN ${operators} ON ${operators.id} = b.operator_id
        WHERE ${operators.path} LIKE ${`${endpoint.path}%`}
          ${types.length > 0 ? sql`AND ${inArray(sql`b.type`, types)}` : sql``}
        ORDER BY b.tx_id, b.id
        ON CONFLICT DO NOTHING RETURNING 1)
      SELECT (SELECT count(*) FROM batch)::int AS n, (SELECT count(*) FROM stored)::int AS stored,
        last.tx_id::text AS tx, last.id
      FROM (SELECT 1) one
      LEFT JOIN (SELECT tx_id, id FROM batch ORDER BY tx_id DESC, id DESC LIMIT 1) last ON true`);
    const row = rowsOf<{ n: number; stored: number; tx: string | null; id: string | number | null }>(
      result,
    )[0]!;
    if (row.n === 0 || row.tx === null) return [0, false];
    await tx
      .update(webhookEndpoints)
      .set({ cursorTx: row.tx, cursor: Number(row.id) })
      .where(eq(webhookEndpoints.id, id));
    return [row.stored, row.n === BATCH];
  }
}
