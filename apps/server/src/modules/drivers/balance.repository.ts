import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { BalanceEntry, BalanceEntryKind } from '@voltline/contract';
import type { Tx } from '../../db/client.js';
import { placeholders, reusable } from '../../db/prepared.js';
import { balanceEntries, drivers, operators, users } from '../../db/schema/index.js';

export type NewBalanceEntry = Omit<typeof balanceEntries.$inferInsert, 'id'>;

/** An entry's own columns; a listing adds who posted it. */
const entryColumns = {
  id: balanceEntries.id,
  driverId: balanceEntries.driverId,
  amount: balanceEntries.amount,
  kind: balanceEntries.kind,
  reason: balanceEntries.reason,
  reference: balanceEntries.reference,
  balanceAfter: balanceEntries.balanceAfter,
  userId: balanceEntries.userId,
  createdAt: balanceEntries.createdAt,
};
const columns = { ...entryColumns, userEmail: users.email };
type Row = Awaited<ReturnType<typeof ledgerPage>>[number];

export const toBalanceEntry = (r: Row): BalanceEntry => ({
  ...r,
  kind: r.kind as BalanceEntryKind,
  userEmail: r.userEmail ?? null,
  createdAt: r.createdAt.toISOString(),
});

/** Locks the driver row: every balance change of one driver runs one after another. */
export async function lockDriverBalance(tx: Tx, driverId: number) {
  const [row] = await tx
    .select({ balance: drivers.balance, deletedAt: drivers.deletedAt })
    .from(drivers)
    .where(eq(drivers.id, driverId))
    .for('update');
  return row;
}

/**
 * Billing's read of a session's driver, locked as for a posting: the balance, and what decides
 * whether the balance pays (the driver's currency, the operator's prepaid setting), in one statement.
 */
const lockForChargeQuery = reusable('driver_lock_for_charge', (tx) =>
  tx
    .select({
      balance: drivers.balance,
      deletedAt: drivers.deletedAt,
      currency: drivers.currency,
      prepaid: operators.prepaid,
    })
    .from(drivers)
    .innerJoin(operators, eq(operators.id, drivers.operatorId))
    .where(eq(drivers.id, sql.placeholder('driverId')))
    .for('update', { of: drivers }),
);

export async function lockDriverForCharge(tx: Tx, driverId: number) {
  const [row] = await lockForChargeQuery(tx).execute({ driverId });
  return row;
}

const ENTRY_COLUMNS = [
  'driverId',
  'amount',
  'kind',
  'reason',
  'reference',
  'balanceAfter',
  'userId',
] as const satisfies readonly (keyof NewBalanceEntry)[];

const insertEntryQuery = reusable('balance_entry_insert', (tx) =>
  tx
    .insert(balanceEntries)
    .values(placeholders(ENTRY_COLUMNS))
    .onConflictDoNothing({ target: balanceEntries.reference })
    .returning(entryColumns),
);

/** Inserts an entry; undefined when its reference already exists. */
export async function insertEntry(
  tx: Tx,
  values: Required<Pick<NewBalanceEntry, (typeof ENTRY_COLUMNS)[number]>>,
) {
  const [row] = await insertEntryQuery(tx).execute(values);
  return row;
}

const setBalanceQuery = reusable('driver_set_balance', (tx) =>
  tx
    .update(drivers)
    .set({ balance: sql.placeholder('balance') as never, updatedAt: sql`now()` })
    .where(eq(drivers.id, sql.placeholder('driverId'))),
);

export async function setBalance(tx: Tx, driverId: number, balance: number) {
  await setBalanceQuery(tx).execute({ driverId, balance });
}

export async function findEntry(tx: Tx, where: { id: number } | { reference: string }) {
  const [row] = await tx
    .select(columns)
    .from(balanceEntries)
    .leftJoin(users, eq(users.id, balanceEntries.userId))
    .where('id' in where ? eq(balanceEntries.id, where.id) : eq(balanceEntries.reference, where.reference));
  return row;
}

export function ledgerPage(
  tx: Tx,
  driverId: number,
  kind: string | undefined,
  offset: number,
  limit: number,
) {
  return tx
    .select(columns)
    .from(balanceEntries)
    .leftJoin(users, eq(users.id, balanceEntries.userId))
    .where(and(eq(balanceEntries.driverId, driverId), kind ? eq(balanceEntries.kind, kind) : undefined))
    .orderBy(desc(balanceEntries.id))
    .limit(limit)
    .offset(offset);
}

export async function ledgerCount(tx: Tx, driverId: number, kind: string | undefined) {
  const [row] = await tx
    .select({ n: count() })
    .from(balanceEntries)
    .where(and(eq(balanceEntries.driverId, driverId), kind ? eq(balanceEntries.kind, kind) : undefined));
  return row?.n ?? 0;
}

/** The ledger's own total, to check drivers.balance against. */
export async function ledgerSum(tx: Tx, driverId: number): Promise<number> {
  const [row] = await tx
    .select({ sum: sql<string>`coalesce(sum(${balanceEntries.amount}), 0)` })
    .from(balanceEntries)
    .where(eq(balanceEntries.driverId, driverId));
  return Number(row?.sum ?? 0);
}
