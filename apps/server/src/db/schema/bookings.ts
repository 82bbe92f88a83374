import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { chargePoints } from './charge-points.js';
import { drivers, rfidCards } from './drivers.js';
import { operators } from './operators.js';
import { users } from './users.js';

/**
 * Bookings: a driver's card reserves a connector (0: any connector) of a charge point until
 * `expires_at`. The row's id is the reservationId sent in ReserveNow. States and answers: see the
 * contract's bookings.ts.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    name: text('name'),
    chargePointId: integer('charge_point_id')
      .notNull()
      .references(() => chargePoints.id, { onDelete: 'cascade' }),
    /** The charge point's operator when the booking was made: the booking's tenant. */
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    connectorId: integer('connector_id').notNull(),
    rfidCardId: integer('rfid_card_id')
      .notNull()
      .references(() => rfidCards.id),
    driverId: integer('driver_id').references(() => drivers.id),
    /** The card's number as sent in ReserveNow. */
    idTag: text('id_tag').notNull(),
    /** active | refused | failed | used | cancelled | expired */
    state: text('state').notNull(),
    answer: text('answer'),
    error: text('error'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    sessionId: integer('session_id'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Overlap checks and the expiry job look for the holding bookings of a charge point.
    index('bookings_active_cp_idx')
      .on(t.chargePointId, t.connectorId)
      .where(sql`${t.state} = 'active'`),
    index('bookings_active_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.state} = 'active'`),
    index('bookings_active_card_idx')
      .on(t.rfidCardId)
      .where(sql`${t.state} = 'active'`),
    index('bookings_operator_idx').on(t.operatorId, t.createdAt),
  ],
);
