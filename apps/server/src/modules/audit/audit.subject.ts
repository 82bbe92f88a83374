import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';

/** A line's id as an integer, when it is one. */
const intId = (id: string) => (/^[0-9]{1,9}$/.test(id) ? Number(id) : null);

/**
 * The operator a record belongs to, by the kind and id an audit line names it with: the tenant an
 * audit line is scoped by. A record that is gone (a hard delete) keeps the operator an earlier line
 * about it recorded. Null for what belongs to no operator (a network setting): only Admin reads
 * such lines.
 */
export async function subjectOperatorOf(
  tx: Tx,
  entity: string,
  entityId: string | null,
): Promise<number | null> {
  if (entityId === null) return null;
  const n = intId(entityId);
  const byKind: Record<string, ReturnType<typeof sql> | null> = {
    driver: n === null ? null : sql`SELECT operator_id FROM drivers WHERE id = ${n}`,
    rfidCard:
      n === null
        ? null
        : sql`SELECT d.operator_id FROM rfid_cards c JOIN drivers d ON d.id = c.driver_id WHERE c.id = ${n}`,
    address:
      n === null
        ? null
        : sql`SELECT d.operator_id FROM driver_addresses x JOIN drivers d ON d.id = x.driver_id WHERE x.id = ${n}`,
    vehicle:
      n === null
        ? null
        : sql`SELECT d.operator_id FROM driver_vehicles x JOIN drivers d ON d.id = x.driver_id WHERE x.id = ${n}`,
    chargePoint: sql`SELECT operator_id FROM charge_points WHERE lower(charge_point_id) = lower(${entityId})`,
    connector:
      n === null
        ? null
        : sql`SELECT cp.operator_id FROM connectors c JOIN charge_points cp ON cp.id = c.charge_point_id WHERE c.id = ${n}`,
    tariff: n === null ? null : sql`SELECT operator_id FROM tariffs WHERE id = ${n}`,
    user: n === null ? null : sql`SELECT operator_id FROM users WHERE id = ${n}`,
    operator: n === null ? null : sql`SELECT id AS operator_id FROM operators WHERE id = ${n}`,
    session: n === null ? null : sql`SELECT operator_id FROM charging_sessions WHERE id = ${n}`,
    payment: sql`SELECT operator_id FROM payments WHERE pg_tran_id = ${entityId}`,
    booking: n === null ? null : sql`SELECT operator_id FROM bookings WHERE id = ${n}`,
    firmware: n === null ? null : sql`SELECT operator_id FROM firmwares WHERE id = ${n}`,
    firmwareCampaign: n === null ? null : sql`SELECT operator_id FROM firmware_campaigns WHERE id = ${n}`,
    maintenanceLog: n === null ? null : sql`SELECT operator_id FROM maintenance_logs WHERE id = ${n}`,
    smartChargingGroup:
      n === null ? null : sql`SELECT operator_id FROM smart_charging_groups WHERE id = ${n}`,
  };
  const own = byKind[entity] ?? null;
  const earlier = sql`SELECT subject_operator_id AS operator_id FROM audit_logs
    WHERE entity = ${entity} AND entity_id = ${entityId} AND subject_operator_id IS NOT NULL
    ORDER BY id DESC`;
  const query = own
    ? sql`SELECT operator_id FROM (SELECT 0 AS k, o.operator_id FROM (${own} LIMIT 1) o
        UNION ALL SELECT 1, e.operator_id FROM (${earlier} LIMIT 1) e) s ORDER BY k LIMIT 1`
    : sql`${earlier} LIMIT 1`;
  const result = await tx.execute(query);
  const row = (result as { rows: { operator_id: number | null }[] }).rows[0];
  return row?.operator_id ?? null;
}
