import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** A charging session: one OCPP transaction (its id is the OCPP transactionId). */
export const chargingSessions = pgTable(
  'charging_sessions',
  {
    id: serial('id').primaryKey(),
    chargePointId: integer('charge_point_id').notNull(),
    operatorId: integer('operator_id').notNull(),
    connectorId: integer('connector_id').notNull(),
    idTag: text('id_tag').notNull(),
    rfidCardId: integer('rfid_card_id'),
    driverId: integer('driver_id'),
    reservationId: integer('reservation_id'),
    /**
     * The charger's own transaction id where the charger names its transactions (OCPP 2.0.1
     * TransactionEvent); null where Voltline assigns it (OCPP 1.6: the session id is the transactionId).
     */
    chargerTransactionId: text('charger_transaction_id'),
    /** The remote start (RequestStartTransaction remoteStartId) the charger tied this transaction to. */
    remoteStartId: integer('remote_start_id'),
    /**
     * The summary of the transaction's events stored so far (modules/sessions/transactions.fold.ts),
     * so that one more event is folded in without reading those before it; null where the charger
     * reports no events (OCPP 1.6) and on sessions from before it was kept.
     */
    txFold: jsonb('tx_fold').$type<Record<string, unknown>>(),
    meterStart: bigint('meter_start', { mode: 'number' }).notNull(),
    meterStop: bigint('meter_stop', { mode: 'number' }),
    /** The charger's own start time, part of what makes a resent StartTransaction the same session. */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    /**
     * What Voltline itself witnessed (null on sessions from before these were kept): when the Start
     * arrived, the earliest the session can have begun by what Voltline knows of the charger's
     * connection (witness.ts), and when the Stop arrived (or, closed without one, the last news of
     * the session). The charger's own times above are kept as sent.
     */
    startReceivedAt: timestamp('start_received_at', { withTimezone: true }),
    earliestStartAt: timestamp('earliest_start_at', { withTimezone: true }),
    stopReceivedAt: timestamp('stop_received_at', { withTimezone: true }),
    /**
     * When the car stopped drawing energy (its connector reported SuspendedEV or Finishing while the
     * session ran); cleared when it charges again. Parking is priced after it.
     */
    chargingEndedAt: timestamp('charging_ended_at', { withTimezone: true }),
    stopReason: text('stop_reason'),
    stopIdTag: text('stop_id_tag'),
    /**
     * active | completed | failed | refused | review. Only a start Voltline accepted is active; a
     * refused one keeps its own state (the charger may charge anyway) and is never billed; one
     * closed with impossible readings is held for review, unbilled until staff settle it.
     */
    state: text('state').notNull().default('active'),
    /** What Voltline answered the StartTransaction (a session may run on a refused tag if the charger decided so). */
    authorization: text('authorization').notNull().default('Accepted'),
    /** Staff's reason when they closed the session because its charger never sent StopTransaction. */
    closeNote: text('close_note'),
    /**
     * Why a session is held for review (state `review`): its readings are impossible for the
     * connector. Kept after staff release or correct it, for the record.
     */
    reviewReasons: jsonb('review_reasons').$type<string[]>(),
    /** Staff's note when they released or corrected a held session. */
    reviewNote: text('review_note'),
    /**
     * The meter at the start as staff corrected it. meter_start keeps what the charger sent: with
     * the start time it is how a resent StartTransaction is recognised.
     */
    correctedMeterStart: bigint('corrected_meter_start', { mode: 'number' }),
    energyWh: bigint('energy_wh', { mode: 'number' }),
    lastMeterWh: bigint('last_meter_wh', { mode: 'number' }),
    lastPowerW: doublePrecision('last_power_w'),
    lastSoc: doublePrecision('last_soc'),
    tariffId: integer('tariff_id'),
    tariffSnapshot: jsonb('tariff_snapshot').$type<Record<string, unknown>>(),
    cost: bigint('cost', { mode: 'number' }),
    currency: text('currency'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('charging_sessions_resend_uq').on(t.chargePointId, t.connectorId, t.meterStart, t.startedAt),
    index('charging_sessions_cp_idx').on(t.chargePointId, t.state),
    uniqueIndex('charging_sessions_charger_tx_uq')
      .on(t.chargePointId, t.chargerTransactionId)
      .where(sql`${t.chargerTransactionId} IS NOT NULL`),
    // One card, one accepted running session: the database refuses a second under any interleaving,
    // whichever server process inserts it.
    uniqueIndex('charging_sessions_card_active_uq')
      .on(t.rfidCardId)
      .where(sql`${t.state} = 'active' AND ${t.rfidCardId} IS NOT NULL`),
    // Pages by (started_at, id); a covering index on started_at (migrations 0006 and 0009, by hand:
    // Drizzle cannot express INCLUDE) serves the dashboard's sums with index-only scans.
    index('charging_sessions_started_idx').on(t.startedAt, t.id),
    index('charging_sessions_operator_idx').on(t.operatorId, t.startedAt),
    index('charging_sessions_driver_idx').on(t.driverId, t.startedAt),
    // Sessions not yet in the rollups below (running, or closed without a stop time): few, and
    // read live by the dashboard.
    index('charging_sessions_live_idx')
      .on(t.startedAt)
      .where(sql`${t.stoppedAt} IS NULL OR ${t.state} = 'active'`),
  ],
);

/*
 * Rollups of closed sessions (stop time set, state not active) for the dashboard, kept by a
 * trigger on charging_sessions in the same transaction as every change to a session (migration
 * 0008): adding, closing, re-pricing or deleting a session moves them by its difference.
 */

/** Sessions, energy and revenue per operator and 15 minutes of start time. */
export const sessionStats = pgTable(
  'session_stats',
  {
    operatorId: integer('operator_id').notNull(),
    /** Start of the 15 minutes the sessions started in (every time zone's midnight is such a start). */
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    sessions: integer('sessions').notNull(),
    energyWh: bigint('energy_wh', { mode: 'number' }).notNull(),
    revenue: bigint('revenue', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.operatorId] })],
);

/** Charging seconds per charge point and UTC day, of the part of each session inside that day. */
export const chargePointUsage = pgTable(
  'charge_point_usage',
  {
    chargePointId: integer('charge_point_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    seconds: doublePrecision('seconds').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.chargePointId] })],
);

/** One row: the longest closed session, which bounds how far back a session can reach into a range. */
export const sessionStatsMeta = pgTable('session_stats_meta', {
  id: integer('id').primaryKey(),
  longestSeconds: doublePrecision('longest_seconds').notNull(),
});

/** Every sampled value of MeterValues and of StopTransaction's transactionData. */
export const meterValues = pgTable(
  'meter_values',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chargePointId: integer('charge_point_id').notNull(),
    connectorId: integer('connector_id').notNull(),
    sessionId: integer('session_id'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    measurand: text('measurand').notNull(),
    phase: text('phase'),
    unit: text('unit'),
    context: text('context'),
    location: text('location'),
    format: text('format'),
    value: text('value').notNull(),
    numeric: doublePrecision('numeric'),
    /** When Voltline received the sample (`at` is the charger's time); null on older samples. */
    receivedAt: timestamp('received_at', { withTimezone: true }).defaultNow(),
  },
  (t) => [
    index('meter_values_session_idx').on(t.sessionId, t.at),
    // A resent MeterValues stores nothing twice.
    unique('meter_values_sample_uq')
      .on(t.chargePointId, t.connectorId, t.at, t.measurand, t.phase, t.location, t.context)
      .nullsNotDistinct(),
  ],
);

/**
 * Every transaction event a charger sent (OCPP 2.0.1 TransactionEvent), once per sequence number:
 * a session is the fold of its events in `seqNo` order, so events that arrive late, out of order
 * or twice after an outage give the same session.
 */
export const transactionEvents = pgTable(
  'transaction_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chargePointId: integer('charge_point_id').notNull(),
    /** The charger's transaction id. */
    transactionId: text('transaction_id').notNull(),
    seqNo: integer('seq_no').notNull(),
    /** Started | Updated | Ended */
    eventType: text('event_type').notNull(),
    triggerReason: text('trigger_reason').notNull(),
    /** The charger's time of the event. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    offline: boolean('offline').notNull().default(false),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    sessionId: integer('session_id'),
  },
  (t) => [
    uniqueIndex('transaction_events_seq_uq').on(t.chargePointId, t.transactionId, t.seqNo),
    index('transaction_events_session_idx').on(t.sessionId),
  ],
);

/** A StopTransaction for a transaction Voltline never saw: kept, not lost. */
export const unmatchedStops = pgTable(
  'unmatched_stops',
  {
    id: serial('id').primaryKey(),
    chargePointId: integer('charge_point_id').notNull(),
    transactionId: integer('transaction_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('unmatched_stops_uq').on(t.chargePointId, t.transactionId)],
);
