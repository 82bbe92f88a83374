import type { Ocpp } from '@voltline/contract';
import { checkId, checkMeter, checkTime } from '../../rpc-error.js';
import type { Handler } from '../../context.js';
import { idTagInfo } from '../id-tag.js';
import { whileUnavailable } from '../../../lib/db-unavailable.js';

/** A figure or time that cannot be stored as sent is refused; a possible but absurd one is held for review. */
export const stopTransaction: Handler<Ocpp.StopTransactionRequest, Ocpp.StopTransactionResponse> = async (
  p,
  ctx,
) => {
  checkId('transactionId', p.transactionId);
  checkMeter('meterStop', p.meterStop);
  checkTime('timestamp', p.timestamp);
  for (const mv of p.transactionData ?? []) checkTime('transactionData.timestamp', mv.timestamp);
  // The clock's reading is a side note: it never costs the Stop (a database outage included).
  await ctx.chargers
    .observeClock(ctx.cp, p.timestamp, ctx.link)
    .catch((err: unknown) => ctx.log.warn({ err }, 'charger clock not recorded'));
  // A Stop is never lost to a database outage: it is stored again, with growing pauses, until the
  // database is back or the bound (below the charger's call time-out) is reached; only then does
  // the charger hear InternalError, and send it again (OCPP 1.6 §4.10, TransactionMessageAttempts).
  // Storing it again is safe: a Stop for a session already closed changes nothing.
  const answer = await whileUnavailable(() => ctx.sessions.stopTransaction(ctx.cp, p), ctx.stopRetryMs ?? 0);
  ctx.smartCharging?.transactionStopped(ctx.cp.id);
  ctx.californiaPricing?.stopped(ctx.cp, p.transactionId, ctx.drivers.driverLocale);
  return answer.idTagInfo ? { idTagInfo: idTagInfo(answer.idTagInfo) } : {};
};
