import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A payment of someone without an account (issue #30): a hold placed through the operator's
 * payment provider on a connector's public page, the charge it paid for, and what became of the
 * money. `reference` is the payment's public key (the driver's page and the provider know it);
 * `token` is the idTag the charge was started with, which Authorize and the start accept while
 * the payment is open.
 */
export const adhocPayments = pgTable(
  'adhoc_payments',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull(),
    token: text('token').notNull(),
    operatorId: integer('operator_id').notNull(),
    chargePointId: integer('charge_point_id').notNull(),
    connectorId: integer('connector_id').notNull(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    /**
     * pending (the card form is open) → authorized (held) → starting (the charger was asked) →
     * charging → captured; or declined, released (money let go: nothing charged or a failure),
     * failed (the provider could not even hold).
     */
    status: text('status').notNull(),
    /** Why it ended without a charge, a stable code said in words (adhoc.failure.*). */
    failure: text('failure'),
    holdAmount: integer('hold_amount').notNull(),
    currency: text('currency').notNull(),
    capturedAmount: integer('captured_amount').notNull().default(0),
    releasedAmount: integer('released_amount').notNull().default(0),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    /** What the session cost beyond the hold, which could not be collected. */
    uncollectedAmount: integer('uncollected_amount').notNull().default(0),
    sessionId: integer('session_id'),
    email: text('email'),
    language: text('language').notNull(),
    startSentAt: timestamp('start_sent_at', { withTimezone: true }),
    stopRequestedAt: timestamp('stop_requested_at', { withTimezone: true }),
    /** Why Voltline asked the charger to stop: the driver, or the hold's limit. */
    stopCause: text('stop_cause'),
    /** When a capture call began (one at a time); cleared when it fails. */
    capturingAt: timestamp('capturing_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    receiptSentAt: timestamp('receipt_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('adhoc_payments_reference_uq').on(t.reference),
    uniqueIndex('adhoc_payments_token_uq').on(t.token),
    index('adhoc_payments_open_idx')
      .on(t.status)
      .where(sql`${t.status} IN ('pending', 'authorized', 'starting', 'charging')`),
    index('adhoc_payments_session_idx').on(t.sessionId),
    index('adhoc_payments_operator_idx').on(t.operatorId, t.createdAt),
  ],
);

/**
 * What Voltline did to each provider hold (captures, refunds, releases), kept by idempotency key:
 * the payment providers' PaymentLedger, so a capture is never made twice, across restarts too.
 */
export const paymentLedger = pgTable(
  'payment_ledger',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    providerRef: text('provider_ref').notNull(),
    kind: text('kind').notNull(),
    ref: text('ref').notNull(),
    amount: integer('amount').notNull(),
    released: integer('released').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_ledger_hold_idx').on(t.providerRef)],
);
