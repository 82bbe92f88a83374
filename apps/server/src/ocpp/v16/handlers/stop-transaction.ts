import type { Ocpp } from '@voltline/contract';
import { checkId, checkMeter, checkTime } from '../../rpc-error.js';
import type { Handler } from '../context.js';

/** A figure or time that cannot be stored as sent is refused; a possible but absurd one is held for review. */
export const stopTransaction: Handler<Ocpp.StopTransactionRequest, Ocpp.StopTransactionResponse> = async (
  p,
  ctx,
) => {
  checkId('transactionId', p.transactionId);
  checkMeter('meterStop', p.meterStop);
  checkTime('timestamp', p.timestamp);
  for (const mv of p.transactionData ?? []) checkTime('transactionData.timestamp', mv.timestamp);
  await ctx.chargers.observeClock(ctx.cp, p.timestamp, ctx.link);
  const answer = await ctx.sessions.stopTransaction(ctx.cp, p);
  ctx.smartCharging?.transactionStopped(ctx.cp.id);
  return answer;
};
