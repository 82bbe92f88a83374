import type { Ocpp } from '@voltline/contract';
import { defined, idToken, type CommandAnswer, type V201Context } from './context.js';
import { profile201 } from './profiles.js';

/**
 * F01: RemoteStartTransaction becomes RequestStartTransaction on the EVSE of the connector, with
 * a fresh remoteStartId the charger ties its transaction to (TransactionEvent names it), which the
 * answer keeps, as it keeps the charger's transactionId when it answers with one (its transaction
 * had already begun, say the cable was plugged in first).
 */
export async function remoteStart(
  req: Ocpp.RemoteStartTransactionRequest,
  ctx: V201Context,
): Promise<CommandAnswer<'RemoteStartTransaction'>> {
  const chargingProfile = req.chargingProfile && (await profile201(req.chargingProfile, ctx));
  // 1.6 allows no transactionId in a remote start's profile either: the session does not exist yet.
  if (chargingProfile === null) return { status: 'Rejected' };
  const remoteStartId = ctx.freshId();
  const answer = await ctx.call('RequestStartTransaction', {
    ...defined({ evseId: req.connectorId }),
    idToken: idToken(req.idTag),
    remoteStartId,
    ...defined({ chargingProfile }),
  });
  return { status: answer.status, remoteStartId, ...defined({ transactionId: answer.transactionId }) };
}

/**
 * F02: the command language names a session by Voltline's id; the charger knows its transaction
 * by its own id. A session the charger never named cannot be stopped there: Rejected, unsent.
 */
export async function remoteStop(
  req: Ocpp.RemoteStopTransactionRequest,
  ctx: V201Context,
): Promise<CommandAnswer<'RemoteStopTransaction'>> {
  const transactionId = await ctx.lookups.chargerTransactionId(ctx.charger.id, req.transactionId);
  if (transactionId === null) return { status: 'Rejected' };
  const answer = await ctx.call('RequestStopTransaction', { transactionId });
  return { status: answer.status, transactionId };
}
