import { paymentCaptured } from '../events/payment-events.js';
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Payment, PaymentFilter } from '@voltline/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { adhocPayments, drivers, operators, payments, refunds } from '../../db/schema/index.js';
import { inScope, type Actor } from '../../lib/context.js';

type Filter = z.output<typeof PaymentFilter>;

const fields = {
  p: payments,
  driverName: sql<string | null>`${drivers.name} || ' ' || ${drivers.surname}`,
  adhoc: {
    reference: adhocPayments.reference,
    provider: adhocPayments.provider,
    holdAmount: adhocPayments.holdAmount,
    capturedAmount: adhocPayments.capturedAmount,
    releasedAmount: adhocPayments.releasedAmount,
    refundedAmount: adhocPayments.refundedAmount,
    uncollectedAmount: adhocPayments.uncollectedAmount,
  },
};

function joined(tx: Tx) {
  return tx
    .select(fields)
    .from(payments)
    .innerJoin(operators, eq(operators.id, payments.operatorId))
    .leftJoin(drivers, eq(drivers.id, payments.driverId))
    .leftJoin(
      adhocPayments,
      and(eq(adhocPayments.sessionId, payments.sessionId), eq(adhocPayments.status, 'captured')),
    );
}
type Row = Awaited<ReturnType<ReturnType<typeof joined>['where']>>[number];

export function toPayment(r: Row): Payment {
  const p = r.p;
  return {
    id: p.id,
    pgTranId: p.pgTranId,
    kind: p.kind as Payment['kind'],
    driverId: p.driverId,
    driverName: r.driverName,
    operatorId: p.operatorId,
    sessionId: p.sessionId,
    amount: p.amount,
    refundedAmount: p.refundedAmount,
    currency: p.currency,
    state: p.state as Payment['state'],
    gateway: p.gateway,
    createdAt: p.createdAt.toISOString(),
    ...(r.adhoc?.reference ? { adhoc: r.adhoc } : {}),
  };
}

function where(actor: Actor, f: Partial<Filter>): SQL | undefined {
  return and(
    inScope(actor, operators.path),
    f.from ? gte(payments.createdAt, new Date(f.from)) : undefined,
    f.to ? lt(payments.createdAt, new Date(f.to)) : undefined,
    f.pgTranId ? eq(payments.pgTranId, f.pgTranId) : undefined,
    f.driverId ? eq(payments.driverId, f.driverId) : undefined,
    f.operatorId ? eq(payments.operatorId, f.operatorId) : undefined,
    f.kind ? eq(payments.kind, f.kind) : undefined,
    f.state ? eq(payments.state, f.state) : undefined,
  );
}

export function pagePayments(tx: Tx, actor: Actor, f: Filter, offset: number, limit: number) {
  return joined(tx)
    .where(where(actor, f))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit)
    .offset(offset);
}

export async function countPayments(tx: Tx, actor: Actor, f: Filter) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .innerJoin(operators, eq(operators.id, payments.operatorId))
    .where(where(actor, f));
  return row?.n ?? 0;
}

/** A payment in reach by its gateway transaction id, locked for a refund. */
export async function lockPayment(tx: Tx, actor: Actor, pgTranId: string) {
  const [row] = await joined(tx)
    .where(and(eq(payments.pgTranId, pgTranId), where(actor, {})))
    .for('update', { of: payments });
  return row;
}

export async function findPaymentById(tx: Tx, id: number) {
  const [row] = await joined(tx).where(eq(payments.id, id));
  return row;
}

export async function refundByKey(tx: Tx, paymentId: number, key: string) {
  const [row] = await tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.idempotencyKey, key)));
  return row;
}

export async function insertRefund(tx: Tx, values: typeof refunds.$inferInsert) {
  const [row] = await tx.insert(refunds).values(values).returning();
  if (!row) throw new Error('refund insert returned nothing');
  return row;
}

export async function setRefunded(tx: Tx, id: number, refundedAmount: number, state: Payment['state']) {
  await tx.update(payments).set({ refundedAmount, state }).where(eq(payments.id, id));
}

export async function insertPayment(tx: Tx, values: typeof payments.$inferInsert) {
  const [row] = await tx.insert(payments).values(values).returning();
  if (!row) throw new Error('payment insert returned nothing');
  if (row.state === 'completed') await paymentCaptured(tx, row);
  return { id: row.id };
}
