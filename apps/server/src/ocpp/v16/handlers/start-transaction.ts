import type { Ocpp } from '@voltline/contract';
import { checkConnector, checkId, checkMeter, checkTime } from '../../rpc-error.js';
import type { Handler } from '../../context.js';
import { idTagInfo } from '../id-tag.js';

/**
 * A transaction runs on a real connector (1..99); any other number, like a time or a figure that
 * cannot be stored as sent, is refused before anything is stored.
 */
export const startTransaction: Handler<Ocpp.StartTransactionRequest, Ocpp.StartTransactionResponse> = async (
  p,
  ctx,
) => {
  checkConnector(p.connectorId, 1);
  checkMeter('meterStart', p.meterStart);
  checkTime('timestamp', p.timestamp);
  checkId('reservationId', p.reservationId);
  await ctx.chargers.observeClock(ctx.cp, p.timestamp, ctx.link);
  // A roaming token that needs its eMSP's answer is asked before the start's transaction.
  const presented = { chargePointId: ctx.cp.id, idTag: p.idTag, connectorId: p.connectorId, start: true };
  await ctx.drivers.beforeAuthorize(presented);
  const answer = await ctx.sessions.startTransaction(ctx.cp, p, ctx.link);
  ctx.smartCharging?.transactionStarted(ctx.cp.id);
  // A card the charger accepted itself (its cache, a remote start) hears its price now.
  if (answer.idTagInfo.status === 'Accepted')
    ctx.californiaPricing?.authorized(ctx.cp, p.idTag, ctx.drivers.driverLocale);
  return { transactionId: answer.transactionId, idTagInfo: idTagInfo(answer.idTagInfo) };
};
