import { AsyncLocalStorage } from 'node:async_hooks';
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  adhocPayments,
  chargePoints,
  chargingSessions,
  connectors,
  operators,
  paymentLedger,
  payments,
} from '../../db/schema/index.js';
import type { LedgerEntry, PaymentLedger } from '../payment-providers/provider.js';

export type AdhocRow = typeof adhocPayments.$inferSelect;
export type AdhocStatus =
  'pending' | 'authorized' | 'starting' | 'charging' | 'captured' | 'released' | 'declined' | 'failed';

/** The statuses the sweep still advances: money is held or may yet be. */
export const OPEN: AdhocStatus[] = ['pending', 'authorized', 'starting', 'charging'];

/** A connector as its public page needs it, by the charge point's identity and its number. */
export async function connectorByCode(db: Db, identity: string, connectorId: number) {
  const [row] = await db
    .select({
      cpId: chargePoints.id,
      identity: chargePoints.chargePointId,
      name: chargePoints.name,
      connected: chargePoints.connected,
      cpArchivedAt: chargePoints.archivedAt,
      registrationStatus: chargePoints.registrationStatus,
      operatorId: chargePoints.operatorId,
      operatorName: operators.name,
      operatorPath: operators.path,
      holdAmount: operators.adhocHoldAmount,
      vatRate: operators.vatRate,
      pricesIncludeVat: operators.pricesIncludeVat,
      connectorRowId: connectors.id,
      connectorId: connectors.connectorId,
      status: connectors.status,
      archivedAt: connectors.archivedAt,
    })
    .from(connectors)
    .innerJoin(chargePoints, eq(chargePoints.id, connectors.chargePointId))
    .innerJoin(operators, eq(operators.id, chargePoints.operatorId))
    .where(and(eq(chargePoints.chargePointId, identity), eq(connectors.connectorId, connectorId)))
    .limit(1);
  return row;
}
export type PublicConnector = NonNullable<Awaited<ReturnType<typeof connectorByCode>>>;

export async function insertPayment(tx: Tx, values: typeof adhocPayments.$inferInsert): Promise<AdhocRow> {
  const [row] = await tx.insert(adhocPayments).values(values).returning();
  return row!;
}

export async function byReference(db: Db, reference: string): Promise<AdhocRow | undefined> {
  const [row] = await db.select().from(adhocPayments).where(eq(adhocPayments.reference, reference));
  return row;
}

export async function byProviderRef(db: Db, provider: string, providerRef: string) {
  const [row] = await db
    .select()
    .from(adhocPayments)
    .where(and(eq(adhocPayments.provider, provider), eq(adhocPayments.providerRef, providerRef)));
  return row;
}

/**
 * Moves a payment on from one of `from` only: the step is claimed by whoever changes the row, so
 * two sweeps, a webhook and the driver's page never take the same step twice.
 */
export async function transition(
  db: Db | Tx,
  id: number,
  from: AdhocStatus[],
  set: Partial<typeof adhocPayments.$inferInsert>,
): Promise<AdhocRow | undefined> {
  const [row] = await db
    .update(adhocPayments)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(adhocPayments.id, id), inArray(adhocPayments.status, from)))
    .returning();
  return row;
}

export async function update(db: Db | Tx, id: number, set: Partial<typeof adhocPayments.$inferInsert>) {
  await db
    .update(adhocPayments)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(adhocPayments.id, id));
}

/** The open payments, oldest first, for the sweep. */
export function openPayments(db: Db, limit: number): Promise<AdhocRow[]> {
  return db
    .select()
    .from(adhocPayments)
    .where(inArray(adhocPayments.status, OPEN))
    .orderBy(asc(adhocPayments.id))
    .limit(limit);
}

/** Settled payments whose receipt is still to be mailed. */
export function receiptsDue(db: Db, limit: number): Promise<AdhocRow[]> {
  return db
    .select()
    .from(adhocPayments)
    .where(
      and(
        eq(adhocPayments.status, 'captured'),
        sql`${adhocPayments.email} IS NOT NULL AND ${adhocPayments.receiptSentAt} IS NULL`,
      ),
    )
    .orderBy(asc(adhocPayments.id))
    .limit(limit);
}

/** The session a payment's token started at its charge point, newest first. */
export async function sessionOfToken(db: Db, chargePointId: number, token: string) {
  const [row] = await db
    .select()
    .from(chargingSessions)
    .where(and(eq(chargingSessions.chargePointId, chargePointId), eq(chargingSessions.idTag, token)))
    .orderBy(desc(chargingSessions.id))
    .limit(1);
  return row;
}

/**
 * The reference of the payment a session was charged by: linked once its start was seen, or else
 * by the payment's token, which the charge was started with at that charge point.
 */
export async function referenceOfSession(db: Db, sessionId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ reference: adhocPayments.reference })
    .from(chargingSessions)
    .innerJoin(
      adhocPayments,
      or(
        eq(adhocPayments.sessionId, chargingSessions.id),
        and(
          eq(adhocPayments.token, chargingSessions.idTag),
          eq(adhocPayments.chargePointId, chargingSessions.chargePointId),
        ),
      ),
    )
    .where(eq(chargingSessions.id, sessionId))
    .limit(1);
  return row?.reference;
}

export async function sessionById(db: Db, id: number) {
  const [row] = await db.select().from(chargingSessions).where(eq(chargingSessions.id, id));
  return row;
}

/**
 * A transaction the ledger joins while a provider call runs inside it (a refund made in the
 * payments' transaction): the ledger's entry commits with the refund's lines, and the embedded
 * database, one connection, is not asked for a second one meanwhile.
 */
const ledgerTx = new AsyncLocalStorage<Tx>();
export const withLedgerIn = <T>(tx: Tx, work: () => Promise<T>) => ledgerTx.run(tx, work);

/** The payment providers' ledger in the database: a capture or refund is never made twice. */
export function dbLedger(base: Db): PaymentLedger {
  const db = (): Db | Tx => ledgerTx.getStore() ?? base;
  const toEntry = (r: typeof paymentLedger.$inferSelect): LedgerEntry => ({
    idempotencyKey: r.idempotencyKey,
    providerRef: r.providerRef,
    kind: r.kind as LedgerEntry['kind'],
    ref: r.ref,
    amount: r.amount,
    released: r.released,
  });
  return {
    async find(key) {
      const [r] = await db().select().from(paymentLedger).where(eq(paymentLedger.idempotencyKey, key));
      return r ? toEntry(r) : null;
    },
    async ofHold(ref) {
      const rows = await db()
        .select()
        .from(paymentLedger)
        .where(eq(paymentLedger.providerRef, ref))
        .orderBy(asc(paymentLedger.createdAt));
      return rows.map(toEntry);
    },
    async record(entry) {
      await db().insert(paymentLedger).values(entry).onConflictDoNothing();
    },
  };
}

export async function chargePointName(db: Db, id: number): Promise<string> {
  const [row] = await db
    .select({ name: chargePoints.name })
    .from(chargePoints)
    .where(eq(chargePoints.id, id));
  return row?.name ?? '';
}

export async function identityOf(db: Db, id: number): Promise<string> {
  const [row] = await db
    .select({ identity: chargePoints.chargePointId })
    .from(chargePoints)
    .where(eq(chargePoints.id, id));
  return row?.identity ?? '';
}

export async function operatorName(db: Db, id: number): Promise<string> {
  const [row] = await db.select({ name: operators.name }).from(operators).where(eq(operators.id, id));
  return row?.name ?? '';
}

/** Marks a payment's receipt as being mailed; false when another process already does. */
export async function claimReceipt(db: Db, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(adhocPayments)
    .set({ receiptSentAt: at })
    .where(and(eq(adhocPayments.id, id), sql`${adhocPayments.receiptSentAt} IS NULL`))
    .returning({ id: adhocPayments.id });
  return rows.length > 0;
}

/** The captured payment of a session, locked for a refund. */
export async function capturedOfSession(tx: Tx, sessionId: number): Promise<AdhocRow | undefined> {
  const [row] = await tx
    .select()
    .from(adhocPayments)
    .where(and(eq(adhocPayments.sessionId, sessionId), eq(adhocPayments.status, 'captured')))
    .for('update');
  return row;
}

/** The session's payment line names the provider that took the money. */
export async function markLineOf(tx: Tx, sessionId: number, provider: string) {
  await tx.update(payments).set({ gateway: provider }).where(eq(payments.sessionId, sessionId));
}

/**
 * Claims a payment's capture for this call: none is claimed, or a claim older than two minutes
 * (its process died mid-call; the provider's idempotency key and the ledger make a retry safe).
 */
export async function claimCapture(db: Db, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(adhocPayments)
    .set({ capturingAt: at })
    .where(
      and(
        eq(adhocPayments.id, id),
        eq(adhocPayments.status, 'charging'),
        sql`(${adhocPayments.capturingAt} IS NULL OR ${adhocPayments.capturingAt} < ${new Date(at.getTime() - 120_000)})`,
      ),
    )
    .returning({ id: adhocPayments.id });
  return rows.length > 0;
}
