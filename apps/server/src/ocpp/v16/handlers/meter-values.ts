import type { Ocpp } from '@voltline/contract';
import { checkConnector, checkId, checkTime } from '../../rpc-error.js';
import type { Handler } from '../context.js';

/** Connector 0 is the charger's main meter. Samples are stored in batches, so a bad time is refused first. */
export const meterValues: Handler<Ocpp.MeterValuesRequest, Ocpp.MeterValuesResponse> = (p, ctx) => {
  checkConnector(p.connectorId, 0);
  checkId('transactionId', p.transactionId);
  for (const mv of p.meterValue) checkTime('meterValue.timestamp', mv.timestamp);
  return ctx.sessions.meterValues(ctx.cp, p);
};
