import { isAdhocToken } from '../drivers/adhoc-tokens.js';
import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { MeterPoint, Session, SessionFilter, TariffSnapshot } from '@voltline/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import {
  chargePoints,
  chargingSessions,
  drivers,
  meterValues,
  operators,
  roamingPartners,
  roamingSessions,
} from '../../db/schema/index.js';
import { roamingFields, toRoaming } from './session-roaming.js';
import { inScope, type Actor } from '../../lib/context.js';
import { BUCKET_MS, sessionTotals, sessionsStartedIn } from './rollups.js';

type Filter = z.output<typeof SessionFilter>;

/** Energy so far: the final figure of a finished session, the latest register of a running one. */
const energy = sql<number>`coalesce(${chargingSessions.energyWh}, greatest(coalesce(${chargingSessions.lastMeterWh}, ${chargingSessions.meterStart}) - ${chargingSessions.meterStart}, 0))::float8`;

/** Reach and chosen operator of a filter, as a condition on the operator id column it is given. */
function operatorCondition(actor: Actor, f: Partial<Filter>) {
  return (column: SQL) =>
    sql.join(
      [
        sql`TRUE`,
        ...(actor.isAdmin
          ? []
          : [
              sql`${column} IN (SELECT ${operators.id} FROM ${operators} WHERE ${inScope(actor, operators.path)})`,
            ]),
        ...(f.operatorId ? [sql`${column} = ${f.operatorId}`] : []),
      ],
      sql` AND `,
    );
}

/**
 * The filter as conditions on charging_sessions alone (reach and charge point as subqueries), so
 * counting, summing and paging never join: the planner walks the started_at index and stops.
 */
function where(actor: Actor, f: Partial<Filter>): SQL | undefined {
  return and(
    operatorCondition(actor, f)(sql`${chargingSessions.operatorId}`),
    f.from ? gte(chargingSessions.startedAt, new Date(f.from)) : undefined,
    f.to ? lt(chargingSessions.startedAt, new Date(f.to)) : undefined,
    f.chargePointId
      ? sql`${chargingSessions.chargePointId} IN (SELECT ${chargePoints.id} FROM ${chargePoints} WHERE lower(${chargePoints.chargePointId}) = lower(${f.chargePointId}))`
      : undefined,
    f.driverId ? eq(chargingSessions.driverId, f.driverId) : undefined,
    f.idTag ? sql`upper(${chargingSessions.idTag}) = upper(${f.idTag})` : undefined,
    f.state ? eq(chargingSessions.state, f.state) : undefined,
    f.active ? eq(chargingSessions.state, 'active') : undefined,
    f.ids ? inArray(chargingSessions.id, f.ids) : undefined,
    f.roaming
      ? sql`EXISTS (SELECT 1 FROM ${roamingSessions} WHERE ${roamingSessions.sessionId} = ${chargingSessions.id})`
      : undefined,
  );
}

const fields = {
  s: chargingSessions,
  chargePointId: chargePoints.chargePointId,
  chargePointName: chargePoints.name,
  operatorName: operators.name,
  driverName: sql<string | null>`${drivers.name} || ' ' || ${drivers.surname}`,
  energy,
  roaming: roamingFields,
};
/**
 * Sessions with their charge point, operator, driver and roaming partner; every list and export
 * starts here. The partner is joined by the session alone, not by the reader's reach: who charged
 * is a fact of the session, so a session in reach names its partner even if the partner belongs to
 * an operator above the reader. roaming_sessions' key is the session id, so the join adds no rows.
 */
function joined(tx: Tx) {
  return tx
    .select(fields)
    .from(chargingSessions)
    .innerJoin(chargePoints, eq(chargePoints.id, chargingSessions.chargePointId))
    .innerJoin(operators, eq(operators.id, chargingSessions.operatorId))
    .leftJoin(drivers, eq(drivers.id, chargingSessions.driverId))
    .leftJoin(roamingSessions, eq(roamingSessions.sessionId, chargingSessions.id))
    .leftJoin(roamingPartners, eq(roamingPartners.id, roamingSessions.partnerId));
}
type Row = Awaited<ReturnType<ReturnType<typeof joined>['where']>>[number];

export function toSession(r: Row): Session {
  const s = r.s;
  const end = s.stoppedAt ?? new Date();
  return {
    id: s.id,
    // The payment's token (drivers/authorization.ts) marks a session a stranger paid by card.
    ...(s.driverId === null && isAdhocToken(s.idTag) ? { adhoc: true } : {}),
    chargePointId: r.chargePointId,
    chargePointName: r.chargePointName,
    operatorId: s.operatorId,
    operatorName: r.operatorName,
    connectorId: s.connectorId,
    idTag: s.idTag,
    driverId: s.driverId,
    driverName: r.driverName,
    startedAt: s.startedAt.toISOString(),
    stoppedAt: s.stoppedAt?.toISOString() ?? null,
    chargingEndedAt: s.chargingEndedAt?.toISOString() ?? null,
    durationSeconds: Math.max(0, Math.round((end.getTime() - s.startedAt.getTime()) / 1000)),
    meterStart: s.correctedMeterStart ?? s.meterStart,
    meterStop: s.meterStop,
    energyWh: Number(r.energy),
    powerW: s.stoppedAt === null ? s.lastPowerW : null,
    soc: s.lastSoc,
    stopReason: s.stopReason,
    state: s.state as Session['state'],
    authorization: s.authorization,
    unauthorized: s.state === 'refused' && Number(r.energy) > 0,
    closeNote: s.closeNote,
    reviewReasons: s.state === 'review' ? ((s.reviewReasons ?? []) as Session['reviewReasons']) : [],
    reviewNote: s.reviewNote,
    tariff: (s.tariffSnapshot as TariffSnapshot | null) ?? null,
    cost: s.cost,
    currency: s.currency,
    roaming: toRoaming(r.roaming),
  };
}

/** A filter on reach, operator and start time only: the rollups can count it. */
const countedByRollups = (f: Partial<Filter>) =>
  !f.chargePointId && !f.driverId && !f.idTag && !f.state && !f.active && !f.ids && !f.roaming;

const rollupSet = (actor: Actor, f: Partial<Filter>) =>
  sessionsStartedIn(
    operatorCondition(actor, f),
    f.from ? new Date(f.from) : undefined,
    f.to ? new Date(f.to) : undefined,
  );

/** Beyond this many rows, a page of a rollup-countable filter starts at its 15-minute bucket. */
const SKIP_FROM = 2_000;

/**
 * Where a deep page starts: the 15-minute bucket holding row `offset` of the filtered set in the
 * page order, and how many rows come before that bucket; counted from the rollups, so the page
 * query walks one bucket's rows instead of every row before it. Null when the set is shorter.
 */
async function bucketOf(tx: Tx, actor: Actor, f: Filter, offset: number) {
  const order = f.sortOrder === 'asc' ? sql`ASC` : sql`DESC`;
  const result = await tx.execute(sql`
    WITH b AS (
      SELECT date_bin('15 minutes', x.at, timestamptz '2000-01-01 00:00:00+00') AS bucket, sum(x.sessions) AS n
      FROM (${rollupSet(actor, f)}) x GROUP BY 1),
    c AS (SELECT bucket, n, sum(n) OVER (ORDER BY bucket ${order}) AS upto FROM b)
    SELECT bucket, (upto - n)::int AS before FROM c WHERE upto > ${offset} ORDER BY bucket ${order} LIMIT 1`);
  const [row] = (result as { rows: { bucket: Date | string; before: number }[] }).rows;
  return row ? { bucket: new Date(row.bucket), before: Number(row.before) } : null;
}

/** One page: the ids are picked from the sessions table alone, then their details joined. */
export async function pageSessions(
  tx: Tx,
  actor: Actor,
  f: Filter,
  offset: number,
  limit: number,
  skipFrom = SKIP_FROM,
) {
  const order = f.sortOrder === 'asc' ? asc : desc;
  let skip = offset;
  let from: SQL | undefined;
  if (offset >= skipFrom && countedByRollups(f)) {
    const start = await bucketOf(tx, actor, f, offset);
    if (!start) return [];
    skip = offset - start.before;
    const end = new Date(start.bucket.getTime() + BUCKET_MS);
    // The rows before the bucket are exactly those the rollups counted before it.
    from =
      f.sortOrder === 'asc'
        ? gte(chargingSessions.startedAt, start.bucket)
        : lt(chargingSessions.startedAt, end);
  }
  const ids = await tx
    .select({ id: chargingSessions.id })
    .from(chargingSessions)
    .where(and(where(actor, f), from))
    .orderBy(order(chargingSessions.startedAt), order(chargingSessions.id))
    .limit(limit)
    .offset(skip);
  if (ids.length === 0) return [];
  return joined(tx)
    .where(
      inArray(
        chargingSessions.id,
        ids.map((r) => r.id),
      ),
    )
    .orderBy(order(chargingSessions.startedAt), order(chargingSessions.id));
}

/** Count, energy and revenue of the whole filtered set, in one pass. */
export async function totals(tx: Tx, actor: Actor, f: Filter) {
  // The list's default view (reach, operator, dates): from the rollups, not every session.
  if (countedByRollups(f)) {
    return sessionTotals(
      tx,
      operatorCondition(actor, f),
      f.from ? new Date(f.from) : undefined,
      f.to ? new Date(f.to) : undefined,
    );
  }
  const [row] = await tx
    .select({
      sessions: sql<number>`count(*)::int`,
      // A session held for review is counted, its impossible energy is not (as in the rollups).
      energyWh: sql<number>`coalesce(sum(CASE WHEN ${chargingSessions.state} = 'review' THEN 0 ELSE ${energy} END), 0)::float8`,
      revenue: sql<number>`coalesce(sum(${chargingSessions.cost}), 0)::float8`,
    })
    .from(chargingSessions)
    .where(where(actor, f));
  return {
    sessions: row?.sessions ?? 0,
    energyWh: Number(row?.energyWh ?? 0),
    revenue: Number(row?.revenue ?? 0),
  };
}

/**
 * Rows for an export, read in keyset batches (start time, id) so a deep export never pays for
 * OFFSET and never holds more than one batch.
 */
export async function* exportSessions(
  tx: Tx,
  actor: Actor,
  f: Filter,
  batch = 1000,
): AsyncGenerator<Session> {
  let after: { at: Date; id: number } | undefined;
  for (;;) {
    const keyset = after
      ? sql`(${chargingSessions.startedAt}, ${chargingSessions.id}) < (${after.at.toISOString()}::timestamptz, ${after.id})`
      : undefined;
    const rows = await joined(tx)
      .where(and(where(actor, f), keyset))
      .orderBy(desc(chargingSessions.startedAt), desc(chargingSessions.id))
      .limit(batch);
    for (const r of rows) yield toSession(r);
    const last = rows[rows.length - 1];
    if (!last || rows.length < batch) return;
    after = { at: last.s.startedAt, id: last.s.id };
  }
}

export async function findSession(tx: Tx, actor: Actor, id: number) {
  const [row] = await joined(tx).where(and(eq(chargingSessions.id, id), where(actor, {})));
  return row;
}

/**
 * A session by id with no actor's scope: for Voltline's own flows that hold the id from their own
 * records (an ad-hoc payment's session), never for a user's request.
 */
export async function findSessionById(tx: Tx, id: number) {
  const [row] = await joined(tx).where(eq(chargingSessions.id, id));
  return row;
}

/** The session's meter values as one point per timestamp: energy (Wh), power (W) and SoC. */
export async function meterSeries(tx: Tx, sessionId: number): Promise<MeterPoint[]> {
  const k = sql`CASE WHEN ${meterValues.unit} IN ('kWh', 'kW') THEN 1000 ELSE 1 END`;
  const rows = await tx
    .select({
      at: meterValues.at,
      energyWh: sql<
        number | null
      >`max(${meterValues.numeric} * ${k}) FILTER (WHERE ${meterValues.measurand} = 'Energy.Active.Import.Register' AND ${meterValues.phase} IS NULL)`,
      powerW: sql<
        number | null
      >`max(${meterValues.numeric} * ${k}) FILTER (WHERE ${meterValues.measurand} = 'Power.Active.Import' AND ${meterValues.phase} IS NULL)`,
      soc: sql<number | null>`max(${meterValues.numeric}) FILTER (WHERE ${meterValues.measurand} = 'SoC')`,
    })
    .from(meterValues)
    .where(eq(meterValues.sessionId, sessionId))
    .groupBy(meterValues.at)
    .orderBy(asc(meterValues.at));
  return rows.map((r) => ({
    at: r.at.toISOString(),
    energyWh: r.energyWh === null ? null : Number(r.energyWh),
    powerW: r.powerW === null ? null : Number(r.powerW),
    soc: r.soc === null ? null : Number(r.soc),
  }));
}
