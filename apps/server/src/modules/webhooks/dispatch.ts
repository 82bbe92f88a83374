import { asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../db/client.js';
import { integrationEvents, operators, webhookEndpoints } from '../../db/schema/index.js';

/** A day of tries before a delivery is given up. */
export const RETRY_FOR_MS = 24 * 3_600_000;
/** Events read per endpoint per pass. */
const BATCH = 5000;
/**
 * A hole in the event ids is a transaction still writing its event (ids are taken before commit) or
 * one rolled back. The dispatcher waits this long at a hole before it takes it for a rollback, so a
 * late commit is not skipped.
 */
const HOLE_WAIT_MS = 10_000;

/**
 * Turns new integration events into stored deliveries, one per event and interested endpoint, and
 * moves each endpoint's cursor past them. Any process may run it: an endpoint is locked while its
 * events are read (`SKIP LOCKED`), and an event is stored for an endpoint at most once.
 */
export class Dispatcher {
  /** Holes seen in the ids (id → when first seen, in this process's real time). */
  private readonly holes = new Map<number, number>();

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
    if (this.holes.size > 1000) this.holes.clear();
    return created;
  }

  private async dispatchOne(tx: Tx, id: number, now: Date): Promise<[number, boolean]> {
    const locked = await tx.execute(sql`SELECT e.cursor, e.event_types, o.path FROM webhook_endpoints e
      JOIN operators o ON o.id = e.operator_id WHERE e.id = ${id} AND e.enabled
      FOR UPDATE OF e SKIP LOCKED`);
    const endpoint = rowsOf<{ cursor: string; event_types: string[]; path: string }>(locked)[0];
    if (!endpoint) return [0, false];
    const cursor = Number(endpoint.cursor);
    const ids = await tx
      .select({ id: integrationEvents.id })
      .from(integrationEvents)
      .where(gt(integrationEvents.id, cursor))
      .orderBy(asc(integrationEvents.id))
      .limit(BATCH);
    let last = cursor;
    for (const { id: eventId } of ids) {
      if (eventId !== last + 1 && !this.holePassed(last + 1)) break;
      last = eventId;
    }
    if (last === cursor) return [0, false];
    // One statement per batch: the deliveries refer to their events, whose JSON is built when sent.
    const types = endpoint.event_types;
    const giveUp = new Date(now.getTime() + RETRY_FOR_MS).toISOString();
    await tx.execute(sql`INSERT INTO webhook_deliveries
        (endpoint_id, event_id, event_type, charge_point_id, next_attempt_at, give_up_at)
      SELECT ${id}, ${integrationEvents.id}, ${integrationEvents.type}, ${integrationEvents.chargePointId},
        ${now.toISOString()}, ${giveUp}
      FROM ${integrationEvents} JOIN ${operators} ON ${operators.id} = ${integrationEvents.operatorId}
      WHERE ${integrationEvents.id} > ${cursor} AND ${integrationEvents.id} <= ${last}
        AND ${operators.path} LIKE ${`${endpoint.path}%`}
        ${types.length > 0 ? sql`AND ${inArray(integrationEvents.type, types)}` : sql``}
      ORDER BY ${integrationEvents.id}
      ON CONFLICT DO NOTHING`);
    await tx.update(webhookEndpoints).set({ cursor: last }).where(eq(webhookEndpoints.id, id));
    return [last - cursor, ids.length === BATCH];
  }

  private holePassed(id: number): boolean {
    const seen = this.holes.get(id);
    if (seen === undefined) {
      this.holes.set(id, Date.now());
      return false;
    }
    return Date.now() - seen >= HOLE_WAIT_MS;
  }
}

/** The newest event id: a new endpoint starts after it (it receives what happens from now on). */
export async function latestEventId(tx: Tx): Promise<number> {
  const [row] = await tx
    .select({ max: sql<string | null>`max(${integrationEvents.id})` })
    .from(integrationEvents);
  return Number(row?.max ?? 0);
}
