import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { chargePoints } from './charge-points.js';
import { drivers } from './drivers.js';
import { operators } from './operators.js';
import { users } from './users.js';

/**
 * Data-protection requests (OCPP 2.0.1 N09/N10): one CustomerInformation sent to one charger about
 * one of a driver's cards, and what the charger answered. The row's id is the request's requestId,
 * so the NotifyCustomerInformation parts name it; they are kept by seqNo until the last one (tbc
 * false) and all before it are in, then joined into `data`. States: see CUSTOMER_INFORMATION_STATES.
 */
export const customerInformationRequests = pgTable(
  'customer_information_requests',
  {
    id: serial('id').primaryKey(),
    driverId: integer('driver_id')
      .notNull()
      .references(() => drivers.id),
    /** The driver's operator when asked: the tenant of the request. */
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    chargePointId: integer('charge_point_id')
      .notNull()
      .references(() => chargePoints.id, { onDelete: 'cascade' }),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** The card asked about (its number, the idToken sent). */
    idToken: text('id_token').notNull(),
    report: boolean('report').notNull(),
    clear: boolean('clear').notNull(),
    status: text('status').notNull().default('sent'),
    /** Why the call failed, or the charger's statusInfo with a refusal. */
    error: text('error'),
    /** seqNo → data of each NotifyCustomerInformation part received so far. */
    parts: jsonb('parts').$type<Record<string, string>>().notNull().default({}),
    /** The seqNo of the part sent with tbc false, once it arrived. */
    lastSeqNo: integer('last_seq_no'),
    data: text('data'),
    generatedAt: timestamp('generated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('customer_information_requests_driver_idx').on(t.driverId, t.createdAt),
    index('customer_information_requests_cp_idx').on(t.chargePointId),
  ],
);
