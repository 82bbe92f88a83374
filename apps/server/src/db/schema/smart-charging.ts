import {
  bigserial,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { chargePoints } from './charge-points.js';
import { operators } from './operators.js';
import { users } from './users.js';

/** A smart-charging group: charge points sharing one grid connection (`/management/smartCharging`). */
export const smartChargingGroups = pgTable(
  'smart_charging_groups',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    name: text('name').notNull(),
    /** A (per phase) or W. */
    chargingRateUnit: text('charging_rate_unit').notNull(),
    /** equal | arrival */
    mode: text('mode').notNull(),
    maxPower: doublePrecision('max_power').notNull(),
    minPerSession: doublePrecision('min_per_session').notNull(),
    phases: integer('phases').notNull().default(3),
    schedule: jsonb('schedule').$type<{ from: string; limit: number }[]>().notNull().default([]),
    timeZone: text('time_zone').notNull().default('UTC'),
    /** When the balancer last ran for the group. */
    balancedAt: timestamp('balanced_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('smart_charging_groups_operator_idx').on(t.operatorId)],
);

/** A group's charge points; the unique charge point makes "in at most one group" a database rule. */
export const smartChargingMembers = pgTable(
  'smart_charging_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => smartChargingGroups.id, { onDelete: 'cascade' }),
    chargePointId: integer('charge_point_id')
      .notNull()
      .references(() => chargePoints.id),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.chargePointId] }),
    uniqueIndex('smart_charging_members_cp_uq').on(t.chargePointId),
  ],
);

/**
 * What the balancer last decided and sent for one connector of a group: the limit in the group's
 * unit, what it counts in reserve for it, and how the charger answered.
 */
export const smartChargingAllocations = pgTable(
  'smart_charging_allocations',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => smartChargingGroups.id, { onDelete: 'cascade' }),
    chargePointId: integer('charge_point_id')
      .notNull()
      .references(() => chargePoints.id),
    connectorId: integer('connector_id').notNull(),
    /** The limit last sent (group unit); null when none was. */
    limit: doublePrecision('limit'),
    /** TxProfile | TxDefaultProfile: the purpose of the last profile sent. */
    purpose: text('purpose'),
    /** The transaction the last TxProfile was for. */
    transactionId: integer('transaction_id'),
    /** The TxDefaultProfile limit the charger last accepted (what a new session starts at). */
    defaultLimit: doublePrecision('default_limit'),
    /** What the balancer counts for the connector (group unit). */
    reserved: doublePrecision('reserved').notNull().default(0),
    /** Accepted | Rejected | NotSupported | pending | offline | failed */
    state: text('state'),
    detail: text('detail'),
    /**
     * When the last profile went out; a decrease of a running session keeps the earlier time, as the
     * balancer judges a car's use only once its limit has stood 30 s without rising.
     */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The OCPP chargingProfileId last sent. */
    profileId: integer('profile_id'),
  },
  (t) => [
    uniqueIndex('smart_charging_allocations_connector_uq').on(t.chargePointId, t.connectorId),
    index('smart_charging_allocations_group_idx').on(t.groupId),
  ],
);

/** The group's power against its limit over time, for the chart; pruned after some days. */
export const smartChargingSamples = pgTable(
  'smart_charging_samples',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => smartChargingGroups.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    limitW: doublePrecision('limit_w').notNull(),
    allocatedW: doublePrecision('allocated_w').notNull(),
    measuredW: doublePrecision('measured_w').notNull(),
  },
  (t) => [index('smart_charging_samples_group_idx').on(t.groupId, t.at)],
);
