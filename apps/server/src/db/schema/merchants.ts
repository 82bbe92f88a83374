import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { operators } from './operators.js';

/** The legal entity that is paid for an operator's charging: one per operator, saved with it. */
export const merchants = pgTable(
  'merchants',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    legalName: text('legal_name').notNull(),
    /** Turkish VKN (10 digits, companies) or TCKN (11 digits, sole traders). */
    taxId: text('tax_id').notNull(),
    taxOffice: text('tax_office'),
    /** Stored without spaces, upper case; checked with ISO 13616 mod-97. */
    iban: text('iban').notNull(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    city: text('city').notNull(),
    country: text('country').notNull(),
    zipCode: text('zip_code'),
    contactName: text('contact_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('merchants_operator_uq').on(t.operatorId)],
);
