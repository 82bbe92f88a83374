import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { operators } from './operators.js';
import { xid8 } from './xid8.js';
import { users } from './users.js';

/**
 * A URL an operator wants its events sent to (issue #32). It receives the events of its operator and
 * of those below it, of the types it lists (none listed: all). The secret signs every delivery; it
 * is stored as is (signing needs it) and shown only when created or rotated.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    url: text('url').notNull(),
    description: text('description'),
    eventTypes: text('event_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Why it is off: `user` (switched off by staff) or `failing` (switched off by Voltline). */
    disabledReason: text('disabled_reason'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /**
     * The last integration event the dispatcher has turned into deliveries for this endpoint, as
     * the pair (`cursorTx`, `cursor`): its transaction and id (events are read in that order).
     */
    cursor: bigint('cursor', { mode: 'number' }).notNull().default(0),
    cursorTx: xid8('cursor_tx').notNull().default('0'),
    /** Since when every try has failed (null: the last try succeeded). */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_operator_idx').on(t.operatorId)],
);

/**
 * One event for one endpoint, stored before it is sent: a restart loses nothing. `body` is the exact
 * JSON of a test event (others are built from their event when sent); `chargePointId` orders the deliveries of one charger to one endpoint. A process claims a
 * due delivery by setting `lockedUntil` (with `FOR UPDATE SKIP LOCKED`), so one process sends it.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The integration event (null for a test event, which is no event of the feed). */
    eventId: bigint('event_id', { mode: 'number' }),
    eventType: text('event_type').notNull(),
    chargePointId: integer('charge_point_id'),
    /** The JSON sent when it is no integration event's (a test event); otherwise built from the event. */
    body: text('body'),
    /** `pending`, `delivered` or `failed` (its day of tries is over). */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    giveUpAt: timestamp('give_up_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastStatus: integer('last_status'),
    lastAnswer: text('last_answer'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_uq').on(t.endpointId, t.eventId),
    // Partial: the claim of due deliveries reads pending rows only (sender.ts claimDue).
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.state} = 'pending'`),
    index('webhook_deliveries_order_idx').on(t.endpointId, t.chargePointId, t.id),
    // Retention keeps an event while any delivery of it is kept (retention.ts).
    index('webhook_deliveries_event_idx').on(t.eventId),
    index('webhook_deliveries_pending_order_idx')
      .on(t.endpointId, t.chargePointId, t.id)
      .where(sql`${t.state} = 'pending'`),
  ],
);

/** Each try of a delivery, with the receiver's answer (status and the start of its body) or the error. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    status: integer('status'),
    answer: text('answer'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId)],
);
