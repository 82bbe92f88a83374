import { and, desc, eq, gte, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { chargePoints, chargingSessions, commandRecords, operators } from '../../db/schema/index.js';
import { inScope, type Actor } from '../../lib/context.js';

/** A remote start's record, with its charge point, when the actor may see that charge point. */
export async function findRemoteStart(tx: Tx, actor: Actor, id: number) {
  const [row] = await tx
    .select({
      id: commandRecords.id,
      chargePointId: commandRecords.chargePointId,
      identity: chargePoints.chargePointId,
      request: commandRecords.request,
      outcome: commandRecords.outcome,
      status: commandRecords.status,
      answer: commandRecords.answer,
      sentAt: commandRecords.sentAt,
    })
    .from(commandRecords)
    .innerJoin(chargePoints, eq(chargePoints.id, commandRecords.chargePointId))
    .innerJoin(operators, eq(operators.id, chargePoints.operatorId))
    .where(
      and(
        eq(commandRecords.id, id),
        eq(commandRecords.action, 'RemoteStartTransaction'),
        inScope(actor, operators.path),
      ),
    )
    .limit(1);
  return row;
}

/**
 * The session of the remote start: one the charger tied to it (the answer's remoteStartId, or the
 * transaction it named when one was already waiting for a card, plugged in first), else the first
 * it began for the card since the command (the newest of them), on the connector asked for when one was. Whichever
 * protocol, a started transaction is a session row, refused or not.
 */
export async function sessionOf(
  tx: Tx,
  chargePointId: number,
  start: {
    idTag: string;
    connectorId: number | undefined;
    since: Date;
    remoteStartId: number | undefined;
    transactionId: string | undefined;
  },
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
        or(
          start.remoteStartId === undefined
            ? undefined
            : eq(chargingSessions.remoteStartId, start.remoteStartId),
          start.transactionId === undefined
            ? undefined
            : eq(chargingSessions.chargerTransactionId, start.transactionId),
          and(
            gte(chargingSessions.createdAt, start.since),
            sql`lower(${chargingSessions.idTag}) = lower(${start.idTag})`,
            start.connectorId === undefined ? undefined : eq(chargingSessions.connectorId, start.connectorId),
          ),
        ),
      ),
    )
    // Newest first: a charger that reuses its transaction ids (or remoteStartIds) after a restart
    // must not point at a session of long ago.
    .orderBy(desc(chargingSessions.id))
    .limit(1);
  return row;
}
