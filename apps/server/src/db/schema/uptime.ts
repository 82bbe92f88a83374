import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { chargePoints } from './charge-points.js';
import { operators } from './operators.js';
import { users } from './users.js';

/**
 * Downtime staff excluded from uptime (23 CFR 680.116(b)): a grid outage, vandalism, a natural
 * disaster, planned maintenance, or another reason in words; for the whole charge point
 * (connectorId null) or one connector.
 */
export const uptimeExclusions = pgTable(
  'uptime_exclusions',
  {
    id: serial('id').primaryKey(),
    chargePointId: integer('charge_point_id')
      .notNull()
      .references(() => chargePoints.id, { onDelete: 'cascade' }),
    /** The charge point's operator when the entry was made: the entry's tenant. */
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    connectorId: integer('connector_id'),
    /** planned_maintenance | grid_outage | vandalism | natural_disaster | other */
    reason: text('reason').notNull(),
    note: text('note'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uptime_exclusions_cp_idx').on(t.chargePointId, t.startsAt)],
);
