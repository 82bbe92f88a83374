import { sql, type SQL } from 'drizzle-orm';

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * The connection spans of the charge points `ids` (a subquery of charge point ids) inside
 * [from, until): each connection event lasts until the next, and the state at `from` is the last
 * event before it. Rows: charge_point_id, event ('connected' | 'disconnected'), s, e. Before a
 * charge point's first event there is no span: it was not connected. The dashboard's uptime and
 * the uptime report both count from these.
 */
export function connectionSpans(ids: SQL, from: Date, until: Date): SQL {
  return sql`
    WITH ev AS (
      SELECT e.charge_point_id, e.event, e.at, e.id FROM connection_events e
      WHERE e.charge_point_id IN (${ids}) AND e.at >= ${ts(from)} AND e.at < ${ts(until)}
      UNION ALL
      (SELECT DISTINCT ON (e.charge_point_id) e.charge_point_id, e.event, ${ts(from)}, e.id FROM connection_events e
       WHERE e.charge_point_id IN (${ids}) AND e.at < ${ts(from)}
       ORDER BY e.charge_point_id, e.at DESC, e.id DESC)
    )
    SELECT charge_point_id, event, at AS s,
      coalesce(lead(at) OVER (PARTITION BY charge_point_id ORDER BY at, id), ${ts(until)}) AS e
    FROM ev`;
}

/**
 * The status spans of every connector (0 included: the charge point itself) of the charge points
 * `ids` inside [from, until), built the same way from the status history. Rows: charge_point_id,
 * connector_id, status, s, e. Before a connector's first report there is no span.
 */
export function statusSpans(ids: SQL, from: Date, until: Date): SQL {
  return sql`
    WITH ev AS (
      SELECT h.charge_point_id, h.connector_id, h.status, h.at, h.id FROM status_history h
      WHERE h.charge_point_id IN (${ids}) AND h.at >= ${ts(from)} AND h.at < ${ts(until)}
      UNION ALL
      (SELECT DISTINCT ON (h.charge_point_id, h.connector_id) h.charge_point_id, h.connector_id, h.status, ${ts(from)}, h.id
       FROM status_history h
       WHERE h.charge_point_id IN (${ids}) AND h.at < ${ts(from)}
       ORDER BY h.charge_point_id, h.connector_id, h.at DESC, h.id DESC)
    )
    SELECT charge_point_id, connector_id, status, at AS s,
      coalesce(lead(at) OVER (PARTITION BY charge_point_id, connector_id ORDER BY at, id), ${ts(until)}) AS e
    FROM ev`;
}
