import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  chargePoints,
  chargerEvents,
  connectionEvents,
  connectors,
  operators,
  statusHistory,
} from '../../db/schema/index.js';
import { insertUnnest, type UnnestColumn } from '../../db/unnest.js';
import { inScope, type Actor } from '../../lib/context.js';
import { CLOSE_REASONS } from '../../lib/close-cause.js';
import { executeNamed } from '../../db/prepared.js';

export type ChargePointRow = typeof chargePoints.$inferSelect;

/** What the OCPP side needs to know about a charger: identity, owner and how it authenticates. */
export async function findForOcpp(tx: Tx, identity: string) {
  const [row] = await tx
    .select({
      id: chargePoints.id,
      chargePointId: chargePoints.chargePointId,
      operatorId: chargePoints.operatorId,
      operatorPath: operators.path,
      heartbeatInterval: operators.heartbeatInterval,
      registrationStatus: chargePoints.registrationStatus,
      passwordHash: chargePoints.passwordHash,
      pendingPasswordHash: chargePoints.pendingPasswordHash,
      securityProfile: chargePoints.securityProfile,
      pendingSecurityProfile: chargePoints.pendingSecurityProfile,
      // What Voltline knew of its connection and clock before this connection (lib/charger-clock.ts).
      createdAt: chargePoints.createdAt,
      lastConnectedAt: chargePoints.lastConnectedAt,
      lastDisconnectedAt: chargePoints.lastDisconnectedAt,
      clockOffsetMs: chargePoints.clockOffsetMs,
      clockOffsetAt: chargePoints.clockOffsetAt,
    })
    .from(chargePoints)
    .innerJoin(operators, eq(operators.id, chargePoints.operatorId))
    .where(
      and(sql`lower(${chargePoints.chargePointId}) = lower(${identity})`, isNull(chargePoints.archivedAt)),
    )
    .limit(1);
  return row;
}
export type OcppChargePoint = NonNullable<Awaited<ReturnType<typeof findForOcpp>>>;

/** A charge point in the actor's reach (any, for Voltline itself: `null`), by its OCPP identity. */
export async function findInScope(tx: Tx, actor: Actor | null, identity: string) {
  const [row] = await tx
    .select({
      id: chargePoints.id,
      chargePointId: chargePoints.chargePointId,
      operatorId: chargePoints.operatorId,
      operatorPath: operators.path,
    })
    .from(chargePoints)
    .innerJoin(operators, eq(operators.id, chargePoints.operatorId))
    .where(
      and(
        sql`lower(${chargePoints.chargePointId}) = lower(${identity})`,
        actor ? inScope(actor, operators.path) : undefined,
      ),
    )
    .limit(1);
  return row;
}

export async function setPasswordHash(tx: Tx, id: number, passwordHash: string) {
  await tx.update(chargePoints).set({ passwordHash }).where(eq(chargePoints.id, id));
}

/** A password the charger was just asked to take (ChangeConfiguration AuthorizationKey), or none. */
export async function setPendingPasswordHash(tx: Tx, id: number, pendingPasswordHash: string | null) {
  await tx.update(chargePoints).set({ pendingPasswordHash }).where(eq(chargePoints.id, id));
}

/** The charger accepted its new password: it replaces the old one, which stops working. */
export async function promotePendingPassword(tx: Tx, id: number, pendingPasswordHash: string) {
  await tx
    .update(chargePoints)
    .set({ passwordHash: pendingPasswordHash, pendingPasswordHash: null })
    .where(and(eq(chargePoints.id, id), eq(chargePoints.pendingPasswordHash, pendingPasswordHash)));
}

/** Marks the charger connected and records the event, in one statement. */
export async function markConnected(tx: Tx, id: number, node: string, remoteAddress: string | null) {
  const event = tx
    .$with('event')
    .as(
      tx
        .insert(connectionEvents)
        .values({ chargePointId: id, event: 'connected', remoteAddress })
        .returning({ id: connectionEvents.id }),
    );
  await tx
    .with(event)
    .update(chargePoints)
    .set({ connected: true, lastConnectedAt: sql`now()`, connectedNode: node })
    .where(eq(chargePoints.id, id));
}

/**
 * Marks chargers disconnected and records one event each, in one statement, so the state and
 * the history never disagree. `which` picks the rows (always including the holding node).
 */
async function disconnect(tx: Tx, which: SQL, detail: string) {
  await tx.execute(sql`
    WITH updated AS (
      UPDATE ${chargePoints}
         SET connected = false, last_disconnected_at = now(), connected_node = NULL
       WHERE ${which}
      RETURNING id
    )
    INSERT INTO ${connectionEvents} (charge_point_id, event, detail)
    SELECT id, 'disconnected', ${detail} FROM updated`);
}

/** Only the process that holds the charger's socket may mark it disconnected. */
export function markDisconnected(tx: Tx, id: number, node: string, detail: string) {
  return disconnect(tx, sql`id = ${id} AND connected_node = ${node}`, detail);
}

/** Chargers this process held are no longer connected (at start-up, and when it shuts down). */
export function disconnectAllOfNode(tx: Tx, node: string, detail: string = CLOSE_REASONS.serverRestarted) {
  return disconnect(tx, sql`connected_node = ${node}`, detail);
}

/** The charger's clock offset (its time minus Voltline's, ms) as measured at `at`. */
export async function recordClockOffset(tx: Tx, id: number, offsetMs: number, at: Date) {
  await tx
    .update(chargePoints)
    .set({ clockOffsetMs: offsetMs, clockOffsetAt: at })
    .where(eq(chargePoints.id, id));
}

export async function recordBoot(
  tx: Tx,
  id: number,
  boot: {
    vendor: string;
    model: string;
    serialNumber: string | null;
    firmwareVersion: string | null;
    iccid: string | null;
    imsi: string | null;
    meterType: string | null;
    meterSerialNumber: string | null;
  },
) {
  await tx
    .update(chargePoints)
    .set({
      vendor: boot.vendor,
      brand: sql`coalesce(${chargePoints.brand}, ${boot.vendor})`,
      model: boot.model,
      serialNumber: boot.serialNumber,
      firmwareVersion: boot.firmwareVersion,
      iccid: boot.iccid,
      imsi: boot.imsi,
      meterType: boot.meterType,
      meterSerialNumber: boot.meterSerialNumber,
      lastBootAt: sql`now()`,
      lastHeartbeatAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(chargePoints.id, id));
}

/** One statement for the heartbeats of many chargers (the OCPP side coalesces them). */
export async function recordHeartbeats(tx: Tx, ids: readonly number[]) {
  if (ids.length === 0) return;
  // One array parameter, not one per charger: this runs for thousands of chargers a second. Rows
  // in id order, as the other batched writes of charge points lock them.
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  await executeNamed(
    tx,
    'heartbeats',
    sql`UPDATE charge_points SET last_heartbeat_at = now() WHERE id = ANY(${sql.param(sorted)}::int[])`,
  );
}

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

/** A report other than NoError is a fault; it began at this report unless the same one is open. */
const faultStart = (r: StatusReport) => (r.errorCode === 'NoError' ? null : r.at.toISOString());

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
const CONNECTOR_COLUMNS: UnnestColumn<StatusReport>[] = [
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

/** The newest report per key (a later one wins a tie), in key order. */
function newestBy(reports: StatusReport[], key: (r: StatusReport) => string) {
  const newest = new Map<string, StatusReport>();
  for (const r of reports) {
    const seen = newest.get(key(r));
    if (!seen || seen.at <= r.at) newest.set(key(r), r);
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
  const col = <T>(get: (r: StatusReport) => T) => sql.param(l.map(get));
  await executeNamed(
    tx,
    'status_batch',
    sql`
    WITH history AS (${insertUnnest(statusHistory, HISTORY_COLUMNS, reports)}),
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
            { code: 'excluded.error_code', vendorCode: 'excluded.vendor_error_code', since: 'excluded.fault_since' },
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
}

export async function recordChargerEvent(
  tx: Tx,
  id: number,
  kind:
    | 'DataTransfer'
    | 'DiagnosticsStatusNotification'
    | 'FirmwareStatusNotification'
    | 'LogStatusNotification'
    | 'SignedFirmwareStatusNotification',
  status: string | null,
  payload: Record<string, unknown>,
) {
  await tx.insert(chargerEvents).values({ chargePointId: id, kind, status, payload });
  if (kind === 'DiagnosticsStatusNotification' || kind === 'LogStatusNotification') {
    await tx.update(chargePoints).set({ diagnosticsStatus: status }).where(eq(chargePoints.id, id));
  } else if (kind === 'FirmwareStatusNotification' || kind === 'SignedFirmwareStatusNotification') {
    await tx
      .update(chargePoints)
      .set({ firmwareStatus: status, firmwareStatusAt: sql`now()` })
      .where(eq(chargePoints.id, id));
  }
}
