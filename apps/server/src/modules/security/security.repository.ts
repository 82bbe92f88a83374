import { and, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { SecurityEventFilter } from '@voltline/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { chargePoints, chargerCertificates, operators, securityEvents } from '../../db/schema/index.js';
import { inScope, type Actor } from '../../lib/context.js';

type Filter = z.output<typeof SecurityEventFilter>;

const COLUMNS = {
  id: securityEvents.id,
  chargePointId: chargePoints.chargePointId,
  chargePointDbId: chargePoints.id,
  chargePointName: chargePoints.name,
  operatorName: operators.name,
  type: securityEvents.type,
  critical: securityEvents.critical,
  occurredAt: securityEvents.occurredAt,
  techInfo: securityEvents.techInfo,
  receivedAt: securityEvents.receivedAt,
};
export type SecurityEventRow = Awaited<ReturnType<typeof listEvents>>[number];

/** Events whose tenant (the charger's operator when the event came) is in reach, filtered. */
function where(actor: Actor, f: Filter, chargePointDbId?: number): SQL | undefined {
  return and(
    inScope(actor, operators.path),
    chargePointDbId !== undefined ? eq(securityEvents.chargePointId, chargePointDbId) : undefined,
    f.chargePointId ? sql`lower(${chargePoints.chargePointId}) = lower(${f.chargePointId})` : undefined,
    f.type ? eq(securityEvents.type, f.type) : undefined,
    f.criticalOnly ? eq(securityEvents.critical, true) : undefined,
    f.from ? gte(securityEvents.occurredAt, new Date(f.from)) : undefined,
    f.to ? lte(securityEvents.occurredAt, new Date(f.to)) : undefined,
  );
}

/** Newest first (by when they happened), a page at a time. */
export function listEvents(
  tx: Tx,
  actor: Actor,
  f: Filter,
  offset: number,
  limit: number,
  chargePointDbId?: number,
) {
  return tx
    .select(COLUMNS)
    .from(securityEvents)
    .innerJoin(chargePoints, eq(chargePoints.id, securityEvents.chargePointId))
    .innerJoin(operators, eq(operators.id, securityEvents.operatorId))
    .where(where(actor, f, chargePointDbId))
    .orderBy(desc(securityEvents.occurredAt), desc(securityEvents.id))
    .limit(limit)
    .offset(offset);
}

export async function countEvents(tx: Tx, actor: Actor, f: Filter, chargePointDbId?: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(securityEvents)
    .innerJoin(chargePoints, eq(chargePoints.id, securityEvents.chargePointId))
    .innerJoin(operators, eq(operators.id, securityEvents.operatorId))
    .where(where(actor, f, chargePointDbId));
  return row?.n ?? 0;
}

export async function insertEvent(tx: Tx, event: typeof securityEvents.$inferInsert) {
  await tx.insert(securityEvents).values(event);
}

// ---- Root certificates on chargers ----

export function certificatesOf(tx: Tx, chargePointDbId: number) {
  return tx
    .select()
    .from(chargerCertificates)
    .where(eq(chargerCertificates.chargePointId, chargePointDbId))
    .orderBy(chargerCertificates.certificateType, chargerCertificates.id);
}

export type CertificateRow = typeof chargerCertificates.$inferSelect;

export async function insertCertificate(tx: Tx, row: typeof chargerCertificates.$inferInsert) {
  await tx.insert(chargerCertificates).values(row).onConflictDoNothing();
}

export async function updateCertificate(tx: Tx, id: number, change: Partial<CertificateRow>) {
  await tx.update(chargerCertificates).set(change).where(eq(chargerCertificates.id, id));
}

/** Forgets certificates the charger no longer reports. */
export async function removeCertificatesById(tx: Tx, ids: number[]) {
  if (ids.length > 0) await tx.delete(chargerCertificates).where(inArray(chargerCertificates.id, ids));
}
