import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';

/*
 * Closed sessions (stop time set, state not active) are summed in rollups that a trigger on
 * charging_sessions keeps in the same transaction as every change (migrations 0007 and 0008):
 * session_stats per operator and 15 minutes of start time, charge_point_usage per charge point and
 * UTC day of use. Open sessions (running, or closed without a stop time) are few and read live.
 * The conditions below are written against the alias `s` for charging_sessions.
 */
export const closedSession = sql`s.stopped_at IS NOT NULL AND s.state <> 'active'`;
export const openSession = sql`(s.stopped_at IS NULL OR s.state = 'active')`;
/**
 * Energy so far as the totals count it: the final figure of a closed session, the latest register
 * of a running one, nothing for a session held for review (its readings are impossible).
 */
export const sessionEnergy = sql`CASE WHEN s.state = 'review' THEN 0
  ELSE coalesce(s.energy_wh, greatest(coalesce(s.last_meter_wh, s.meter_start) - s.meter_start, 0)) END`;

export const BUCKET_MS = 15 * 60_000;

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** `column` within [from, to); an absent bound does not limit. */
function within(column: SQL, from: Date | undefined, to: Date | undefined): SQL {
  return sql.join(
    [
      sql`TRUE`,
      ...(from ? [sql`${column} >= ${ts(from)}`] : []),
      ...(to ? [sql`${column} < ${ts(to)}`] : []),
    ],
    sql` AND `,
  );
}

/**
 * Rows (at, sessions, energy_wh, revenue) that together make up the sessions started in
 * [from, to) whose operator passes `operators` (a condition on the operator id column it is
 * given): the rollup buckets wholly inside the range, the closed sessions of its ragged ends, and
 * the open sessions. Sum them for totals, group them by day for a chart.
 */
export function sessionsStartedIn(
  operators: (column: SQL) => SQL,
  from: Date | undefined,
  to: Date | undefined,
): SQL {
  const first = from ? new Date(Math.ceil(from.getTime() / BUCKET_MS) * BUCKET_MS) : undefined;
  const last = to ? new Date(Math.floor(to.getTime() / BUCKET_MS) * BUCKET_MS) : undefined;
  const sessions = (where: SQL) => sql`
    SELECT s.started_at AS at, 1 AS sessions, ${sessionEnergy} AS energy_wh, coalesce(s.cost, 0) AS revenue
    FROM charging_sessions s WHERE ${where} AND ${operators(sql`s.operator_id`)}`;
  const open = sessions(sql`${openSession} AND ${within(sql`s.started_at`, from, to)}`);
  if (first && last && first >= last) {
    // No whole bucket inside: the range is read from the sessions alone.
    return sql`${sessions(sql`${closedSession} AND ${within(sql`s.started_at`, from, to)}`)} UNION ALL ${open}`;
  }
  const parts = [
    sql`SELECT st.bucket AS at, st.sessions, st.energy_wh, st.revenue FROM session_stats st
      WHERE ${within(sql`st.bucket`, first, last)} AND ${operators(sql`st.operator_id`)}`,
    open,
  ];
  if (from && first && from < first) {
    parts.push(sessions(sql`${closedSession} AND ${within(sql`s.started_at`, from, first)}`));
  }
  if (to && last && last < to) {
    parts.push(sessions(sql`${closedSession} AND ${within(sql`s.started_at`, last, to)}`));
  }
  return sql.join(parts, sql` UNION ALL `);
}

/** Count, energy and revenue of the sessions started in [from, to) whose operator passes `operators`. */
export async function sessionTotals(
  tx: Tx,
  operators: (column: SQL) => SQL,
  from: Date | undefined,
  to: Date | undefined,
) {
  const result = await tx.execute(sql`
    SELECT coalesce(sum(x.sessions), 0)::int AS sessions, coalesce(sum(x.energy_wh), 0)::float8 AS energy_wh,
      coalesce(sum(x.revenue), 0)::float8 AS revenue
    FROM (${sessionsStartedIn(operators, from, to)}) x`);
  const [row] = (result as { rows: { sessions: number; energy_wh: number; revenue: number }[] }).rows;
  return {
    sessions: row?.sessions ?? 0,
    energyWh: Number(row?.energy_wh ?? 0),
    revenue: Number(row?.revenue ?? 0),
  };
}
