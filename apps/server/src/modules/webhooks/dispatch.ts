import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { integrationEvents, operators, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import { publicEvent } from '../events/public-event.js';

/** A day of tries before a delivery is given up. */
export const RETRY_FOR_MS = 24 * 3_600_000;
/** Events read per endpoint per pass. */
const BATCH = 500;
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
    const endpoint = (locked as { rows: { cursor: string; event_types: string[]; path: string }[] }).rows[0];
    if (!endpoint) return [0, false];
    const cursor = Number(endpoint.cursor);
    const rows = await tx
      .select({ event: integrationEvents, path: operators.path })
      .from(integrationEvents)
      .innerJoin(operators, eq(operators.id, integrationEvents.operatorId))
      .where(gt(integrationEvents.id, cursor))
      .orderBy(asc(integrationEvents.id))
      .limit(BATCH);
    let last = cursor;
    const wanted: typeof rows = [];
    for (const row of rows) {
      if (row.event.id !== last + 1 && !this.holePassed(last + 1)) break;
      last = row.event.id;
      const types = endpoint.event_types;
      if (!row.path.startsWith(endpoint.path)) continue;
      if (types.length > 0 && !types.includes(row.event.type)) continue;
      wanted.push(row);
    }
    if (wanted.length > 0) {
      await tx
        .insert(webhookDeliveries)
        .values(
          wanted.map(({ event }) => ({
            endpointId: id,
            eventId: event.id,
            eventType: event.type,
            chargePointId: event.chargePointId,
            body: JSON.stringify(publicEvent(event)),
            nextAttemptAt: now,
            giveUpAt: new Date(now.getTime() + RETRY_FOR_MS),
          })),
        )
        .onConflictDoNothing();
    }
    if (last !== cursor)
      await tx
        .update(webhookEndpoints)
        .set({ cursor: last })
        .where(and(eq(webhookEndpoints.id, id)));
    return [wanted.length, rows.length === BATCH && last !== cursor];
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
