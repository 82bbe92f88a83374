import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { chargePoints } from './charge-points.js';

/** A GetChargingProfiles Voltline sent (K09): its criteria, the charger's answer, when its report was whole. */
export const chargingProfileReports = pgTable(
  'charging_profile_reports',
  {
    id: serial('id').primaryKey(),
    chargePointId: integer('charge_point_id')
      .notNull()
      .references(() => chargePoints.id, { onDelete: 'cascade' }),
    requestId: integer('request_id').notNull(),
    criteria: jsonb('criteria'),
    /** Accepted | NoProfiles */
    status: text('status'),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('charging_profile_reports_request_uq').on(t.chargePointId, t.requestId)],
);

/** One profile a charger reported holding (ReportChargingProfiles), in the contract's ReportedProfile shape. */
export const reportedChargingProfiles = pgTable(
  'reported_charging_profiles',
  {
    id: serial('id').primaryKey(),
    chargePointId: integer('charge_point_id')
      .notNull()
      .references(() => chargePoints.id, { onDelete: 'cascade' }),
    requestId: integer('request_id').notNull(),
    evseId: integer('evse_id').notNull(),
    source: text('source').notNull(),
    profile: jsonb('profile').notNull(),
  },
  (t) => [index('reported_charging_profiles_request_idx').on(t.chargePointId, t.requestId)],
);

/** A limit an external system set on a charger (evse 0) or one of its EVSEs (K12), until cleared (K13). */
export const externalChargingLimits = pgTable(
  'external_charging_limits',
  {
    id: serial('id').primaryKey(),
    chargePointId: integer('charge_point_id')
      .notNull()
      .references(() => chargePoints.id, { onDelete: 'cascade' }),
    evseId: integer('evse_id').notNull().default(0),
    source: text('source').notNull(),
    gridCritical: boolean('grid_critical').notNull().default(false),
    unit: text('unit'),
    startSchedule: timestamp('start_schedule', { withTimezone: true }),
    /** [{startPeriod, limit, numberPhases}] */
    periods: jsonb('periods').notNull().default([]),
    since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('external_charging_limits_uq').on(t.chargePointId, t.evseId, t.source)],
);

/** What the car at an EVSE last asked for (K15) and the schedule it chose (K17). */
export const evChargingNeeds = pgTable(
  'ev_charging_needs',
  {
    id: serial('id').primaryKey(),
    chargePointId: integer('charge_point_id')
      .notNull()
      .references(() => chargePoints.id, { onDelete: 'cascade' }),
    evseId: integer('evse_id').notNull(),
    sessionId: integer('session_id'),
    needs: jsonb('needs').notNull(),
    /** Accepted | Processing | Rejected */
    answer: text('answer').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    schedule: jsonb('schedule'),
    scheduleAt: timestamp('schedule_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('ev_charging_needs_evse_uq').on(t.chargePointId, t.evseId)],
);
