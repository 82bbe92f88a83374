import {
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { TariffComponents } from '@voltline/contract';
import { operators } from './operators.js';

export const tariffs = pgTable(
  'tariffs',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    name: text('name').notNull(),
    type: text('type').notNull(),
    paymentType: text('payment_type').notNull(),
    currency: text('currency').notNull().default('TRY'),
    /** Minor units per kWh. */
    pricePerKwh: integer('price_per_kwh').notNull(),
    limitKwh: doublePrecision('limit_kwh'),
    overLimitPricePerKwh: integer('over_limit_price_per_kwh'),
    /** Minor units per session. */
    fixedPrice: integer('fixed_price').notNull().default(0),
    /**
     * OCPI price components (contract `TariffComponents`), what sessions are priced by; null is
     * read as the components derived from the fields above (componentsFromLegacy).
     */
    components: jsonb('components').$type<TariffComponents>(),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tariffs_operator_idx').on(t.operatorId)],
);

/** Money that went through a payment gateway: top-ups and session charges. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    pgTranId: text('pg_tran_id').notNull(),
    kind: text('kind').notNull(),
    driverId: integer('driver_id'),
    operatorId: integer('operator_id').notNull(),
    sessionId: integer('session_id'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    refundedAmount: bigint('refunded_amount', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull(),
    state: text('state').notNull(),
    gateway: text('gateway').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_pg_tran_uq').on(t.pgTranId),
    uniqueIndex('payments_session_uq').on(t.sessionId),
    index('payments_operator_idx').on(t.operatorId, t.createdAt),
    index('payments_driver_idx').on(t.driverId, t.createdAt),
  ],
);

export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    gatewayRefundId: text('gateway_refund_id').notNull(),
    /** The client's Idempotency-Key: a retried refund returns the first one. */
    idempotencyKey: text('idempotency_key'),
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refunds_payment_idx').on(t.paymentId),
    uniqueIndex('refunds_idempotency_uq').on(t.paymentId, t.idempotencyKey),
  ],
);
