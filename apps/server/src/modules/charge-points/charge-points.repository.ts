import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.js';
import {
  chargePoints,
  chargerEvents,
  connectionEvents,
  connectors,
  evseConnectors,
  integrationEvents,
  operators,
} from '../../db/schema/index.js';
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
      ocppProtocol: chargePoints.ocppProtocol,
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
      ocppProtocol: chargePoints.ocppProtocol,
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
export async function markConnected(
  tx: Tx,
  id: number,
  node: string,
  remoteAddress: string | null,
  /** The OCPP version this connection speaks (the record may still name the one before). */
  protocol: string | null = null,
) {
  await tx.execute(sql`
    WITH event AS (
      INSERT INTO ${connectionEvents} (charge_point_id, event, remote_address)
      VALUES (${id}, 'connected', ${remoteAddress})
    ), updated AS (
      UPDATE ${chargePoints} SET connected = true, last_connected_at = now(), connected_node = ${node}
       WHERE id = ${id}
      RETURNING id, operator_id, charge_point_id, ocpp_protocol
    )
    INSERT INTO ${integrationEvents} (operator_id, type, charge_point_id, data)
    SELECT operator_id, 'charger.connected', id,
      jsonb_build_object('chargePointId', charge_point_id, 'protocol', coalesce(${protocol}::text, ocpp_protocol))
      FROM updated`);
}

/**
 * One plug's state of an EVSE (OCPP 2.0.1), unless a newer report is stored already; answers the
 * states of the EVSE's other plugs, from which its own state follows, and the EVSE's state now.
 */
export async function recordPlugStatus(
  tx: Tx,
  chargePointId: number,
  evseId: number,
  connectorId: number,
  status: string,
  at: Date,
): Promise<{ others: string[]; evse: string | null }> {
  const result = await tx.execute(sql`
    WITH up AS (
      INSERT INTO ${evseConnectors} (charge_point_id, evse_id, connector_id, status, status_at)
      VALUES (${chargePointId}, ${evseId}, ${connectorId}, ${status}, ${at.toISOString()})
      ON CONFLICT (charge_point_id, evse_id, connector_id) DO UPDATE
        SET status = excluded.status, status_at = excluded.status_at
        WHERE ${evseConnectors}.status_at <= excluded.status_at
      RETURNING 1
    )
    SELECT status, false AS evse FROM ${evseConnectors}
     WHERE charge_point_id = ${chargePointId} AND evse_id = ${evseId} AND connector_id <> ${connectorId}
    UNION ALL
    SELECT status, true FROM ${connectors} WHERE charge_point_id = ${chargePointId} AND connector_id = ${evseId}`);
  const rows = rowsOf<{ status: string; evse: boolean }>(result);
  return {
    others: rows.filter((r) => !r.evse).map((r) => r.status),
    evse: rows.find((r) => r.evse)?.status ?? null,
  };
}

/** The OCPP version a charger now connects with (a firmware upgrade from 1.6 to 2.0.1, or back). */
export async function setProtocol(tx: Tx, id: number, protocol: string) {
  await tx.update(chargePoints).set({ ocppProtocol: protocol }).where(eq(chargePoints.id, id));
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
      RETURNING id, operator_id, charge_point_id
    ), history AS (
      INSERT INTO ${connectionEvents} (charge_point_id, event, detail)
      SELECT id, 'disconnected', ${detail} FROM updated
    )
    INSERT INTO ${integrationEvents} (operator_id, type, charge_point_id, data)
    SELECT operator_id, 'charger.disconnected', id,
      jsonb_build_object('chargePointId', charge_point_id, 'reason', ${detail}::text)
      FROM updated ORDER BY id`);
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
  const [row] = await tx
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
    .where(eq(chargePoints.id, id))
    // The registration as it is now (staff may have approved the charger since it connected).
    .returning({ registrationStatus: chargePoints.registrationStatus });
  return row?.registrationStatus;
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

export async function recordChargerEvent(
  tx: Tx,
  id: number,
  kind:
    | 'DataTransfer'
    | 'DiagnosticsStatusNotification'
    | 'FirmwareStatusNotification'
    | 'LogStatusNotification'
    | 'NotifyEvent'
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
