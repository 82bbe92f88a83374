import type { Ocpp } from '@voltline/contract';
import type { Handler } from '../context.js';

export const meterValues: Handler<Ocpp.MeterValuesRequest, Ocpp.MeterValuesResponse> = (p, ctx) =>
  ctx.sessions.meterValues(ctx.cp, p);
