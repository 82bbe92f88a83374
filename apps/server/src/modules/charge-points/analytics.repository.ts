import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { chargingProfiles, chargingSessions, connectionEvents } from '../../db/schema/index.js';

/**
 * Since when a charge point exists for the network: its creation, or its first connection if
 * that came first (imported history). Its uptime counts from then.
 */
export async function existsSince(tx: Tx, chargePointId: number, createdAt: Date): Promise<Date> {
  const [row] = await tx
    .select({ first: sql<Date | string | null>`min(${connectionEvents.at})` })
    .from(connectionEvents)
    .where(eq(connectionEvents.chargePointId, chargePointId));
  const first = row?.first ? new Date(row.first) : null;
  return first && first < createdAt ? first : createdAt;
}

/** Sessions, energy and revenue of one charge point per day (UTC) of [from, to). */
export async function sessionsByDay(tx: Tx, chargePointId: number, from: Date, to: Date) {
  const day = sql<string>`to_char(date_trunc('day', ${chargingSessions.startedAt} AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`;
  return tx
    .select({
      day,
      sessions: sql<number>`count(*)::int`,
      energyWh: sql<number>`coalesce(sum(${chargingSessions.energyWh}), 0)::float8`,
      revenue: sql<number>`coalesce(sum(${chargingSessions.cost}), 0)::float8`,
    })
    .from(chargingSessions)
    .where(
      and(
        eq(chargingSessions.chargePointId, chargePointId),
        gte(chargingSessions.startedAt, from),
        lt(chargingSessions.startedAt, to),
      ),
    )
    .groupBy(day)
    .orderBy(day);
}

/**
 * Seconds the charger was connected within [from, to): each connection event lasts until the next
 * one, and the state at `from` is the last event before it.
 */
export async function connectedSeconds(tx: Tx, chargePointId: number, from: Date, to: Date): Promise<number> {
  const result = await tx.execute(sql`
    WITH ev AS (
      SELECT event, at, id FROM ${connectionEvents}
      WHERE charge_point_id = ${chargePointId} AND at < ${to.toISOString()}::timestamptz
        AND at >= coalesce(
          (SELECT max(at) FROM ${connectionEvents} WHERE charge_point_id = ${chargePointId} AND at <= ${from.toISOString()}::timestamptz),
          ${from.toISOString()}::timestamptz)
    ), spans AS (
      SELECT event,
        greatest(at, ${from.toISOString()}::timestamptz) AS s,
        least(coalesce(lead(at) OVER (ORDER BY at, id), ${to.toISOString()}::timestamptz), ${to.toISOString()}::timestamptz) AS e
      FROM ev
    )
    SELECT coalesce(sum(extract(epoch FROM (e - s))) FILTER (WHERE event = 'connected' AND e > s), 0)::float8 AS up FROM spans`);
  const rows = (result as { rows: { up: number }[] }).rows;
  return Number(rows[0]?.up ?? 0);
}

export function connectionHistory(tx: Tx, chargePointId: number, offset: number, limit: number) {
  return tx
    .select()
    .from(connectionEvents)
    .where(eq(connectionEvents.chargePointId, chargePointId))
    .orderBy(desc(connectionEvents.at), desc(connectionEvents.id))
    .limit(limit)
    .offset(offset);
}

export async function countConnectionHistory(tx: Tx, chargePointId: number) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(connectionEvents)
    .where(eq(connectionEvents.chargePointId, chargePointId));
  return row?.n ?? 0;
}

export function profilesOf(tx: Tx, chargePointId: number) {
  return tx
    .select()
    .from(chargingProfiles)
    .where(eq(chargingProfiles.chargePointId, chargePointId))
    .orderBy(asc(chargingProfiles.connectorId), desc(chargingProfiles.stackLevel));
}

/** The currency the charge point's sessions were billed in (the most used one in the range). */
export async function currencyOf(
  tx: Tx,
  chargePointId: number,
  from: Date,
  to: Date,
): Promise<string | null> {
  const [row] = await tx
    .select({ currency: chargingSessions.currency })
    .from(chargingSessions)
    .where(
      and(
        eq(chargingSessions.chargePointId, chargePointId),
        gte(chargingSessions.startedAt, from),
        lt(chargingSessions.startedAt, to),
        sql`${chargingSessions.currency} IS NOT NULL`,
      ),
    )
    .groupBy(chargingSessions.currency)
    .orderBy(sql`count(*) DESC`)
    .limit(1);
  return row?.currency ?? null;
}
