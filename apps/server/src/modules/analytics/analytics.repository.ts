import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { connectionSpans } from './spans.js';
import { closedSession, openSession, sessionTotals, sessionsStartedIn } from '../sessions/rollups.js';

/** Rows of a raw query, whichever driver ran it. */
async function rows<T>(tx: Tx, query: SQL): Promise<T[]> {
  const result = await tx.execute(query);
  return (result as { rows: T[] }).rows;
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Operators in reach: a path prefix, or every operator (null). */
function scope(path: string | null, column = sql`o.path`) {
  return path === null ? sql`TRUE` : sql`${column} LIKE ${`${path}%`}`;
}

/** Sessions of operators in reach, without a join (so the covering started_at index serves). */
function sessionScope(path: string | null, column = sql`s.operator_id`) {
  return path === null
    ? sql`TRUE`
    : sql`${column} IN (SELECT id FROM operators WHERE path LIKE ${`${path}%`})`;
}

/** Live charge points in scope, with their connector count. */
/**
 * The charge points in reach, with their connectors and since when they exist for the network:
 * their creation, or their first connection if that came first (imported history).
 */
const chargePointsIn = (path: string | null) => sql`
  SELECT cp.id, cp.charge_point_id, cp.name, coalesce(k.n, 0) AS connectors,
    least(cp.created_at, (SELECT min(e.at) FROM connection_events e WHERE e.charge_point_id = cp.id)) AS since
  FROM charge_points cp JOIN operators o ON o.id = cp.operator_id
  LEFT JOIN (SELECT charge_point_id, count(*) AS n FROM connectors WHERE archived_at IS NULL GROUP BY 1) k
    ON k.charge_point_id = cp.id
  WHERE cp.archived_at IS NULL AND ${scope(path)}`;

export async function chargePointCounts(tx: Tx, path: string | null) {
  const [row] = await rows<{ total: number; online: number; offline: number; faulted: number }>(
    tx,
    sql`SELECT count(*)::int AS total,
      count(*) FILTER (WHERE cp.connected)::int AS online,
      count(*) FILTER (WHERE NOT cp.connected)::int AS offline,
      count(*) FILTER (WHERE cp.status = 'Faulted' OR f.charge_point_id IS NOT NULL)::int AS faulted
    FROM charge_points cp JOIN operators o ON o.id = cp.operator_id
    LEFT JOIN (SELECT DISTINCT charge_point_id FROM connectors WHERE archived_at IS NULL AND status = 'Faulted') f
      ON f.charge_point_id = cp.id
    WHERE cp.archived_at IS NULL AND ${scope(path)}`,
  );
  return row ?? { total: 0, online: 0, offline: 0, faulted: 0 };
}

export function connectorsByStatus(tx: Tx, path: string | null) {
  return rows<{ status: string; count: number }>(
    tx,
    sql`SELECT c.status, count(*)::int AS count
    FROM connectors c JOIN charge_points cp ON cp.id = c.charge_point_id JOIN operators o ON o.id = cp.operator_id
    WHERE c.archived_at IS NULL AND cp.archived_at IS NULL AND ${scope(path)}
    GROUP BY c.status ORDER BY c.status`,
  );
}

export async function activeSessions(tx: Tx, path: string | null) {
  const [row] = await rows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM charging_sessions s WHERE s.state = 'active' AND ${sessionScope(path)}`,
  );
  return row?.n ?? 0;
}

const DAY_MS = 86_400_000;

/** The whole steps of `step` ms inside [from, to), or null when there is none. */
function wholeSteps(from: Date, to: Date, step: number): [Date, Date] | null {
  const first = Math.ceil(from.getTime() / step) * step;
  const last = Math.floor(to.getTime() / step) * step;
  return first < last ? [new Date(first), new Date(last)] : null;
}

/** Sessions started in [from, to) in scope, from the rollups (see sessions/rollups.ts). */
const startedIn = (path: string | null, from: Date, to: Date) =>
  sessionsStartedIn((column) => sessionScope(path, column), from, to);

/** Sessions started in [from, to): count, energy and revenue. */
export const figures = (tx: Tx, path: string | null, from: Date, to: Date) =>
  sessionTotals(tx, (column) => sessionScope(path, column), from, to);

/** Per day of the time zone: sessions, energy and revenue (a 15-minute bucket never straddles midnight). */
export async function perDay(tx: Tx, path: string | null, from: Date, to: Date, tz: string) {
  const list = await rows<{ day: string; sessions: number; energy_wh: number; revenue: number }>(
    tx,
    sql`SELECT to_char(date_trunc('day', x.at AT TIME ZONE ${tz}), 'YYYY-MM-DD') AS day,
      sum(x.sessions)::int AS sessions, sum(x.energy_wh)::float8 AS energy_wh, sum(x.revenue)::float8 AS revenue
    FROM (${startedIn(path, from, to)}) x
    GROUP BY 1 HAVING sum(x.sessions) > 0 ORDER BY 1`,
  );
  return list.map((r) => ({
    day: r.day,
    sessions: r.sessions,
    energyWh: Number(r.energy_wh),
    revenue: Number(r.revenue),
  }));
}

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Charging seconds per charge point inside [from, to): whole UTC days from the usage rollup, the
 * closed sessions reaching into the ragged ends (found by start time, no further back than the
 * longest closed session), and the sessions not yet closed, counted until now.
 */
function usedSeconds(path: string | null, from: Date, to: Date) {
  const days = wholeSteps(from, to, DAY_MS);
  const candidates: [Date, Date][] = days
    ? [
        [from, days[0]],
        [days[1], to],
      ]
    : [[from, to]];
  const ends = candidates.filter(([a, b]) => a < b);
  const parts: SQL[] = ends.map(
    ([a, b]) => sql`
    SELECT s.charge_point_id, greatest(0, extract(epoch FROM
      least(s.stopped_at, s.started_at + interval '400 days', ${ts(b)}) - greatest(s.started_at, ${ts(a)}))) AS secs
    FROM charging_sessions s
    WHERE s.started_at < ${ts(b)}
      AND s.started_at >= ${ts(a)} - (SELECT longest_seconds + 1 FROM session_stats_meta WHERE id = 1) * interval '1 second'
      AND s.stopped_at > ${ts(a)} AND ${closedSession} AND ${sessionScope(path)}`,
  );
  if (days) {
    parts.push(sql`
    SELECT u.charge_point_id, u.seconds AS secs FROM charge_point_usage u
    WHERE u.day >= ${utcDay(days[0])}::date AND u.day < ${utcDay(days[1])}::date AND ${
      path === null
        ? sql`TRUE`
        : sql`u.charge_point_id IN (SELECT cp.id FROM charge_points cp JOIN operators o ON o.id = cp.operator_id
            WHERE ${scope(path)})`
    }`);
  }
  parts.push(sql`
    SELECT s.charge_point_id, greatest(0, extract(epoch FROM
      least(coalesce(s.stopped_at, now()), ${ts(to)}) - greatest(s.started_at, ${ts(from)}))) AS secs
    FROM charging_sessions s
    WHERE ${openSession} AND s.started_at < ${ts(to)} AND coalesce(s.stopped_at, now()) > ${ts(from)} AND ${sessionScope(path)}`);
  return sql`SELECT charge_point_id, sum(secs) AS secs FROM (${sql.join(parts, sql` UNION ALL `)}) x GROUP BY 1`;
}

/**
 * Charging time over available time per charge point: the ten highest and ten lowest, with the
 * average over all.
 */
export function utilisation(tx: Tx, path: string | null, from: Date, to: Date) {
  const seconds = Math.max(1, (to.getTime() - from.getTime()) / 1000);
  return rows<{
    id: number;
    charge_point_id: string;
    name: string;
    value: number;
    average: number;
    high: number;
    low: number;
  }>(
    tx,
    sql`WITH cps AS (${chargePointsIn(path)}),
    used AS (${usedSeconds(path, from, to)}),
    ranked AS (
      SELECT cps.id, cps.charge_point_id, cps.name,
        (CASE WHEN cps.connectors > 0 THEN coalesce(used.secs, 0) / (${seconds}::float8 * cps.connectors) ELSE 0 END)::float8 AS value
      FROM cps LEFT JOIN used ON used.charge_point_id = cps.id),
    ordered AS (
      SELECT *, avg(value) OVER () AS average,
        row_number() OVER (ORDER BY value DESC, charge_point_id) AS high,
        row_number() OVER (ORDER BY value ASC, charge_point_id) AS low
      FROM ranked)
    SELECT id, charge_point_id, name, value, average::float8 AS average, high::int AS high, low::int AS low
    FROM ordered WHERE high <= 10 OR low <= 10`,
  );
}

/**
 * Connected share of [from, until) per charge point, lowest ten first, with the average over all:
 * each connection event lasts until the next, and the state at `from` is the last event before it.
 */
export function lowestUptime(tx: Tx, path: string | null, from: Date, until: Date) {
  // A charge point added during the range is up or down only from then on (see chargePointsIn).
  const seconds = sql`greatest(1, extract(epoch FROM ${ts(until)} - greatest(${ts(from)}, cps.since)))`;
  return rows<{ id: number; charge_point_id: string; name: string; value: number; average: number }>(
    tx,
    sql`WITH cps AS (${chargePointsIn(path)}),
    spans AS (${connectionSpans(sql`SELECT id FROM cps`, from, until)}),
    up AS (SELECT charge_point_id, sum(extract(epoch FROM e - s)) FILTER (WHERE event = 'connected') AS secs FROM spans GROUP BY 1)
    SELECT cps.id, cps.charge_point_id, cps.name,
      least(1, coalesce(up.secs, 0) / ${seconds}::float8)::float8 AS value,
      (avg(least(1, coalesce(up.secs, 0) / ${seconds}::float8)) OVER ())::float8 AS average
    FROM cps LEFT JOIN up ON up.charge_point_id = cps.id
    WHERE cps.since < ${ts(until)}
    ORDER BY value ASC, cps.charge_point_id LIMIT 10`,
  );
}

/** The latest faults and disconnections in scope. */
export function recentEvents(tx: Tx, path: string | null, limit = 20) {
  return rows<{
    id: number;
    cp_id: number;
    charge_point_id: string;
    name: string;
    kind: 'fault' | 'disconnect';
    at: Date | string;
    detail: string | null;
    connector_id: number | null;
    error_code: string | null;
    info: string | null;
    vendor_error_code: string | null;
  }>(
    tx,
    sql`(SELECT h.id, cp.id AS cp_id, cp.charge_point_id, cp.name, 'fault' AS kind, h.at,
        concat_ws(' · ', 'connector ' || h.connector_id, h.error_code, h.info) AS detail,
        h.connector_id, h.error_code, h.info, h.vendor_error_code
      FROM status_history h JOIN charge_points cp ON cp.id = h.charge_point_id JOIN operators o ON o.id = cp.operator_id
      WHERE h.status = 'Faulted' AND ${scope(path)} ORDER BY h.at DESC LIMIT ${limit})
    UNION ALL
    (SELECT e.id, cp.id, cp.charge_point_id, cp.name, 'disconnect', e.at, e.detail,
        NULL::integer, NULL::text, NULL::text, NULL::text
      FROM connection_events e JOIN charge_points cp ON cp.id = e.charge_point_id JOIN operators o ON o.id = cp.operator_id
      WHERE e.event = 'disconnected' AND ${scope(path)} ORDER BY e.at DESC LIMIT ${limit})
    ORDER BY at DESC LIMIT ${limit}`,
  );
}

/** Charge points with coordinates for the map, with their connectors. */
export function mapPoints(tx: Tx, path: string | null) {
  return rows<{
    id: number;
    charge_point_id: string;
    name: string;
    operator_id: number;
    operator_name: string;
    latitude: number;
    longitude: number;
    address_line1: string | null;
    city: string | null;
    connected: boolean;
    status: string | null;
    connectors:
      | { connectorId: number; status: string; connectorType: string | null; maximumPower: number | null }[]
      | null;
  }>(
    tx,
    sql`SELECT cp.id, cp.charge_point_id, cp.name, cp.operator_id, o.name AS operator_name, cp.latitude, cp.longitude,
      cp.address_line1, cp.city, cp.connected, cp.status,
      (SELECT json_agg(json_build_object('connectorId', c.connector_id, 'status', c.status, 'connectorType', c.connector_type,
          'maximumPower', c.maximum_power) ORDER BY c.connector_id)
        FROM connectors c WHERE c.charge_point_id = cp.id AND c.archived_at IS NULL) AS connectors
    FROM charge_points cp JOIN operators o ON o.id = cp.operator_id
    WHERE cp.archived_at IS NULL AND cp.latitude IS NOT NULL AND cp.longitude IS NOT NULL AND ${scope(path)}
    ORDER BY cp.charge_point_id`,
  );
}
