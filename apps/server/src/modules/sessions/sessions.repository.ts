import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { SESSION_UPDATED_DATA } from '../events/session-events.js';
import { executeNamed, placeholders, reusable } from '../../db/prepared.js';
import { insertUnnest, type UnnestColumn } from '../../db/unnest.js';
import {
  chargePoints,
  chargingSessions,
  connectors,
  meterValues,
  unmatchedStops,
} from '../../db/schema/index.js';

export type SessionRow = typeof chargingSessions.$inferSelect;
export type NewMeterValue = typeof meterValues.$inferInsert;

export async function findResentStart(
  tx: Tx,
  chargePointId: number,
  connectorId: number,
  meterStart: number,
  startedAt: Date,
) {
  const [row] = await tx
    .select({
      id: chargingSessions.id,
      state: chargingSessions.state,
      authorization: chargingSessions.authorization,
    })
    .from(chargingSessions)
    .where(
      and(
        eq(chargingSessions.chargePointId, chargePointId),
        eq(chargingSessions.connectorId, connectorId),
        eq(chargingSessions.meterStart, meterStart),
        eq(chargingSessions.startedAt, startedAt),
      ),
    )
    .limit(1);
  return row;
}

/** The columns a StartTransaction writes. */
const STARTED_COLUMNS = [
  'tariffId',
  'tariffSnapshot',
  'currency',
  'chargePointId',
  'operatorId',
  'connectorId',
  'idTag',
  'rfidCardId',
  'driverId',
  'reservationId',
  'meterStart',
  'lastMeterWh',
  'startedAt',
  'startReceivedAt',
  'earliestStartAt',
  'state',
  'authorization',
] as const satisfies readonly (keyof typeof chargingSessions.$inferInsert)[];

/** A started session's values, every one given (null where unknown). */
export type StartedSession = Required<
  Pick<typeof chargingSessions.$inferInsert, (typeof STARTED_COLUMNS)[number]>
>;

const insertStarted = reusable('session_insert', (tx) =>
  tx
    .insert(chargingSessions)
    .values(placeholders(STARTED_COLUMNS))
    .onConflictDoNothing()
    .returning({ id: chargingSessions.id }),
);

/** A started session's row; undefined when a unique index refused it (a resent start, a card's second). */
export async function insertSession(tx: Tx, values: StartedSession) {
  const [row] = await insertStarted(tx).execute(values);
  return row;
}

/** The session of a charger's transaction, locked for the change that follows. */
export async function lockSession(tx: Tx, chargePointId: number, transactionId: number) {
  const [row] = await tx
    .select()
    .from(chargingSessions)
    .where(and(eq(chargingSessions.id, transactionId), eq(chargingSessions.chargePointId, chargePointId)))
    .for('update');
  return row;
}

/** meter_values' columns for a bulk insert (see insertUnnest). */
const METER_COLUMNS: UnnestColumn<NewMeterValue>[] = [
  [meterValues.chargePointId, 'int', (r) => r.chargePointId],
  [meterValues.connectorId, 'int', (r) => r.connectorId],
  [meterValues.sessionId, 'int', (r) => r.sessionId ?? null],
  [meterValues.at, 'timestamptz', (r) => r.at.toISOString()],
  [meterValues.measurand, 'text', (r) => r.measurand],
  [meterValues.phase, 'text', (r) => r.phase ?? null],
  [meterValues.unit, 'text', (r) => r.unit ?? null],
  [meterValues.context, 'text', (r) => r.context ?? null],
  [meterValues.location, 'text', (r) => r.location ?? null],
  [meterValues.format, 'text', (r) => r.format ?? null],
  [meterValues.value, 'text', (r) => r.value],
  [meterValues.numeric, 'float8', (r) => r.numeric ?? null],
];

/** Samples in one statement; a resent sample is stored once (meter_values_sample_uq). */
export async function insertMeterValues(tx: Tx, rows: NewMeterValue[]) {
  if (rows.length === 0) return;
  await tx.execute(insertUnnest(meterValues, METER_COLUMNS, rows, sql`ON CONFLICT DO NOTHING`));
}

/**
 * A batch of MeterValues in one statement: the samples (`sessionId` holding the transaction id the
 * charger named) go in with the session they name when that session is the charger's own, and the
 * live figures of the running ones among those sessions (`live`: transaction id, charger, figures)
 * are updated, in id order so that concurrent batches lock rows in the same order. A figure a
 * message did not carry stays as it was; a resent sample is stored once.
 */
export async function storeMeterBatch(
  tx: Tx,
  rows: NewMeterValue[],
  live: { id: number; chargePointId: number; figures: LiveFigures }[],
  /** Sessions due a `session.updated` (at most one a minute each): written by the same statement. */
  due: readonly number[] = [],
) {
  if (rows.length === 0) return;
  const l = [...live].sort((a, b) => a.id - b.id);
  const col = <T>(get: (r: NewMeterValue) => T) => sql.param(rows.map(get));
  const fig = <T>(get: (f: LiveFigures) => T | undefined) => sql.param(l.map((e) => get(e.figures) ?? null));
  const ids = sql.param(l.map((e) => e.id));
  // A named statement, planned once per connection: its plan must not depend on the batch's size.
  // The session of each sample is a lookup by primary key (a subquery per row), and the sessions
  // updated are found by their ids (`= ANY`), so the generic plan reads the sessions by index
  // whatever the batch. Joined instead, a generic plan made for a hundred rows scanned the
  // sessions (2.1–2.4 ms a batch; docs/benchmarks.md).
  await executeNamed(
    tx,
    'meter_batch',
    sql`
    WITH v AS (
      SELECT * FROM unnest(
        ${col((r) => r.chargePointId)}::int[], ${col((r) => r.connectorId)}::int[],
        ${col((r) => r.sessionId ?? null)}::int[], ${col((r) => r.at.toISOString())}::timestamptz[],
        ${col((r) => r.measurand)}::text[], ${col((r) => r.phase ?? null)}::text[],
        ${col((r) => r.unit ?? null)}::text[], ${col((r) => r.context ?? null)}::text[],
        ${col((r) => r.location ?? null)}::text[], ${col((r) => r.format ?? null)}::text[],
        ${col((r) => r.value)}::text[], ${col((r) => r.numeric ?? null)}::float8[]
      ) AS v(charge_point_id, connector_id, tx, at, measurand, phase, unit, context, location, format, value, numeric)
    ), ins AS (
      INSERT INTO meter_values (charge_point_id, connector_id, session_id, at, measurand, phase, unit,
        context, location, format, value, numeric)
      SELECT v.charge_point_id, v.connector_id,
        (SELECT s.id FROM charging_sessions s WHERE s.id = v.tx AND s.charge_point_id = v.charge_point_id),
        v.at, v.measurand, v.phase, v.unit, v.context, v.location, v.format, v.value, v.numeric
      FROM v
      ON CONFLICT DO NOTHING
    ), upd AS (
      UPDATE charging_sessions s SET
        last_meter_wh = coalesce(f.wh, s.last_meter_wh),
        last_power_w = coalesce(f.w, s.last_power_w),
        last_soc = coalesce(f.soc, s.last_soc),
        updated_at = now()
      FROM unnest(
        ${ids}::int[], ${sql.param(l.map((e) => e.chargePointId))}::int[],
        ${fig((f) => f.lastMeterWh)}::bigint[], ${fig((f) => f.lastPowerW)}::float8[],
        ${fig((f) => f.lastSoc)}::float8[]
      ) AS f(id, cp, wh, w, soc)
      WHERE s.id = ANY(${ids}::int[]) AND s.id = f.id AND s.charge_point_id = f.cp
        AND (s.state = 'active' OR (s.state = 'refused' AND s.stopped_at IS NULL))
      RETURNING s.id, s.operator_id, s.charge_point_id, s.connector_id, s.charger_transaction_id,
        s.state, s.meter_start, s.last_meter_wh, s.last_power_w, s.last_soc
    )
    INSERT INTO integration_events (operator_id, type, charge_point_id, subject, data)
    SELECT s.operator_id, 'session.updated', s.charge_point_id, s.id::text, ${SESSION_UPDATED_DATA}
      FROM upd s JOIN charge_points c ON c.id = s.charge_point_id
     WHERE s.id = ANY(${sql.param([...due])}::int[]) AND s.state = 'active'
     ORDER BY s.id`,
  );
}

export interface LiveFigures {
  lastMeterWh?: number;
  lastPowerW?: number;
  lastSoc?: number;
}

export async function completeSession(
  tx: Tx,
  id: number,
  values: Partial<typeof chargingSessions.$inferInsert>,
) {
  const [row] = await tx
    .update(chargingSessions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(chargingSessions.id, id))
    .returning();
  return row;
}

export async function insertUnmatchedStop(
  tx: Tx,
  chargePointId: number,
  transactionId: number,
  payload: Record<string, unknown>,
) {
  await tx.insert(unmatchedStops).values({ chargePointId, transactionId, payload }).onConflictDoNothing();
}

/**
 * In one statement, what a StartTransaction needs to know of its connector: the session of the
 * same start if the charger sends it again (same connector, meter start and time), and the
 * running sessions (active, or refused and open) a new one supersedes; all locked.
 */
const startCandidatesQuery = reusable('session_start_candidates', (tx) =>
  tx
    .select()
    .from(chargingSessions)
    .where(
      and(
        eq(chargingSessions.chargePointId, sql.placeholder('chargePointId')),
        eq(chargingSessions.connectorId, sql.placeholder('connectorId')),
        sql`((${chargingSessions.meterStart} = ${sql.placeholder('meterStart')}
            AND ${chargingSessions.startedAt} = ${sql.placeholder('startedAt')}::timestamptz)
          OR ${chargingSessions.state} = 'active'
          OR (${chargingSessions.state} = 'refused' AND ${chargingSessions.stoppedAt} IS NULL))`,
      ),
    )
    .orderBy(chargingSessions.id)
    .for('update'),
);

export async function startCandidates(
  tx: Tx,
  chargePointId: number,
  connectorId: number,
  meterStart: number,
  startedAt: Date,
) {
  const rows = await startCandidatesQuery(tx).execute({
    chargePointId,
    connectorId,
    meterStart,
    startedAt: startedAt.toISOString(),
  });
  const resent = rows.find(
    (r) => r.meterStart === meterStart && r.startedAt.getTime() === startedAt.getTime(),
  );
  return { resent, running: resent ? [] : rows };
}

export async function hasActiveSession(
  tx: Tx,
  chargePointId: number,
  connectorId?: number,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: chargingSessions.id })
    .from(chargingSessions)
    .where(
      and(
        eq(chargingSessions.chargePointId, chargePointId),
        eq(chargingSessions.state, 'active'),
        connectorId === undefined ? undefined : eq(chargingSessions.connectorId, connectorId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Running (active) sessions per charge point of `chargePointIds`; one with none is absent. */
export async function activeSessionCounts(
  tx: Tx,
  chargePointIds: readonly number[],
): Promise<Map<number, number>> {
  if (chargePointIds.length === 0) return new Map();
  // One read per page, on an index of running sessions (live_idx) or of (charge_point_id, state).
  const rows = await tx
    .select({ chargePointId: chargingSessions.chargePointId, n: count() })
    .from(chargingSessions)
    .where(
      and(inArray(chargingSessions.chargePointId, [...chargePointIds]), eq(chargingSessions.state, 'active')),
    )
    .groupBy(chargingSessions.chargePointId);
  return new Map(rows.map((r) => [r.chargePointId, r.n]));
}

/**
 * The most a connector can deliver, in W: its own maximum power, else its charge point's (when
 * given in W); null when neither is known.
 */
export async function connectorMaxPowerW(
  tx: Tx,
  chargePointId: number,
  connectorId: number,
): Promise<number | null> {
  const [row] = await tx
    .select({
      connector: connectors.maximumPower,
      chargePoint: chargePoints.maxPower,
      unit: chargePoints.powerUnit,
    })
    .from(chargePoints)
    .leftJoin(
      connectors,
      and(eq(connectors.chargePointId, chargePoints.id), eq(connectors.connectorId, connectorId)),
    )
    .where(eq(chargePoints.id, chargePointId));
  return row ? maxPowerOf(row) : null;
}

/** The connector's own maximum power, else its charge point's when given in W; null when neither is known. */
function maxPowerOf(row: {
  connector: number | null;
  chargePoint: number | null;
  unit: string;
}): number | null {
  if (row.connector && row.connector > 0) return row.connector;
  if (row.unit === 'W' && row.chargePoint && row.chargePoint > 0) return row.chargePoint;
  return null;
}

/**
 * What a StopTransaction needs in one statement: the session of the charger's transaction, locked
 * for the change that follows, and its connector's maximum power (for the review of its readings).
 */
const lockForStopQuery = reusable('session_lock_for_stop', (tx) =>
  tx
    .select({
      session: chargingSessions,
      connector: sql<number | null>`(SELECT ${connectors.maximumPower} FROM ${connectors}
        WHERE ${connectors.chargePointId} = ${chargingSessions.chargePointId}
          AND ${connectors.connectorId} = ${chargingSessions.connectorId})`,
      chargePoint: chargePoints.maxPower,
      unit: chargePoints.powerUnit,
    })
    .from(chargingSessions)
    .innerJoin(chargePoints, eq(chargePoints.id, chargingSessions.chargePointId))
    .where(
      and(
        eq(chargingSessions.id, sql.placeholder('transactionId')),
        eq(chargingSessions.chargePointId, sql.placeholder('chargePointId')),
      ),
    )
    .for('update', { of: chargingSessions }),
);

export async function lockSessionForStop(tx: Tx, chargePointId: number, transactionId: number) {
  const [row] = await lockForStopQuery(tx).execute({ chargePointId, transactionId });
  return row ? { session: row.session, maxPowerW: maxPowerOf(row) } : undefined;
}

/** What a StopTransaction writes to the session it closes; cost and currency when billed at once. */
export interface StopClose {
  meterStop: number;
  lastMeterWh: number;
  stoppedAt: Date;
  stopReceivedAt: Date;
  stopReason: string;
  stopIdTag: string | null;
  energyWh: number;
  state: 'completed' | 'refused';
  cost?: number;
  currency?: string;
}

const closeAtStopQuery = reusable('session_close_at_stop', (tx) =>
  tx
    .update(chargingSessions)
    .set({
      meterStop: sql.placeholder('meterStop') as never,
      lastMeterWh: sql.placeholder('lastMeterWh') as never,
      stoppedAt: sql.placeholder('stoppedAt') as never,
      stopReceivedAt: sql.placeholder('stopReceivedAt') as never,
      stopReason: sql.placeholder('stopReason') as never,
      stopIdTag: sql.placeholder('stopIdTag') as never,
      energyWh: sql.placeholder('energyWh') as never,
      state: sql.placeholder('state') as never,
      // A cost set before (a session closed at its last reading) stays unless a new one is given.
      cost: sql`coalesce(${sql.placeholder('cost')}::bigint, ${chargingSessions.cost})`,
      currency: sql`coalesce(${sql.placeholder('currency')}::text, ${chargingSessions.currency})`,
      updatedAt: sql`now()`,
    })
    .where(eq(chargingSessions.id, sql.placeholder('id')))
    .returning(),
);

/** Closes a session by its charger's StopTransaction (one statement, built once). */
export async function closeAtStop(tx: Tx, id: number, c: StopClose) {
  const [row] = await closeAtStopQuery(tx).execute({
    ...c,
    id,
    cost: c.cost ?? null,
    currency: c.currency ?? null,
  });
  return row;
}
