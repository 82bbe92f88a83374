import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Page, Payment, PaymentFilter, RefundResult, TopUpBody } from '@voltline/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { drivers, operators } from '../../db/schema/index.js';
import { inScope, type Ctx } from '../../lib/context.js';
import { formatMoney } from '../../lib/money.js';
import { AppError, notFound } from '../../lib/errors.js';
import { inBatches } from '../../lib/excel.js';
import { audit } from '../audit/audit.service.js';
import { postBalanceEntry } from '../drivers/balance.service.js';
import { builtInGateway, type PaymentGateway, type ProviderRefunds } from './gateway.js';
import { paymentRefunded } from '../events/payment-events.js';
import * as repo from './payments.repository.js';

type Filter = z.output<typeof PaymentFilter>;

/** Payments through the gateway: listing, top-ups and refunds bounded by what was paid. */
export class PaymentsService {
  constructor(
    private readonly db: Db,
    private readonly gateway: PaymentGateway = builtInGateway,
    /** Lines a card provider took are refunded through it (services.ts hands in the ad-hoc flow's). */
    private readonly providerRefunds?: ProviderRefunds,
  ) {}

  async page(ctx: Ctx, f: Filter, index: number, size: number): Promise<Page<Payment>> {
    const [rows, total] = await Promise.all([
      repo.pagePayments(this.db, ctx.actor, f, index * size, size),
      repo.countPayments(this.db, ctx.actor, f),
    ]);
    return { items: rows.map(repo.toPayment), total, index, size };
  }

  async *all(ctx: Ctx, f: Filter): AsyncGenerator<Payment> {
    for await (const r of inBatches(
      (offset, limit) => repo.pagePayments(this.db, ctx.actor, f, offset, limit),
      1000,
    )) {
      yield repo.toPayment(r);
    }
  }

  /**
   * Refunds part or all of a payment. Never more than what is left; a retry with the same
   * Idempotency-Key returns the first refund instead of refunding twice. The driver's ledger
   * moves with it: a refunded session charge is credited back, a refunded top-up is taken out.
   */
  async refund(ctx: Ctx, pgTranId: string, amount: number, idempotencyKey?: string): Promise<RefundResult> {
    return this.db.transaction(async (tx) => {
      const row = await repo.lockPayment(tx, ctx.actor, pgTranId);
      if (!row) throw notFound('payment');
      const p = row.p;
      const key = idempotencyKey ?? randomUUID();
      const seen = idempotencyKey ? await repo.refundByKey(tx, p.id, idempotencyKey) : undefined;
      if (seen) return this.result(tx, p.id, seen);
      if (p.state === 'failed') throw new AppError(400, 'payment.notRefundable');
      const left = p.amount - p.refundedAmount;
      if (amount > left) {
        throw new AppError(
          400,
          'payment.refundTooLarge',
          { left: formatMoney(ctx.locale, left, p.currency) },
          [{ field: 'querystring.amount', key: 'payment.refundTooLarge' }],
        );
      }
      const { refundId } =
        (await this.providerRefunds?.(tx, p, amount, key, ctx.locale)) ??
        (await this.gateway.refund({
          pgTranId,
          amount,
          currency: p.currency,
          idempotencyKey: key,
        }));
      const refund = await repo.insertRefund(tx, {
        paymentId: p.id,
        amount,
        gatewayRefundId: refundId,
        idempotencyKey: key,
        userId: ctx.actor.userId,
      });
      const refunded = p.refundedAmount + amount;
      await repo.setRefunded(tx, p.id, refunded, refunded >= p.amount ? 'refunded' : 'partiallyRefunded');
      await paymentRefunded(tx, p, amount, refunded);
      if (p.driverId !== null && (p.kind === 'topup' || p.gateway === 'balance')) {
        await postBalanceEntry(tx, {
          driverId: p.driverId,
          amount: p.kind === 'topup' ? -amount : amount,
          kind: 'refund',
          reference: `refund:${refund.id}`,
          reason: `Refund of ${pgTranId}`,
          userId: ctx.actor.userId,
          allowNegative: true,
        });
      }
      await audit(tx, ctx, {
        action: 'refund',
        entity: 'payment',
        entityId: pgTranId,
        summary: { amount, refundId },
      });
      return this.result(tx, p.id, refund);
    });
  }

  private async result(
    tx: Tx,
    paymentId: number,
    r: { id: number; paymentId: number; amount: number; gatewayRefundId: string; createdAt: Date },
  ): Promise<RefundResult> {
    const payment = await repo.findPaymentById(tx, paymentId);
    if (!payment) throw notFound('payment');
    return {
      payment: repo.toPayment(payment),
      refund: {
        id: r.id,
        paymentId: r.paymentId,
        pgTranId: payment.p.pgTranId,
        gatewayRefundId: r.gatewayRefundId,
        amount: r.amount,
        createdAt: r.createdAt.toISOString(),
      },
    };
  }

  /** A top-up recorded by staff (cash desk, card terminal): a payment and a ledger credit. */
  async topUp(ctx: Ctx, body: z.output<typeof TopUpBody>): Promise<Payment> {
    const [driver] = await this.db
      .select({ id: drivers.id, operatorId: drivers.operatorId })
      .from(drivers)
      .innerJoin(operators, eq(operators.id, drivers.operatorId))
      .where(
        and(eq(drivers.id, body.driverId), isNull(drivers.deletedAt), inScope(ctx.actor, operators.path)),
      );
    if (!driver) throw notFound('driver');
    const { pgTranId } = await this.gateway.topUp({ amount: body.amount, currency: body.currency });
    const id = await this.db.transaction(async (tx) => {
      const { id } = await repo.insertPayment(tx, {
        pgTranId,
        kind: 'topup',
        driverId: driver.id,
        operatorId: driver.operatorId,
        amount: body.amount,
        currency: body.currency,
        state: 'completed',
        gateway: this.gateway.name,
      });
      await postBalanceEntry(tx, {
        driverId: driver.id,
        amount: body.amount,
        kind: 'topup',
        reference: `payment:${pgTranId}`,
        reason: `Top-up ${pgTranId}`,
        userId: ctx.actor.userId,
      });
      await audit(tx, ctx, { action: 'topup', entity: 'payment', entityId: pgTranId, summary: body });
      return id;
    });
    const row = await repo.findPaymentById(this.db, id);
    if (!row) throw notFound('payment');
    return repo.toPayment(row);
  }
}
