import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { chargePoints, operators, smartChargingGroups, smartChargingMembers } from '../db/schema/index.js';
import { DEMO_PREFIX } from './demo-chargers.js';

export const DEMO_GROUP_NAME = 'Depot grid connection';

/**
 * The demo's smart-charging group: three İstanbul demo chargers on a 63 A connection, shared
 * equally with at least 6 A a session, and a lower limit in the evening peak (17:00–22:00).
 * Created once; chargers already in a group are left where they are.
 */
export async function ensureDemoSmartCharging(db: Db): Promise<void> {
  const [op] = await db
    .select({ id: operators.id })
    .from(operators)
    .where(eq(operators.name, 'Voltline İstanbul'));
  if (!op) return;
  const [existing] = await db
    .select({ id: smartChargingGroups.id })
    .from(smartChargingGroups)
    .where(eq(smartChargingGroups.name, DEMO_GROUP_NAME));
  if (existing) return;
  const ids = [1, 2, 3].map((n) => `${DEMO_PREFIX}${String(n).padStart(4, '0')}`);
  const cps = await db
    .select({ id: chargePoints.id })
    .from(chargePoints)
    .where(and(inArray(chargePoints.chargePointId, ids), eq(chargePoints.operatorId, op.id)));
  await db.transaction(async (tx) => {
    const [g] = await tx
      .insert(smartChargingGroups)
      .values({
        operatorId: op.id,
        name: DEMO_GROUP_NAME,
        chargingRateUnit: 'A',
        mode: 'equal',
        maxPower: 63,
        minPerSession: 6,
        phases: 3,
        schedule: [
          { from: '17:00', limit: 40 },
          { from: '22:00', limit: 63 },
        ],
        timeZone: 'Europe/Istanbul',
      })
      .returning({ id: smartChargingGroups.id });
    if (!g || cps.length === 0) return;
    await tx
      .insert(smartChargingMembers)
      .values(cps.map((c) => ({ groupId: g.id, chargePointId: c.id })))
      .onConflictDoNothing();
  });
}
