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

/**
 * Connected chargers whose newest accepted certificate ends within `days` (or has ended), with no
 * certificate request or renewal trigger in the last day: the ones to ask for a new certificate.
 */
export async function dueForRenewal(tx: Tx, now: Date, days: number) {
  const horizon = new Date(now.getTime() + days * 86_400_000);
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const result = await tx.execute(sql`
    select cp.id, cp.charge_point_id, newest.not_after
    from charge_points cp
    join lateral (
      select i.not_after from issued_certificates i
      where i.charge_point_id = cp.id and i.state = 'accepted' and i.not_after is not null
      order by i.not_after desc limit 1
    ) newest on true
    where cp.connected and newest.not_after < ${horizon.toISOString()}::timestamptz
      and not exists (
        select 1 from issued_certificates r
        where r.charge_point_id = cp.id and r.created_at > ${dayAgo.toISOString()}::timestamptz
      )
      and not exists (
        select 1 from command_records c
        where c.charge_point_id = cp.id and c.action = 'ExtendedTriggerMessage'
          and c.sent_at > ${dayAgo.toISOString()}::timestamptz and c.request->>'requestedMessage' = 'SignChargePointCertificate'
      )
    order by newest.not_after
    limit 100`);
  const rows = (result as { rows: { id: number; charge_point_id: string; not_after: string | Date }[] }).rows;
  return rows.map((r) => ({
    id: Number(r.id),
    chargePointId: r.charge_point_id,
    notAfter: new Date(r.not_after).toISOString(),
  }));
}
