import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { operators } from './operators.js';
import { xid8 } from './xid8.js';

/**
 * What happened, for other systems (issue #32): one row per event, written in the same transaction
 * as the change it tells of, so an event is never lost nor told of a change that was rolled back.
 * Webhook deliveries and the pull feed (`GET /api/events`) both read from here, in (`txId`, `id`)
 * order and only below the oldest running transaction (modules/events/commit-order.ts).
 * `chargePointId` orders deliveries per charger; it has no foreign key, as an event outlives a
 * deleted charger.
 */
export const integrationEvents = pgTable(
  'integration_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    /** e.g. `session.stopped`; the list is the contract's `EVENT_TYPES`. */
    type: text('type').notNull(),
    /** The version of the event's JSON shape. */
    version: integer('version').default(1).notNull(),
    chargePointId: integer('charge_point_id'),
    /** The id of what the event is about (a session, a command, a booking…), as text. */
    subject: text('subject'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).defaultNow().notNull(),
    /**
     * The transaction that wrote the event: ids are taken before commit, so a smaller id can become
     * visible after a larger one; the writing transaction tells when nothing can come behind.
     */
    txId: xid8('tx_id')
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  (t) => [
    index('integration_events_operator_id_idx').on(t.operatorId, t.id),
    index('integration_events_tx_idx').on(t.txId, t.id),
  ],
);
