import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { placeholders, reusable } from '../../db/prepared.js';
import { chargingSessions, transactionEvents } from '../../db/schema/index.js';
import type { SessionRow } from './sessions.repository.js';

/** Queries of the sessions of chargers that name their own transactions (transaction events). */

export type NewTransactionEvent = Omit<typeof transactionEvents.$inferInsert, 'id' | 'receivedAt'>;

// The statements of every transaction event are built once and run as named prepared statements
// (db/prepared.ts): built by the query builder at each event, they were the largest part of the
// server's CPU under 2.0.1 traffic (docs/benchmarks.md, issue #35).

const EVENT_COLUMNS = [
  'chargePointId',
  'transactionId',
  'seqNo',
  'eventType',
  'triggerReason',
  'at',
  'offline',
  'payload',
  'sessionId',
] as const satisfies readonly (keyof NewTransactionEvent)[];

const insertEventQuery = reusable('tx_event_insert', (tx) =>
  tx
    .insert(transactionEvents)
    .values(placeholders(EVENT_COLUMNS))
    .onConflictDoNothing()
    .returning({ id: transactionEvents.id }),
);

/** Stores an event once per (charger, transaction, seqNo); false when it was stored before. */
export async function insertEvent(tx: Tx, row: NewTransactionEvent): Promise<boolean> {
  const inserted = await insertEventQuery(tx).execute({
    ...row,
    offline: row.offline ?? false,
    sessionId: row.sessionId ?? null,
  });
  return inserted.length > 0;
}

/** Every stored event of a charger's transaction, in sequence order. */
export function eventsOf(tx: Tx, chargePointId: number, transactionId: string) {
  return tx
    .select({
      seqNo: transactionEvents.seqNo,
      payload: transactionEvents.payload,
      receivedAt: transactionEvents.receivedAt,
    })
    .from(transactionEvents)
    .where(
      and(
        eq(transactionEvents.chargePointId, chargePointId),
        eq(transactionEvents.transactionId, transactionId),
      ),
    )
    .orderBy(transactionEvents.seqNo);
}

/** Stores the summary of a session's transaction events (a session that closed keeps hearing them). */
export async function keepSummary(tx: Tx, sessionId: number, summary: object) {
  await tx
    .update(chargingSessions)
    .set({ txFold: summary as Record<string, unknown> })
    .where(eq(chargingSessions.id, sessionId));
}

/** Ties the transaction's events to its session (those stored before the session existed too). */
export async function linkEvents(tx: Tx, chargePointId: number, transactionId: string, sessionId: number) {
  await tx
    .update(transactionEvents)
    .set({ sessionId })
    .where(
      and(
        eq(transactionEvents.chargePointId, chargePointId),
        eq(transactionEvents.transactionId, transactionId),
        isNull(transactionEvents.sessionId),
      ),
    );
}

const lockByChargerTxQuery = reusable('tx_session_lock', (tx) =>
  tx
    .select()
    .from(chargingSessions)
    .where(
      and(
        eq(chargingSessions.chargePointId, sql.placeholder('chargePointId')),
        eq(chargingSessions.chargerTransactionId, sql.placeholder('chargerTransactionId')),
      ),
    )
    .for('update'),
);

/** The session of a charger's own transaction id, locked for the change that follows. */
export async function lockByChargerTx(
  tx: Tx,
  chargePointId: number,
  chargerTransactionId: string,
): Promise<SessionRow | undefined> {
  const [row] = await lockByChargerTxQuery(tx).execute({ chargePointId, chargerTransactionId });
  return row;
}

/** What a session's events tell of it while its EVSE and start stay as they were. */
export interface FoldedFigures {
  connectorId: number;
  startedAt: Date;
  meterStart: number;
  lastMeterWh: number;
  /** Null: the events carried none, the session keeps what it had. */
  lastPowerW: number | null;
  lastSoc: number | null;
  reservationId: number | null;
  remoteStartId: number | null;
  txFold: Record<string, unknown>;
}

const updateFoldedQuery = reusable('tx_session_folded', (tx) =>
  tx
    .update(chargingSessions)
    .set({
      connectorId: sql.placeholder('connectorId') as never,
      startedAt: sql.placeholder('startedAt') as never,
      meterStart: sql.placeholder('meterStart') as never,
      lastMeterWh: sql.placeholder('lastMeterWh') as never,
      lastPowerW: sql`coalesce(${sql.placeholder('lastPowerW')}::double precision, ${chargingSessions.lastPowerW})`,
      lastSoc: sql`coalesce(${sql.placeholder('lastSoc')}::double precision, ${chargingSessions.lastSoc})`,
      reservationId: sql.placeholder('reservationId') as never,
      remoteStartId: sql.placeholder('remoteStartId') as never,
      txFold: sql.placeholder('txFold') as never,
      updatedAt: sql`now()`,
    })
    .where(eq(chargingSessions.id, sql.placeholder('id')))
    .returning(),
);

/** A session's figures from its events' fold (EVSE and start unchanged: no tariff to look up). */
export async function updateFolded(
  tx: Tx,
  id: number,
  figures: FoldedFigures,
): Promise<SessionRow | undefined> {
  const [row] = await updateFoldedQuery(tx).execute({ ...figures, id });
  return row;
}

/** A new session of a charger's transaction; undefined when a unique index refused it. */
export async function insertTxSession(
  tx: Tx,
  values: typeof chargingSessions.$inferInsert,
): Promise<SessionRow | undefined> {
  const [row] = await tx.insert(chargingSessions).values(values).onConflictDoNothing().returning();
  return row;
}

/**
 * The sessions still running (active, or refused and open) on a connector that began before
 * `before`, other than `exceptId`: those a newer transaction there supersedes. Locked, in id order.
 */
export function runningBefore(
  tx: Tx,
  chargePointId: number,
  connectorId: number,
  before: Date,
  exceptId: number,
) {
  return tx
    .select()
    .from(chargingSessions)
    .where(
      and(
        eq(chargingSessions.chargePointId, chargePointId),
        eq(chargingSessions.connectorId, connectorId),
        ne(chargingSessions.id, exceptId),
        lt(chargingSessions.startedAt, before),
        or(
          eq(chargingSessions.state, 'active'),
          and(eq(chargingSessions.state, 'refused'), isNull(chargingSessions.stoppedAt)),
        ),
      ),
    )
    .orderBy(chargingSessions.id)
    .for('update');
}
