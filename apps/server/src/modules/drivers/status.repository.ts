import { count, desc, eq } from 'drizzle-orm';
import type { DriverStatus, DriverStatusChange } from '@voltline/contract';
import type { Tx } from '../../db/client.js';
import { driverStatusHistory, users } from '../../db/schema/index.js';

export async function insertStatusChange(
  tx: Tx,
  values: Omit<typeof driverStatusHistory.$inferInsert, 'id'>,
) {
  await tx.insert(driverStatusHistory).values(values);
}

export async function statusHistoryPage(tx: Tx, driverId: number, offset: number, limit: number) {
  const rows = await tx
    .select({ change: driverStatusHistory, userEmail: users.email })
    .from(driverStatusHistory)
    .leftJoin(users, eq(users.id, driverStatusHistory.userId))
    .where(eq(driverStatusHistory.driverId, driverId))
    .orderBy(desc(driverStatusHistory.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ change: c, userEmail }): DriverStatusChange => ({
    id: c.id,
    driverId: c.driverId,
    fromStatus: c.fromStatus as DriverStatus,
    toStatus: c.toStatus as DriverStatus,
    reason: c.reason,
    userId: c.userId,
    userEmail: userEmail ?? null,
    createdAt: c.createdAt.toISOString(),
  }));
}

export async function statusHistoryCount(tx: Tx, driverId: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(driverStatusHistory)
    .where(eq(driverStatusHistory.driverId, driverId));
  return row?.n ?? 0;
}
