import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { chargePoints } from './charge-points.js';
import { operators } from './operators.js';
import { users } from './users.js';

/**
 * A charger's maintenance history: entries Voltline records from what the charger reports
 * (`source` auto) and entries technicians write (manual). See the contract's maintenance.ts for
 * the types of each source.
 */
export const maintenanceLogs = pgTable(
  'maintenance_logs',
  {
    id: serial('id').primaryKey(),
    chargePointId: integer('charge_point_id')
      .notNull()
      .references(() => chargePoints.id, { onDelete: 'cascade' }),
    /** The charge point's operator when the entry was made: the entry's tenant. */
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    /** OCPP connector number (0 = the charge point itself); null: not about one connector. */
    connectorId: integer('connector_id'),
    /** auto | manual */
    source: text('source').notNull(),
    type: text('type').notNull(),
    description: text('description'),
    /** What an automatic entry recorded: errorCode, info, vendorErrorCode, status, firmware version. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    technician: text('technician'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** A fault's end (when it cleared), a piece of work's end; null while open or for an instant. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('maintenance_logs_cp_idx').on(t.chargePointId, t.startedAt),
    index('maintenance_logs_operator_idx').on(t.operatorId, t.startedAt),
    index('maintenance_logs_started_idx').on(t.startedAt),
    // Every StatusNotification looks for its connector's open fault.
    index('maintenance_logs_open_fault_idx')
      .on(t.chargePointId, t.connectorId)
      .where(sql`type = 'fault' AND ended_at IS NULL`),
  ],
);
