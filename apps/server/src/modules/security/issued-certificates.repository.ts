import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { chargePoints, issuedCertificates } from '../../db/schema/index.js';
import type { IssuedCertificateState } from '@voltline/contract';

export type IssuedRow = typeof issuedCertificates.$inferSelect;

export async function profileOf(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      securityProfile: chargePoints.securityProfile,
      pendingSecurityProfile: chargePoints.pendingSecurityProfile,
      hasPassword: sql<boolean>`${chargePoints.passwordHash} is not null`,
    })
    .from(chargePoints)
    .where(eq(chargePoints.id, id));
  return row;
}

export async function setPendingProfile(tx: Tx, id: number, profile: number | null) {
  await tx.update(chargePoints).set({ pendingSecurityProfile: profile }).where(eq(chargePoints.id, id));
}

/** The charger took the profile: it is held to it from now on, and only a higher one may follow. */
export async function promoteProfile(tx: Tx, id: number, profile: number) {
  await tx
    .update(chargePoints)
    .set({
      securityProfile: sql`greatest(${chargePoints.securityProfile}, ${profile})`,
      pendingSecurityProfile: null,
      updatedAt: new Date(),
    })
    .where(eq(chargePoints.id, id));
}

export async function insertIssued(tx: Tx, row: typeof issuedCertificates.$inferInsert) {
  const [inserted] = await tx.insert(issuedCertificates).values(row).returning({ id: issuedCertificates.id });
  if (!inserted) throw new Error('insert failed');
  return inserted.id;
}

export async function finishIssued(tx: Tx, id: number, state: IssuedCertificateState, reason: string | null) {
  await tx
    .update(issuedCertificates)
    .set({ state, reason, updatedAt: new Date() })
    .where(eq(issuedCertificates.id, id));
}

export function certificatesOf(tx: Tx, chargePointId: number) {
  return tx
    .select()
    .from(issuedCertificates)
    .where(eq(issuedCertificates.chargePointId, chargePointId))
    .orderBy(desc(issuedCertificates.createdAt), desc(issuedCertificates.id))
    .limit(50);
}

/** A certificate the charger accepted that is valid now: what security profile 3 needs. */
export async function hasValidCertificate(tx: Tx, chargePointId: number, now: Date) {
  const [row] = await tx
    .select({ id: issuedCertificates.id })
    .from(issuedCertificates)
    .where(
      and(
        eq(issuedCertificates.chargePointId, chargePointId),
        eq(issuedCertificates.state, 'accepted'),
        gt(issuedCertificates.notAfter, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}
