import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { operators } from './operators.js';

export const drivers = pgTable(
  'drivers',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    name: text('name').notNull(),
    surname: text('surname').notNull(),
    email: text('email'),
    phone: text('phone'),
    passwordHash: text('password_hash'),
    /** active | blocked | suspended */
    status: text('status').notNull().default('active'),
    /** Minor units; always the sum of the driver's balance entries (kept in the same transaction). */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull().default('TRY'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('drivers_operator_idx').on(t.operatorId)],
);

export const rfidCards = pgTable(
  'rfid_cards',
  {
    id: serial('id').primaryKey(),
    driverId: integer('driver_id')
      .notNull()
      .references(() => drivers.id),
    name: text('name'),
    /** The OCPP idTag (at most 20 characters), unique across the network. */
    number: text('number').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** active | blocked */
    status: text('status').notNull().default('active'),
    /** The card's group (OCPP 2.0.1 groupIdToken, 1.6 parentIdTag): cards of a group may stop each other's sessions. */
    groupIdToken: text('group_id_token'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rfid_cards_number_uq').on(sql`upper(${t.number})`),
    index('rfid_cards_driver_idx').on(t.driverId),
  ],
);

/** The balance ledger: every change of a driver's balance is one entry. */
export const balanceEntries = pgTable(
  'balance_entries',
  {
    id: serial('id').primaryKey(),
    driverId: integer('driver_id')
      .notNull()
      .references(() => drivers.id),
    /** Minor units, positive or negative. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** adjustment | topup | charge | refund */
    kind: text('kind').notNull(),
    reason: text('reason'),
    /** Makes an entry happen once: e.g. `session:42` for a session's charge. */
    reference: text('reference'),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('balance_entries_driver_idx').on(t.driverId, t.id),
    uniqueIndex('balance_entries_reference_uq').on(t.reference),
  ],
);
