import { desc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.js';
import { pendingChargePoints } from '../../db/schema/index.js';

/**
 * One attempt of an unknown charger: the first makes its row (with the password it presented),
 * later ones count and refresh its address; one statement either way. A new id is stored only
 * while fewer than `max` chargers are pending, so many addresses together cannot grow the table
 * without bound. Whether the attempt was stored.
 */
export async function upsertPending(
  tx: Tx,
  identity: string,
  remoteAddress: string | null,
  passwordHash: string | null,
  max: number,
): Promise<boolean> {
  const key = identity.toLowerCase();
  const result = await tx.execute(sql`
    INSERT INTO pending_charge_points (charge_point_id, charge_point_key, remote_address, password_hash)
    SELECT ${identity}, ${key}, ${remoteAddress}, ${passwordHash}
    WHERE EXISTS (SELECT 1 FROM pending_charge_points WHERE charge_point_key = ${key})
       OR (SELECT count(*) FROM pending_charge_points) < ${max}
    ON CONFLICT (charge_point_key) DO UPDATE SET
      charge_point_id = excluded.charge_point_id,
      remote_address = excluded.remote_address,
      last_seen_at = now(),
      attempts = pending_charge_points.attempts + 1
    RETURNING id`);
  return rowsOf(result).length > 0;
}

export interface PendingBoot {
  vendor: string;
  model: string;
  serialNumber: string | null;
  firmwareVersion: string | null;
}

export async function recordPendingBoot(tx: Tx, identity: string, boot: PendingBoot) {
  await tx
    .update(pendingChargePoints)
    .set({ ...boot, lastSeenAt: sql`now()` })
    .where(eq(pendingChargePoints.chargePointKey, identity.toLowerCase()));
}

const listed = {
  id: pendingChargePoints.id,
  chargePointId: pendingChargePoints.chargePointId,
  remoteAddress: pendingChargePoints.remoteAddress,
  vendor: pendingChargePoints.vendor,
  model: pendingChargePoints.model,
  serialNumber: pendingChargePoints.serialNumber,
  firmwareVersion: pendingChargePoints.firmwareVersion,
  firstSeenAt: pendingChargePoints.firstSeenAt,
  lastSeenAt: pendingChargePoints.lastSeenAt,
  attempts: pendingChargePoints.attempts,
  hasPassword: sql<boolean>`${pendingChargePoints.passwordHash} is not null`,
};

/** The newest first; at most `limit` (the handshake's per-address limit keeps the table small). */
export function listPending(tx: Tx, limit: number) {
  return tx
    .select(listed)
    .from(pendingChargePoints)
    .orderBy(desc(pendingChargePoints.lastSeenAt), desc(pendingChargePoints.id))
    .limit(limit);
}

export async function countPending(tx: Tx) {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(pendingChargePoints);
  return row?.n ?? 0;
}

export async function findPending(tx: Tx, id: number) {
  const [row] = await tx
    .select({ ...listed, passwordHash: pendingChargePoints.passwordHash })
    .from(pendingChargePoints)
    .where(eq(pendingChargePoints.id, id))
    .for('update');
  return row;
}

export async function deletePending(tx: Tx, id: number) {
  await tx.delete(pendingChargePoints).where(eq(pendingChargePoints.id, id));
}
