import type { Ocpp201 } from '@voltline/contract';
import { checkConnector, checkTime, rpcError } from '../../rpc-error.js';
import type { Handler } from '../../context.js';
import { samplesOf } from '../transactions.js';

/**
 * Samples outside transactions (a transaction's own come in its TransactionEvents): EVSE 0 is the
 * charger's main meter, any other its connector (Voltline's connector N is EVSE N).
 */
export const meterValues: Handler<Ocpp201.MeterValuesRequest, Ocpp201.MeterValuesResponse> = async (
  p,
  ctx,
) => {
  checkConnector(p.evseId, 0);
  for (const mv of p.meterValue) checkTime('meterValue.timestamp', mv.timestamp);
  const transactions = ctx.transactions;
  if (!transactions) throw rpcError('NotImplemented', 'meter values are not handled by this server');
  await ctx.chargers.observeClock(ctx.cp, p.meterValue.at(-1)?.timestamp, ctx.link);
  await transactions.meterValues(ctx.cp, p.evseId, samplesOf(p.meterValue));
  ctx.smartCharging?.power(
    ctx.cp.id,
    p.meterValue.flatMap((mv) => mv.sampledValue.map((s) => s.measurand ?? 'Energy.Active.Import.Register')),
  );
  return {};
};
