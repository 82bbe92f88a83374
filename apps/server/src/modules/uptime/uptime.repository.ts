import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { chargePoints, operators, uptimeExclusions } from '../../db/schema/index.js';
import type { Actor } from '../../lib/context.js';
import { inScope } from '../../lib/context.js';
import { connectionSpans, statusSpans } from '../analytics/spans.js';

async function rows<T>(tx: Tx, query: SQL): Promise<T[]> {
  const result = await tx.execute(query);
  return (result as { rows: T[] }).rows;
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const idList = (ids: number[]) =>
  ids.length
    ? sql.join(
        ids.map((id) => sql`${id}::int`),
        sql`, `,
      )
    : sql`NULL::int`;

export interface CpRow {
  id: number;
  charge_point_id: string;
  name: string;
  since: Date | string;
  connectors: number[] | null;
}

/**
 * Live charge points (of an operator and the operators below it, by its path; or the ids given),
 * with their connectors and since when they exist for the network: their creation, or their first
 * connection if that came first.
 */
export function chargePointsFor(tx: Tx, by: { operatorPath: string } | { ids: number[] }) {
  const where =
    'operatorPath' in by
      ? sql`cp.operator_id IN (SELECT o.id FROM operators o WHERE o.path LIKE ${`${by.operatorPath}%`})`
      : sql`cp.id IN (${idList(by.ids)})`;
  return rows<CpRow>(
    tx,
    sql`SELECT cp.id, cp.charge_point_id, cp.name,
      least(cp.created_at, (SELECT min(e.at) FROM connection_events e WHERE e.charge_point_id = cp.id)) AS since,
      (SELECT array_agg(c.connector_id ORDER BY c.connector_id) FROM connectors c
        WHERE c.charge_point_id = cp.id AND c.archived_at IS NULL AND c.connector_id > 0) AS connectors
    FROM charge_points cp WHERE cp.archived_at IS NULL AND ${where}
    ORDER BY cp.charge_point_id`,
  );
}

export interface SpanRow {
  charge_point_id: number;
  s: Date | string;
  e: Date | string;
}

/** The spans in [from, until) the charge points were not connected (a disconnection's span). */
export function offlineSpans(tx: Tx, ids: number[], from: Date, until: Date) {
  return rows<SpanRow>(
    tx,
    sql`SELECT charge_point_id, s, e FROM (${connectionSpans(idList(ids), from, until)}) x
      WHERE event <> 'connected' AND e > s`,
  );
}

/** The spans in [from, until) a connector (0: the whole charge point) reported Faulted or Unavailable. */
export function downStatusSpans(tx: Tx, ids: number[], from: Date, until: Date) {
  return rows<SpanRow & { connector_id: number }>(
    tx,
    sql`SELECT charge_point_id, connector_id, s, e FROM (${statusSpans(idList(ids), from, until)}) x
      WHERE status IN ('Faulted', 'Unavailable') AND e > s`,
  );
}

/**
 * Excluded spans overlapping [from, until): staff's exclusions, and the maintenance log's planned
 * maintenance (still open: until `until`). connector_id null or 0: the whole charge point.
 */
export function excludedSpans(tx: Tx, ids: number[], from: Date, until: Date) {
  return rows<SpanRow & { connector_id: number | null }>(
    tx,
    sql`SELECT charge_point_id, connector_id, starts_at AS s, ends_at AS e FROM uptime_exclusions
      WHERE charge_point_id IN (${idList(ids)}) AND starts_at < ${ts(until)} AND ends_at > ${ts(from)}
    UNION ALL
    SELECT charge_point_id, connector_id, started_at, coalesce(ended_at, ${ts(until)}) FROM maintenance_logs
      WHERE charge_point_id IN (${idList(ids)}) AND type = 'plannedMaintenance'
        AND started_at < ${ts(until)} AND coalesce(ended_at, ${ts(until)}) > ${ts(from)}`,
  );
}

export function listExclusions(tx: Tx, chargePointDbId: number) {
  return tx
    .select()
    .from(uptimeExclusions)
    .where(eq(uptimeExclusions.chargePointId, chargePointDbId))
    .orderBy(asc(uptimeExclusions.startsAt), asc(uptimeExclusions.id));
}

export async function insertExclusion(tx: Tx, values: typeof uptimeExclusions.$inferInsert) {
  const [row] = await tx.insert(uptimeExclusions).values(values).returning();
  return row!;
}

/** An exclusion whose charge point is in the actor's reach. */
export async function findExclusion(tx: Tx, actor: Actor, id: number) {
  const [row] = await tx
    .select({ exclusion: uptimeExclusions, chargePointId: chargePoints.chargePointId })
    .from(uptimeExclusions)
    .innerJoin(chargePoints, eq(chargePoints.id, uptimeExclusions.chargePointId))
    .innerJoin(operators, eq(operators.id, chargePoints.operatorId))
    .where(and(eq(uptimeExclusions.id, id), inScope(actor, operators.path)));
  return row;
}

export async function deleteExclusion(tx: Tx, id: number) {
  await tx.delete(uptimeExclusions).where(eq(uptimeExclusions.id, id));
}
