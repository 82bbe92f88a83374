import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { chargePoints } from './charge-points.js';
import { fileGrants, storedFiles } from './files.js';
import { operators } from './operators.js';
import { users } from './users.js';

/**
 * Each GetDiagnostics Voltline sent, and what became of it: the file name the charger announced,
 * its DiagnosticsStatusNotifications, and the stored file once its upload arrived (matched by the
 * upload grant). States: see DIAGNOSTICS_STATES in the contract.
 */
export const diagnosticsRequests = pgTable(
  'diagnostics_requests',
  {
    id: serial('id').primaryKey(),
    chargePointId: integer('charge_point_id')
      .notNull()
      .references(() => chargePoints.id, { onDelete: 'cascade' }),
    /** The charge point's operator when the request was made: the tenant of the file. */
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    startTime: timestamp('start_time', { withTimezone: true }),
    stopTime: timestamp('stop_time', { withTimezone: true }),
    retries: integer('retries'),
    retryInterval: integer('retry_interval'),
    /**
     * GetLog's logType (DiagnosticsLog | SecurityLog); null for a GetDiagnostics. A GetLog's
     * requestId is the row's id, so the charger's LogStatusNotifications name their request.
     */
    logType: text('log_type'),
    /** GetLog.conf's status (Accepted, Rejected, AcceptedCanceled). */
    answer: text('answer'),
    /** The upload grant of a location Voltline generated; null for a caller-given location. */
    grantId: integer('grant_id').references(() => fileGrants.id, { onDelete: 'set null' }),
    /** The name the charger announced in GetDiagnostics.conf. */
    fileName: text('file_name'),
    status: text('status').notNull().default('requested'),
    error: text('error'),
    storedFileId: integer('stored_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('diagnostics_requests_cp_idx').on(t.chargePointId, t.createdAt),
    index('diagnostics_requests_grant_idx').on(t.grantId),
    index('diagnostics_requests_operator_idx').on(t.operatorId, t.createdAt),
  ],
);

/** The network's diagnostics settings: one row (id 1), created with its defaults when first changed. */
export const diagnosticsSettings = pgTable('diagnostics_settings', {
  id: integer('id').primaryKey(),
  retentionDays: integer('retention_days').notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
