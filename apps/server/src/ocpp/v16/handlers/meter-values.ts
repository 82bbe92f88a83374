import type { Ocpp } from '@voltline/contract';
import { checkConnector, checkId, checkTime } from '../../rpc-error.js';
import type { Handler } from '../../context.js';

/** Connector 0 is the charger's main meter. Samples are stored in batches, so a bad time is refused first. */
export const meterValues: Handler<Ocpp.MeterValuesRequest, Ocpp.MeterValuesResponse> = async (p, ctx) => {
  checkConnector(p.connectorId, 0);
  checkId('transactionId', p.transactionId);
  for (const mv of p.meterValue) checkTime('meterValue.timestamp', mv.timestamp);
  await ctx.chargers.observeClock(ctx.cp, p.meterValue.at(-1)?.timestamp, ctx.link);
  const answer = await ctx.sessions.meterValues(ctx.cp, p);
  ctx.smartCharging?.power(
    ctx.cp.id,
    p.meterValue.flatMap((mv) => mv.sampledValue.map((s) => s.measurand ?? 'Energy.Active.Import.Register')),
  );
  if (p.transactionId !== undefined) ctx.californiaPricing?.metered(ctx.cp, p.transactionId);
  return answer;
};
