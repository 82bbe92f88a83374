import type { Ocpp } from '@voltline/contract';
import type { Handler } from '../context.js';

export const stopTransaction: Handler<Ocpp.StopTransactionRequest, Ocpp.StopTransactionResponse> = (p, ctx) =>
  ctx.sessions.stopTransaction(ctx.cp, p);
