import type { Ocpp } from '@voltline/contract';
import { checkConnector } from '../../rpc-error.js';
import type { Handler } from '../context.js';

/** Connector 0 is the charger's main meter. */
export const meterValues: Handler<Ocpp.MeterValuesRequest, Ocpp.MeterValuesResponse> = (p, ctx) => {
  checkConnector(p.connectorId, 0);
  return ctx.sessions.meterValues(ctx.cp, p);
};
