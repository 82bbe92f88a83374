import { asc, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.js';
import { integrationEvents } from '../../db/schema/index.js';

/**
 * A place in the event stream: just after event `id` of transaction `tx`. Events are read in
 * (transaction, id) order, and only those of transactions older than every transaction still
 * running: an id is taken at the insert but seen at the commit, so a smaller id may become visible
 * after a larger one, but no transaction below the snapshot's xmin can still commit. Whatever
 * becomes visible later belongs to a transaction at or above the xmin of every earlier read, so
 * it sorts after any cursor those reads returned: nothing is skipped, nothing is read twice.
 */
export interface EventCursor {
  tx: string;
  id: number;
}

/** The events whose transaction has ended (committed ones are visible, rolled-back ones gone). */
export const settled: SQL = sql`${integrationEvents.txId} < pg_snapshot_xmin(pg_current_snapshot())`;

/** The events after a cursor, in the order of `commitOrder`. */
export const afterCursor = (c: EventCursor): SQL =>
  sql`(${integrationEvents.txId}, ${integrationEvents.id}) > (${c.tx}::xid8, ${c.id}::bigint)`;

export const commitOrder = [asc(integrationEvents.txId), asc(integrationEvents.id)] as const;

/**
 * A cursor before every event not yet settled: a reader starting here receives the events of
 * transactions still running and of those to come (and at most a few just committed).
 */
export async function cursorNow(tx: Tx): Promise<EventCursor> {
  const result = await tx.execute(sql`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin`);
  return { tx: rowsOf<{ xmin: string }>(result)[0]!.xmin, id: 0 };
}

/** The public form of a cursor ("<transaction>.<id>"); clients treat it as opaque. */
export const formatCursor = (c: EventCursor): string => `${c.tx}.${c.id}`;

/**
 * A cursor the feed gave, or an event id (the feed's cursor before it became a pair): answers the
 * pair, or `{ id }` for an id, which reads the events with a larger id.
 */
export function parseCursor(text: string): EventCursor | { id: number } {
  const dot = text.indexOf('.');
  if (dot < 0) return { id: Number(text) };
  return { tx: text.slice(0, dot), id: Number(text.slice(dot + 1)) };
}
