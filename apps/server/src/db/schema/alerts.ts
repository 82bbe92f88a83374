import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
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

/**
 * What an operator wants to be told of (issue #33): one rule per kind, with the delay before it
 * raises (a charger that reboots pages no one) and the delay before it clears. Recipients: user
 * ids to mail; none, the operator's users who may read alerts. Quiet hours (`HH:MM`, the operator's
 * time zone): no e-mail between them, the alert is raised all the same.
 */
export const alertRules = pgTable(
  'alert_rules',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    /** charger_offline */
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    raiseAfterSeconds: integer('raise_after_seconds').notNull().default(600),
    clearAfterSeconds: integer('clear_after_seconds').notNull().default(120),
    recipientUserIds: integer('recipient_user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    quietStart: text('quiet_start'),
    quietEnd: text('quiet_end'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('alert_rules_operator_kind_uq').on(t.operatorId, t.kind)],
);

/**
 * One alert of a rule, holding every charger its condition caught (`alert_subjects`). `groupKey`
 * names the group (today the operator): a rule has at most one alert not yet resolved per group,
 * which the partial unique index keeps true across processes.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => alertRules.id),
    kind: text('kind').notNull(),
    groupKey: text('group_key').notNull(),
    /** open | acknowledged | resolved */
    state: text('state').notNull().default('open'),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: integer('acknowledged_by').references(() => users.id),
    assignedTo: integer('assigned_to').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** Null with resolution `cleared`: it cleared by itself. */
    resolvedBy: integer('resolved_by').references(() => users.id),
    /** cleared | manual */
    resolution: text('resolution'),
  },
  (t) => [
    uniqueIndex('alerts_live_group_uq')
      .on(t.ruleId, t.groupKey)
      .where(sql`${t.state} <> 'resolved'`),
    index('alerts_operator_live_idx')
      .on(t.operatorId)
      .where(sql`${t.state} <> 'resolved'`),
    index('alerts_operator_raised_idx').on(t.operatorId, t.raisedAt),
  ],
);

/** A charger an alert holds: offline since `since`, back at `clearedAt` (null: still offline). */
export const alertSubjects = pgTable(
  'alert_subjects',
  {
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    chargePointId: integer('charge_point_id')
      .notNull()
      .references(() => chargePoints.id),
    since: timestamp('since', { withTimezone: true }).notNull(),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.alertId, t.chargePointId] }),
    index('alert_subjects_cp_idx').on(t.chargePointId),
  ],
);

/** What happened to an alert, by whom (null: Voltline itself). */
export const alertHistory = pgTable(
  'alert_history',
  {
    id: serial('id').primaryKey(),
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    userId: integer('user_id').references(() => users.id),
    /** raised | subjectAdded | acknowledged | assigned | commented | resolved | cleared | notified */
    action: text('action').notNull(),
    comment: text('comment'),
  },
  (t) => [index('alert_history_alert_idx').on(t.alertId, t.at)],
);
