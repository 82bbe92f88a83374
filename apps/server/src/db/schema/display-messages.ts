import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { chargePoints } from './charge-points.js';

/** A display message's target display (ComponentType), as the charger gave it. */
export interface StoredDisplay {
  name: string;
  instance?: string;
  evse?: { id: number; connectorId?: number };
}

/**
 * The display messages each OCPP 2.0.1 charger holds (O01-O06), by the charger's message id: what
 * it reported (NotifyDisplayMessages) or what Voltline set and it accepted. A complete report of
 * all its messages replaces its rows.
 */
export const displayMessages = pgTable(
  'display_messages',
  {
    chargePointId: integer('charge_point_id')
      .notNull()
      .references(() => chargePoints.id),
    messageId: integer('message_id').notNull(),
    priority: text('priority').notNull(),
    state: text('state'),
    startDateTime: timestamp('start_date_time', { withTimezone: true }),
    endDateTime: timestamp('end_date_time', { withTimezone: true }),
    transactionId: text('transaction_id'),
    format: text('format').notNull(),
    language: text('language'),
    content: text('content').notNull(),
    display: jsonb('display').$type<StoredDisplay>(),
    /** `set` (Voltline set it, the charger accepted) or `report` (the charger reported it). */
    source: text('source').$type<'set' | 'report'>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [primaryKey({ columns: [t.chargePointId, t.messageId] })],
);

/**
 * The GetDisplayMessages Voltline sent that the charger accepted, by requestId, with the messages
 * of the NotifyDisplayMessages parts received so far; applied and removed at the last part.
 * `criteria`: what it asked for (O04; none for all, O03): the report replaces the stored messages
 * matching them.
 */
export const displayMessageReports = pgTable(
  'display_message_reports',
  {
    chargePointId: integer('charge_point_id')
      .notNull()
      .references(() => chargePoints.id),
    requestId: integer('request_id').notNull(),
    criteria: jsonb('criteria').$type<{ id?: number[]; priority?: string; state?: string }>().notNull(),
    messages: jsonb('messages').$type<unknown[]>().default([]).notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [primaryKey({ columns: [t.chargePointId, t.requestId] })],
);
