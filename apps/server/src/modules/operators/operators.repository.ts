import { and, asc, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { alertRules, chargePoints, merchants, operators } from '../../db/schema/index.js';
import { inScope, type Actor } from '../../lib/context.js';

export type OperatorRow = typeof operators.$inferSelect;
export type NewOperator = Omit<typeof operators.$inferInsert, 'id' | 'path'>;

/**
 * Inserts an operator and sets its materialised path from its parent's. It starts with the
 * default alert rule (a charger offline for 10 minutes), as migration 0040 gave those before it.
 */
export async function insertOperator(tx: Tx, values: NewOperator): Promise<OperatorRow> {
  let parentPath = '/';
  if (values.parentId) {
    const [parent] = await tx
      .select({ path: operators.path })
      .from(operators)
      .where(eq(operators.id, values.parentId));
    if (!parent) throw new Error(`parent operator ${values.parentId} does not exist`);
    parentPath = parent.path;
  }
  const [row] = await tx.insert(operators).values(values).returning();
  if (!row) throw new Error('operator insert returned nothing');
  const [withPath] = await tx
    .update(operators)
    .set({ path: `${parentPath}${row.id}/` })
    .where(eq(operators.id, row.id))
    .returning();
  await tx.insert(alertRules).values({ operatorId: row.id, kind: 'charger_offline' });
  return withPath ?? row;
}

/** An operator the actor may see, or undefined. */
export async function findOperatorInScope(tx: Tx, actor: Actor, id: number) {
  const [row] = await tx
    .select()
    .from(operators)
    .where(and(eq(operators.id, id), inScope(actor, operators.path)));
  return row;
}

export function lookupOperators(tx: Tx, actor: Actor) {
  return tx
    .select({
      id: operators.id,
      name: operators.name,
      parentId: operators.parentId,
      archivedAt: operators.archivedAt,
    })
    .from(operators)
    .where(and(inScope(actor, operators.path), isNull(operators.archivedAt)))
    .orderBy(asc(operators.path));
}

export async function countOperators(tx: Tx): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(operators);
  return row?.n ?? 0;
}

// ---- operator management (suboperators, detail, add/update with merchant, archive) ----

const parent = alias(operators, 'parent');

const detailColumns = {
  operator: operators,
  parentName: parent.name,
  merchant: merchants,
};

export type OperatorDetailRow = Awaited<ReturnType<typeof listOperators>>[number];
export type MerchantRow = typeof merchants.$inferSelect;
export type NewMerchant = Omit<typeof merchants.$inferInsert, 'id' | 'operatorId'>;

function detailQuery(tx: Tx) {
  return tx
    .select(detailColumns)
    .from(operators)
    .leftJoin(parent, eq(parent.id, operators.parentId))
    .leftJoin(merchants, eq(merchants.operatorId, operators.id));
}

/** Operators in reach, archived or not, in tree order (parents before children). */
export function listOperators(tx: Tx, actor: Actor, archived: boolean) {
  return detailQuery(tx)
    .where(
      and(
        inScope(actor, operators.path),
        archived ? isNotNull(operators.archivedAt) : isNull(operators.archivedAt),
      ),
    )
    .orderBy(asc(operators.path));
}

/** One operator in reach with its parent's name and its merchant; `forUpdate` locks the operator. */
export async function findOperatorDetail(tx: Tx, actor: Actor, id: number, forUpdate = false) {
  const q = detailQuery(tx).where(and(eq(operators.id, id), inScope(actor, operators.path)));
  const [row] = await (forUpdate ? q.for('update', { of: operators }) : q);
  return row;
}

export async function updateOperator(tx: Tx, id: number, values: Partial<NewOperator>) {
  await tx
    .update(operators)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(operators.id, id));
}

/** Moves a subtree: every path under `oldPath` gets `newPath` as its prefix instead. */
export async function moveSubtree(tx: Tx, oldPath: string, newPath: string) {
  await tx
    .update(operators)
    .set({ path: sql`${newPath} || substr(${operators.path}, ${oldPath.length + 1})` })
    .where(sql`${operators.path} like ${`${oldPath}%`}`);
}

export async function setOperatorArchived(tx: Tx, id: number, archived: boolean) {
  await tx
    .update(operators)
    .set({ archivedAt: archived ? sql`now()` : null, updatedAt: sql`now()` })
    .where(eq(operators.id, id));
}

export async function countActiveChargePoints(tx: Tx, operatorId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(chargePoints)
    .where(and(eq(chargePoints.operatorId, operatorId), isNull(chargePoints.archivedAt)));
  return row?.n ?? 0;
}

export async function countActiveChildren(tx: Tx, operatorId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(operators)
    .where(and(eq(operators.parentId, operatorId), isNull(operators.archivedAt)));
  return row?.n ?? 0;
}

/** Saves the operator's merchant, creating it on first save. */
export async function upsertMerchant(tx: Tx, operatorId: number, values: NewMerchant) {
  await tx
    .insert(merchants)
    .values({ ...values, operatorId })
    .onConflictDoUpdate({ target: merchants.operatorId, set: { ...values, updatedAt: sql`now()` } });
}
