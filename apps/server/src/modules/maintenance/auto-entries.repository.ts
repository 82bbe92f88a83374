import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';

/** One StatusNotification, as the maintenance log needs it. */
export interface StatusEvent {
  chargePointId: number;
  connectorId: number;
  status: string;
  errorCode: string;
  info: string | null;
  /** Whose vendor code it is; absent from callers that do not know. */
  vendorId?: string | null;
  vendorErrorCode: string | null;
  at: Date;
}

/**
 * What a StatusNotification means for the maintenance log, in one statement (it runs for every
 * report, before the report itself is stored, so `prev` is the connector's status until now):
 * - an error code other than NoError opens a `fault`, unless the same fault is already open on
 *   that connector (a charger repeats its report); a different code closes the one before it;
 * - NoError closes the connector's open fault (its end time) and records `faultCleared`;
 * - a change to or from Unavailable is an `availability` entry.
 * Connector 0 is the charge point itself; its status lives on the charge point.
 */
export async function recordStatusEvent(tx: Tx, e: StatusEvent) {
  const noError = e.errorCode === 'NoError';
  const at = e.at.toISOString();
  const fault = {
    errorCode: e.errorCode,
    info: e.info,
    vendorId: e.vendorId ?? null,
    vendorErrorCode: e.vendorErrorCode,
    status: e.status,
  };
  await tx.execute(sql`
    WITH prev AS (
      SELECT status FROM connectors
       WHERE charge_point_id = ${e.chargePointId} AND connector_id = ${e.connectorId} AND ${e.connectorId}::int > 0
      UNION ALL
      SELECT status FROM charge_points WHERE id = ${e.chargePointId} AND ${e.connectorId}::int = 0
    ),
    open_faults AS (
      SELECT id, details FROM maintenance_logs
       WHERE charge_point_id = ${e.chargePointId} AND connector_id = ${e.connectorId}
         AND type = 'fault' AND ended_at IS NULL
    ),
    same AS (
      SELECT 1 FROM open_faults
       WHERE NOT ${noError}::boolean AND details->>'errorCode' = ${e.errorCode}
         AND coalesce(details->>'vendorErrorCode', '') = ${e.vendorErrorCode ?? ''}
    ),
    closed AS (
      UPDATE maintenance_logs m SET ended_at = greatest(${at}::timestamptz, m.started_at)
        FROM open_faults o
       WHERE m.id = o.id AND NOT EXISTS (SELECT 1 FROM same)
      RETURNING m.id, m.details
    )
    INSERT INTO maintenance_logs (charge_point_id, operator_id, connector_id, source, type, details, started_at)
    SELECT cp.id, cp.operator_id, ${e.connectorId}, 'auto', v.type, v.details, ${at}::timestamptz
      FROM charge_points cp,
      (
        SELECT 'fault' AS type, ${JSON.stringify(fault)}::jsonb AS details, 1 AS ord
         WHERE NOT ${noError}::boolean AND NOT EXISTS (SELECT 1 FROM same)
        UNION ALL
        SELECT 'faultCleared',
               jsonb_build_object('errorCode', (SELECT details->>'errorCode' FROM closed ORDER BY id DESC LIMIT 1),
                                  'status', ${e.status}::text),
               2
         WHERE ${noError}::boolean AND EXISTS (SELECT 1 FROM closed)
        UNION ALL
        SELECT 'availability',
               jsonb_build_object('status', ${e.status}::text, 'previousStatus', p.status),
               3
          FROM prev p
         WHERE p.status IS NOT NULL AND p.status <> 'Unknown'
           AND (p.status = 'Unavailable') <> (${e.status}::text = 'Unavailable')
      ) v
     WHERE cp.id = ${e.chargePointId}
     ORDER BY v.ord`);
}

/** A BootNotification: the version it came up with, and the one it had before. */
export async function recordReboot(tx: Tx, chargePointId: number, firmwareVersion: string | null) {
  await tx.execute(sql`
    INSERT INTO maintenance_logs (charge_point_id, operator_id, source, type, details, started_at)
    SELECT id, operator_id, 'auto', 'reboot',
           jsonb_build_object(
             'firmwareVersion', ${firmwareVersion}::text,
             'previousFirmwareVersion', firmware_version,
             'firmwareChanged', coalesce(firmware_version <> ${firmwareVersion}::text, false)),
           now()
      FROM charge_points WHERE id = ${chargePointId}`);
}

/** A firmware or diagnostics status the charger reported, or an availability change it accepted. */
export async function recordChargerEntry(
  tx: Tx,
  chargePointId: number,
  type: 'firmware' | 'diagnostics' | 'availability',
  details: Record<string, unknown>,
  opts: { connectorId?: number | null; createdBy?: number | null } = {},
) {
  await tx.execute(sql`
    INSERT INTO maintenance_logs (charge_point_id, operator_id, connector_id, source, type, details, started_at, created_by)
    SELECT id, operator_id, ${opts.connectorId ?? null}::int, 'auto', ${type}, ${JSON.stringify(details)}::jsonb,
           now(), ${opts.createdBy ?? null}::int
      FROM charge_points WHERE id = ${chargePointId}`);
}
