import { and, asc, eq, gte, sql } from 'drizzle-orm';
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
 * The first session the charger began for the card since the command (on the connector asked for,
 * when one was): whichever protocol, a started transaction is a session row, refused or not.
 */
export async function sessionSince(
  tx: Tx,
  chargePointId: number,
  idTag: string,
  connectorId: number | undefined,
  since: Date,
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
        gte(chargingSessions.createdAt, since),
        sql`lower(${chargingSessions.idTag}) = lower(${idTag})`,
        connectorId === undefined ? undefined : eq(chargingSessions.connectorId, connectorId),
      ),
    )
    .orderBy(asc(chargingSessions.id))
    .limit(1);
  return row;
}
