import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { chargePoints } from './charge-points.js';

/** One attribute of a reported variable, as NotifyReport gives it (defaults filled in). */
export interface StoredAttribute {
  type: 'Actual' | 'Target' | 'MinSet' | 'MaxSet';
  value: string | null;
  mutability: 'ReadOnly' | 'WriteOnly' | 'ReadWrite';
  persistent: boolean;
  constant: boolean;
}

/**
 * The OCPP 2.0.1 device model of each charger: one row per variable of a component, with its
 * attributes and characteristics (B07, B08). A full base report replaces a charger's rows at once.
 */
export const deviceVariables = pgTable(
  'device_variables',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chargePointId: integer('charge_point_id')
      .notNull()
      .references(() => chargePoints.id),
    componentName: text('component_name').notNull(),
    componentInstance: text('component_instance'),
    evseId: integer('evse_id'),
    connectorId: integer('connector_id'),
    variableName: text('variable_name').notNull(),
    variableInstance: text('variable_instance'),
    attributes: jsonb('attributes').$type<StoredAttribute[]>().notNull(),
    unit: text('unit'),
    /** Null when the charger reported no characteristics for the variable. */
    dataType: text('data_type'),
    minLimit: doublePrecision('min_limit'),
    maxLimit: doublePrecision('max_limit'),
    valuesList: text('values_list'),
    supportsMonitoring: boolean('supports_monitoring'),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('device_variables_cp_idx').on(t.chargePointId, t.componentName, t.variableName)],
);

/**
 * The base reports Voltline asked a charger for (GetBaseReport), by requestId: a FullInventory
 * report replaces the stored model once complete; `completedAt` marks it applied.
 */
export const deviceReportRequests = pgTable(
  'device_report_requests',
  {
    chargePointId: integer('charge_point_id')
      .notNull()
      .references(() => chargePoints.id),
    requestId: integer('request_id').notNull(),
    reportBase: text('report_base').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.chargePointId, t.requestId] })],
);

/** NotifyReport parts held until the report's last part (tbc false) and all before it have arrived. */
export const deviceReportParts = pgTable(
  'device_report_parts',
  {
    chargePointId: integer('charge_point_id')
      .notNull()
      .references(() => chargePoints.id),
    requestId: integer('request_id').notNull(),
    seqNo: integer('seq_no').notNull(),
    tbc: boolean('tbc').notNull(),
    /** The part's reportData, as the charger sent it. */
    reportData: jsonb('report_data').notNull(),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chargePointId, t.requestId, t.seqNo] })],
);

/**
 * The variable monitors each charger holds (N02-N06): as its last whole NotifyMonitoringReport
 * said, plus those Voltline set since. `monitorId` is the charger's id; `origin` says whether
 * Voltline set it (custom) or the charger came with it (preconfigured, hard-wired).
 */
export const variableMonitors = pgTable(
  'variable_monitors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chargePointId: integer('charge_point_id')
      .notNull()
      .references(() => chargePoints.id),
    monitorId: integer('monitor_id').notNull(),
    componentName: text('component_name').notNull(),
    componentInstance: text('component_instance'),
    evseId: integer('evse_id'),
    connectorId: integer('connector_id'),
    variableName: text('variable_name').notNull(),
    variableInstance: text('variable_instance'),
    type: text('type').notNull(),
    value: doublePrecision('value').notNull(),
    severity: integer('severity').notNull(),
    transaction: boolean('transaction').notNull(),
    origin: text('origin').notNull(),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('variable_monitors_cp_monitor_idx').on(t.chargePointId, t.monitorId)],
);

/** GetMonitoringReport requests Voltline sent; a whole one (no criteria) replaces the stored set. */
export const monitorReportRequests = pgTable(
  'monitor_report_requests',
  {
    chargePointId: integer('charge_point_id')
      .notNull()
      .references(() => chargePoints.id),
    requestId: integer('request_id').notNull(),
    whole: boolean('whole').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.chargePointId, t.requestId] })],
);

/** NotifyMonitoringReport parts held until the report's last part and all before it have arrived. */
export const monitorReportParts = pgTable(
  'monitor_report_parts',
  {
    chargePointId: integer('charge_point_id')
      .notNull()
      .references(() => chargePoints.id),
    requestId: integer('request_id').notNull(),
    seqNo: integer('seq_no').notNull(),
    tbc: boolean('tbc').notNull(),
    monitor: jsonb('monitor').$type<unknown[]>().notNull(),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chargePointId, t.requestId, t.seqNo] })],
);

/** The monitoring base (N03) and level (N05) a charger last accepted from Voltline. */
export const monitoringSettings = pgTable('monitoring_settings', {
  chargePointId: integer('charge_point_id')
    .primaryKey()
    .references(() => chargePoints.id),
  base: text('base'),
  level: integer('level'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
