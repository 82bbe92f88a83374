import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { chargingSessions, transactionEvents } from '../../db/schema/index.js';
import type { SessionRow } from './sessions.repository.js';

/** Queries of the sessions of chargers that name their own transactions (transaction events). */

export type NewTransactionEvent = Omit<typeof transactionEvents.$inferInsert, 'id' | 'receivedAt'>;

/** Stores an event once per (charger, transaction, seqNo); false when it was stored before. */
export async function insertEvent(tx: Tx, row: NewTransactionEvent): Promise<boolean> {
  const inserted = await tx
    .insert(transactionEvents)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: transactionEvents.id });
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

/** The session of a charger's own transaction id, locked for the change that follows. */
export async function lockByChargerTx(
  tx: Tx,
  chargePointId: number,
  chargerTransactionId: string,
): Promise<SessionRow | undefined> {
  const [row] = await tx
    .select()
    .from(chargingSessions)
    .where(
      and(
        eq(chargingSessions.chargePointId, chargePointId),
        eq(chargingSessions.chargerTransactionId, chargerTransactionId),
      ),
    )
    .for('update');
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
