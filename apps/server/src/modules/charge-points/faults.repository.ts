import { and, count, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { maintenanceLogs } from '../../db/schema/index.js';

/**
 * A charge point's faults are the automatic `fault` entries of its maintenance log: one per fault
 * period of a connector (0: the charge point), opened by the first report of an error code and
 * ended by the report that cleared or changed it (modules/maintenance/auto-entries.repository.ts).
 * They are never deleted, and grow only with faults, not with every status report.
 */
const faultsOf = (chargePointId: number) =>
  and(
    eq(maintenanceLogs.chargePointId, chargePointId),
    eq(maintenanceLogs.type, 'fault'),
    eq(maintenanceLogs.source, 'auto'),
  );

/** Newest first; served by the (charge point, started) index. */
export function faultHistory(tx: Tx, chargePointId: number, offset: number, limit: number) {
  return tx
    .select({
      id: maintenanceLogs.id,
      connectorId: maintenanceLogs.connectorId,
      details: maintenanceLogs.details,
      startedAt: maintenanceLogs.startedAt,
      endedAt: maintenanceLogs.endedAt,
    })
    .from(maintenanceLogs)
    .where(faultsOf(chargePointId))
    .orderBy(desc(maintenanceLogs.startedAt), desc(maintenanceLogs.id))
    .limit(limit)
    .offset(offset);
}

export async function countFaultHistory(tx: Tx, chargePointId: number) {
  const [row] = await tx.select({ n: count() }).from(maintenanceLogs).where(faultsOf(chargePointId));
  return row?.n ?? 0;
}
