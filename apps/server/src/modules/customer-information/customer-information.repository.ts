import { and, desc, eq, isNull, like, sql } from 'drizzle-orm';
import type { CustomerInformationRequest, CustomerInformationState } from '@voltline/contract';
import type { Db, Tx } from '../../db/client.js';
import {
  chargePoints,
  customerInformationRequests as requests,
  operators,
  rfidCards,
  users,
} from '../../db/schema/index.js';
import { inScope, type Actor } from '../../lib/context.js';

export type NewRequest = typeof requests.$inferInsert;

/** Every card of a driver, archived ones too: a charger may still hold what it learnt of them. */
export async function cardNumbersOf(db: Db | Tx, driverId: number): Promise<string[]> {
  const rows = await db
    .select({ number: rfidCards.number })
    .from(rfidCards)
    .where(eq(rfidCards.driverId, driverId))
    .orderBy(rfidCards.id);
  return rows.map((r) => r.number);
}

/** Connected chargers of an operator and those below it, in the actor's reach. */
export function connectedUnder(db: Db | Tx, actor: Actor, operatorPath: string) {
  return db
    .select({ id: chargePoints.id, chargePointId: chargePoints.chargePointId })
    .from(chargePoints)
    .innerJoin(operators, eq(operators.id, chargePoints.operatorId))
    .where(
      and(
        like(operators.path, `${operatorPath}%`),
        inScope(actor, operators.path),
        eq(chargePoints.connected, true),
        isNull(chargePoints.archivedAt),
      ),
    )
    .orderBy(chargePoints.chargePointId);
}

export async function insertRequest(db: Db | Tx, values: NewRequest): Promise<number> {
  const [row] = await db.insert(requests).values(values).returning({ id: requests.id });
  if (!row) throw new Error('customer information request insert returned nothing');
  return row.id;
}

/**
 * The charger's answer to the request. Its NotifyCustomerInformation may arrive before the
 * answer is recorded, so only a request still `sent` takes the answer's state.
 */
export async function answered(
  db: Db | Tx,
  id: number,
  status: CustomerInformationState,
  error: string | null,
): Promise<void> {
  const done = status !== 'Accepted';
  await db
    .update(requests)
    .set({ status, error, ...(done ? { completedAt: sql`now()` } : {}) })
    .where(and(eq(requests.id, id), eq(requests.status, 'sent')));
}

/** A request of this charger, locked while one of its parts is added. */
export async function lockRequest(tx: Tx, id: number, chargePointId: number) {
  const [row] = await tx
    .select()
    .from(requests)
    .where(and(eq(requests.id, id), eq(requests.chargePointId, chargePointId)))
    .for('update');
  return row;
}

export async function updateRequest(tx: Tx, id: number, values: Partial<NewRequest>): Promise<void> {
  await tx.update(requests).set(values).where(eq(requests.id, id));
}

/** A driver's requests, newest first. */
export async function pageOf(db: Db, driverId: number, offset: number, limit: number) {
  const where = eq(requests.driverId, driverId);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        r: requests,
        chargePointId: chargePoints.chargePointId,
        requestedBy: users.email,
      })
      .from(requests)
      .innerJoin(chargePoints, eq(chargePoints.id, requests.chargePointId))
      .leftJoin(users, eq(users.id, requests.requestedBy))
      .where(where)
      .orderBy(desc(requests.createdAt), desc(requests.id))
      .offset(offset)
      .limit(limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(requests)
      .where(where),
  ]);
  return { items: rows.map(toRequest), total: count?.n ?? 0 };
}

function toRequest(row: {
  r: typeof requests.$inferSelect;
  chargePointId: string;
  requestedBy: string | null;
}): CustomerInformationRequest {
  const { r } = row;
  return {
    id: r.id,
    driverId: r.driverId,
    chargePointId: row.chargePointId,
    idToken: r.idToken,
    report: r.report,
    clear: r.clear,
    status: r.status as CustomerInformationState,
    error: r.error,
    data: r.data,
    requestedBy: row.requestedBy,
    createdAt: r.createdAt.toISOString(),
    completedAt: r.completedAt?.toISOString() ?? null,
  };
}
