import type { Ocpp201 } from '@voltline/contract';
import { checkConnector, checkId, checkTime, rpcError } from '../../rpc-error.js';
import type { Handler } from '../../context.js';
import { whileUnavailable } from '../../../lib/db-unavailable.js';
import { decodeEvent, toEvent, toResponse } from '../transactions.js';
import { reportChargingState } from './charging-state.js';

/**
 * E01–E12: every event is stored once and folded into its session (modules/sessions/
 * sessions.transactions.ts). A time or EVSE that cannot be stored as sent is refused first.
 */
export const transactionEvent: Handler<
  Ocpp201.TransactionEventRequest,
  Ocpp201.TransactionEventResponse
> = async (p, ctx) => {
  checkTime('timestamp', p.timestamp);
  checkId('seqNo', p.seqNo);
  checkId('reservationId', p.reservationId);
  checkId('transactionInfo.remoteStartId', p.transactionInfo.remoteStartId);
  if (p.evse) checkConnector(p.evse.id, 1);
  for (const mv of p.meterValue ?? []) checkTime('meterValue.timestamp', mv.timestamp);
  const transactions = ctx.transactions;
  if (!transactions) throw rpcError('NotImplemented', 'transactions are not handled by this server');
  // The clock's reading is a side note: it never costs the event (a database outage included).
  await ctx.chargers
    .observeClock(ctx.cp, p.timestamp, ctx.link)
    .catch((err: unknown) => ctx.log.warn({ err }, 'charger clock not recorded'));
  // A roaming token that needs its eMSP's answer is asked before the event's transaction.
  // (The event that brings the token: Started, or the Authorized trigger of a running one.)
  const authorizing = p.eventType === 'Started' || p.triggerReason === 'Authorized';
  if (p.idToken && p.idToken.type !== 'NoAuthorization' && authorizing)
    await ctx.drivers.beforeAuthorize({
      chargePointId: ctx.cp.id,
      idTag: p.idToken.idToken,
      ...(p.evse ? { connectorId: p.evse.id } : {}),
      start: true,
    });
  const store = () => transactions.event(ctx.cp, toEvent(p), p, decodeEvent, ctx.link);
  // An Ended event is never lost to a database outage, as a 1.6 StopTransaction is not: stored
  // again with growing pauses up to the bound; storing it again is safe (stored once by seqNo).
  const answer =
    p.eventType === 'Ended' ? await whileUnavailable(store, ctx.stopRetryMs ?? 0) : await store();
  await reportChargingState(p, ctx, p.evse?.id ?? answer.connectorId);
  if (p.eventType === 'Started') ctx.smartCharging?.transactionStarted(ctx.cp.id);
  if (p.eventType === 'Ended') ctx.smartCharging?.transactionStopped(ctx.cp.id);
  const measurands = (p.meterValue ?? []).flatMap((mv) =>
    mv.sampledValue.map((s) => s.measurand ?? 'Energy.Active.Import.Register'),
  );
  if (measurands.length > 0) ctx.smartCharging?.power(ctx.cp.id, measurands);
  // I02: the running cost goes to the charger after this answer; I03: the final one is in it.
  const txId = p.transactionInfo.transactionId;
  if (p.eventType === 'Ended') ctx.tariffCost?.ended(ctx.cp, txId);
  else if (answer.runningCost && ctx.tariffCost) {
    ctx.tariffCost
      .running(ctx.cp, txId, answer.runningCost)
      .catch((err: unknown) => ctx.log.warn({ err }, 'CostUpdated not sent'));
  }
  return toResponse(answer, ctx.drivers.driverLocale);
};
