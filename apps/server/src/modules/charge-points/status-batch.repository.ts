import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { connectors, statusHistory } from '../../db/schema/index.js';
import { executeNamed } from '../../db/prepared.js';
import { insertUnnest, type UnnestColumn } from '../../db/unnest.js';

/**
 * One status report of one charger (OCPP 1.6 StatusNotification; any protocol's adapter gives the
 * same record): the connector's state and its fault (error code, the charger's info, the vendor's
 * own code and whose it is), as of `at`.
 */
export interface StatusReport {
  chargePointId: number;
  connectorId: number;
  status: string;
  errorCode: string;
  info: string | null;
  vendorId: string | null;
  vendorErrorCode: string | null;
  at: Date;
}

/**
 * A connector's newest report of a batch, with when its fault began as far as the batch tells
 * (null: NoError): the first of the same fault's reports in a row. The database keeps an earlier
 * start of the same fault (`faultSince` below).
 */
type Newest = StatusReport & { faultStart: string | null };
const faultStart = (r: Newest) => r.faultStart;

const sameFault = (a: StatusReport, b: StatusReport) =>
  a.errorCode === b.errorCode && a.vendorErrorCode === b.vendorErrorCode;

const HISTORY_COLUMNS: UnnestColumn<StatusReport>[] = [
  [statusHistory.chargePointId, 'int', (r) => r.chargePointId],
  [statusHistory.connectorId, 'int', (r) => r.connectorId],
  [statusHistory.status, 'text', (r) => r.status],
  [statusHistory.errorCode, 'text', (r) => r.errorCode],
  [statusHistory.info, 'text', (r) => r.info],
  [statusHistory.vendorId, 'text', (r) => r.vendorId],
  [statusHistory.vendorErrorCode, 'text', (r) => r.vendorErrorCode],
  [statusHistory.at, 'timestamptz', (r) => r.at.toISOString()],
];

/** A connector's current status, from its newest report. */
const CONNECTOR_COLUMNS: UnnestColumn<Newest>[] = [
  [connectors.chargePointId, 'int', (r) => r.chargePointId],
  [connectors.connectorId, 'int', (r) => r.connectorId],
  [connectors.status, 'text', (r) => r.status],
  [connectors.errorCode, 'text', (r) => r.errorCode],
  [connectors.info, 'text', (r) => r.info],
  [connectors.vendorId, 'text', (r) => r.vendorId],
  [connectors.vendorErrorCode, 'text', (r) => r.vendorErrorCode],
  [connectors.faultSince, 'timestamptz', faultStart],
  [connectors.statusAt, 'timestamptz', (r) => r.at.toISOString()],
];

type FaultColumns = { code: string; vendorCode: string; since: string };

/**
 * When the fault of a connector (`old`: its columns until now) that reports `neu` began: none
 * without one; kept while the same error code and vendor code are reported; else at this report.
 */
const faultSince = (old: FaultColumns, neu: FaultColumns) =>
  sql.raw(`CASE WHEN ${neu.since} IS NULL THEN NULL
      WHEN ${old.code} = ${neu.code} AND ${old.vendorCode} IS NOT DISTINCT FROM ${neu.vendorCode}
      THEN coalesce(${old.since}, ${neu.since}) ELSE ${neu.since} END`);

/** The newest report per key (a later one wins a tie) with its fault's start, in key order. */
function newestBy(reports: StatusReport[], key: (r: StatusReport) => string): Newest[] {
  const newest = new Map<string, Newest>();
  const inTime = [...reports].sort((x, y) => x.at.getTime() - y.at.getTime());
  for (const r of inTime) {
    const seen = newest.get(key(r));
    const start =
      r.errorCode === 'NoError'
        ? null
        : seen?.faultStart && sameFault(seen, r)
          ? seen.faultStart
          : r.at.toISOString();
    newest.set(key(r), { ...r, faultStart: start });
  }
  return [...newest.values()].sort(
    (x, y) => x.chargePointId - y.chargePointId || x.connectorId - y.connectorId,
  );
}

/**
 * Status reports of many chargers (the OCPP side coalesces them; call it in a transaction): all
 * kept as history, and each connector's newest as its current status, connector 0 being the charge
 * point itself. An older report arriving late never overwrites a newer one. One statement
 * whatever the number of reports, rows locked in id order.
 */
export async function recordStatuses(tx: Tx, reports: StatusReport[]) {
  if (reports.length === 0) return;
  const connectorReports = newestBy(
    reports.filter((r) => r.connectorId > 0),
    (r) => `${r.chargePointId}:${r.connectorId}`,
  );
  const l = newestBy(
    reports.filter((r) => r.connectorId === 0),
    (r) => String(r.chargePointId),
  );
  const col = <T>(get: (r: Newest) => T) => sql.param(l.map(get));
  await executeNamed(
    tx,
    'status_batch',
    sql`
    WITH history AS (${insertUnnest(statusHistory, HISTORY_COLUMNS, reports)}),
    events AS (${statusEvents([...connectorReports, ...l])}),
    connector AS (${insertUnnest(
      connectors,
      CONNECTOR_COLUMNS,
      connectorReports,
      sql`ON CONFLICT (charge_point_id, connector_id) DO UPDATE SET
          status = excluded.status, error_code = excluded.error_code, info = excluded.info,
          vendor_id = excluded.vendor_id, vendor_error_code = excluded.vendor_error_code,
          fault_since = ${faultSince(
            {
              code: 'connectors.error_code',
              vendorCode: 'connectors.vendor_error_code',
              since: 'connectors.fault_since',
            },
            {
              code: 'excluded.error_code',
              vendorCode: 'excluded.vendor_error_code',
              since: 'excluded.fault_since',
            },
          )},
          status_at = excluded.status_at
        WHERE connectors.status_at IS NULL OR connectors.status_at <= excluded.status_at`,
    )})
    UPDATE charge_points c SET status = v.status, error_code = v.error_code, status_info = v.info,
      status_vendor_id = v.vendor_id, status_vendor_error_code = v.vendor_error_code,
      fault_since = ${faultSince(
        { code: 'c.error_code', vendorCode: 'c.status_vendor_error_code', since: 'c.fault_since' },
        { code: 'v.error_code', vendorCode: 'v.vendor_error_code', since: 'v.since' },
      )},
      status_at = v.at
    FROM unnest(${col((r) => r.chargePointId)}::int[], ${col((r) => r.status)}::text[],
      ${col((r) => r.errorCode)}::text[], ${col((r) => r.info)}::text[], ${col((r) => r.vendorId)}::text[],
      ${col((r) => r.vendorErrorCode)}::text[], ${col(faultStart)}::timestamptz[],
      ${col((r) => r.at.toISOString())}::timestamptz[])
      AS v(id, status, error_code, info, vendor_id, vendor_error_code, since, at)
    WHERE c.id = v.id AND (c.status_at IS NULL OR c.status_at <= v.at)`,
  );
  await recordChargingEnds(tx, reports);
}

/** The statuses of a car that stopped drawing energy (the charger's or the car's end of charging). */
const CHARGING_ENDED = ['SuspendedEV', 'Finishing'];

/**
 * When the car of each connector's running session stopped drawing energy (`charging_ended_at`,
 * which parking is priced after), by the batch's reports from the session's start on: the first
 * SuspendedEV or Finishing since it last charged; a Charging report newer than the end known
 * clears it. Whatever protocol's adapter made the reports.
 */
async function recordChargingEnds(tx: Tx, reports: StatusReport[]) {
  const news = reports.filter(
    (r) => r.connectorId > 0 && (r.status === 'Charging' || CHARGING_ENDED.includes(r.status)),
  );
  if (news.length === 0) return;
  const p = <T>(get: (r: StatusReport) => T) => sql.param(news.map(get));
  await executeNamed(
    tx,
    'status_charging_ends',
    sql`
    WITH n AS (
      SELECT * FROM unnest(${p((r) => r.chargePointId)}::int[], ${p((r) => r.connectorId)}::int[],
        ${p((r) => r.status)}::text[], ${p((r) => r.at.toISOString())}::timestamptz[]) AS n(cp, conn, status, at)
    ), told AS (
      SELECT s.id, s.charging_ended_at AS known,
        max(n.at) FILTER (WHERE n.status = 'Charging') AS charged
      FROM charging_sessions s
      JOIN n ON n.cp = s.charge_point_id AND n.conn = s.connector_id AND n.at >= s.started_at
      WHERE s.state = 'active'
      GROUP BY s.id, s.charging_ended_at
    ), ends AS (
      SELECT told.id, CASE
          WHEN told.charged IS NOT NULL AND (told.known IS NULL OR told.charged >= told.known) THEN e.first
          ELSE coalesce(told.known, e.first) END AS ended
      FROM told
      JOIN charging_sessions s ON s.id = told.id
      CROSS JOIN LATERAL (SELECT min(n.at) AS first FROM n
        WHERE n.cp = s.charge_point_id AND n.conn = s.connector_id AND n.status <> 'Charging'
          AND n.at >= s.started_at AND (told.charged IS NULL OR n.at > told.charged)) e
    )
    UPDATE charging_sessions s SET charging_ended_at = ends.ended
    FROM ends WHERE s.id = ends.id AND s.charging_ended_at IS DISTINCT FROM ends.ended`,
  );
}

/**
 * `charger.status_changed` for each connector (0: the charger) whose newest report of the batch
 * changes its status, and `charger.faulted` when it brings a fault other than the one it had: read
 * against the statuses as they were before this statement (its snapshot), written by it, so a
 * report repeating the status writes no event and costs no read of its own. A report older than
 * the stored status changes nothing and tells nothing. Transitions within one batch are told by
 * their newest.
 */
function statusEvents(newest: Newest[]) {
  const p = <T>(get: (r: Newest) => T) => sql.param(newest.map(get));
  return sql`
      INSERT INTO integration_events (operator_id, type, charge_point_id, data)
      SELECT c.operator_id, t.type, c.id, CASE t.type
          WHEN 'charger.status_changed' THEN jsonb_build_object('chargePointId', c.charge_point_id,
            'connectorId', n.conn, 'status', n.status, 'previousStatus', o.status,
            'errorCode', n.error_code, 'at', to_json(n.at)#>>'{}')
          ELSE jsonb_build_object('chargePointId', c.charge_point_id, 'connectorId', n.conn,
            'status', n.status, 'errorCode', n.error_code, 'info', n.info,
            'vendorErrorCode', n.vendor_error_code, 'at', to_json(n.at)#>>'{}') END
      FROM unnest(${p((r) => r.chargePointId)}::int[], ${p((r) => r.connectorId)}::int[],
        ${p((r) => r.status)}::text[], ${p((r) => r.errorCode)}::text[], ${p((r) => r.info)}::text[],
        ${p((r) => r.vendorErrorCode)}::text[], ${p((r) => r.at.toISOString())}::timestamptz[])
        AS n(cp, conn, status, error_code, info, vendor_error_code, at)
      JOIN charge_points c ON c.id = n.cp
      LEFT JOIN connectors k ON n.conn > 0 AND k.charge_point_id = n.cp AND k.connector_id = n.conn
      CROSS JOIN LATERAL (SELECT
          CASE WHEN n.conn > 0 THEN k.status ELSE c.status END AS status,
          CASE WHEN n.conn > 0 THEN k.error_code ELSE c.error_code END AS error_code,
          CASE WHEN n.conn > 0 THEN k.status_at ELSE c.status_at END AS at) o
      CROSS JOIN LATERAL (VALUES
          (1, 'charger.status_changed', o.status IS DISTINCT FROM n.status),
          (2, 'charger.faulted', (n.error_code <> 'NoError' OR n.status = 'Faulted')
            AND (o.error_code IS DISTINCT FROM n.error_code
              OR (n.status = 'Faulted' AND o.status IS DISTINCT FROM 'Faulted')))) t(ord, type, due)
      WHERE t.due AND (o.at IS NULL OR o.at <= n.at)
      ORDER BY n.cp, n.conn, t.ord`;
}
