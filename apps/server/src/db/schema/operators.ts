import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const operators = pgTable(
  'operators',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    /** Materialised path of ids, e.g. `/1/4/9/`: a subtree is `path LIKE '/1/4/%'`. */
    path: text('path').notNull().default(''),
    name: text('name').notNull(),
    email: text('email'),
    supportEmail: text('support_email'),
    phone: text('phone'),
    heartbeatInterval: integer('heartbeat_interval').notNull().default(300),
    prepaid: boolean('prepaid').notNull().default(false),
    /** Minor units; prepaid drivers need at least this balance to start charging. */
    minBalance: integer('min_balance').notNull().default(0),
    role: text('role'),
    /** VAT in basis points (2000 = 20 %), and whether tariff prices are stated including it. */
    vatRate: integer('vat_rate').notNull().default(2000),
    pricesIncludeVat: boolean('prices_include_vat').notNull().default(true),
    /** IANA zone of the operator's charge points, for tariff time restrictions. */
    timeZone: text('time_zone').notNull().default('Europe/Istanbul'),
    /** Ad-hoc payment: what a stranger's card is held for before a charge (minor units). */
    adhocHoldAmount: integer('adhoc_hold_amount').notNull().default(50000),
    /** Open data (AFIR Art. 20): its charge points and tariffs on the public /api/public routes. */
    publishOpenData: boolean('publish_open_data').notNull().default(false),
    /** No effect: unknown chargers are held as pending for an Admin, never placed in an operator. */
    autoRegisterChargePoints: boolean('auto_register_charge_points').notNull().default(false),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('operators_path_idx').using('btree', sql`${t.path} text_pattern_ops`),
    index('operators_parent_idx').on(t.parentId),
  ],
);
