import type { Ocpp } from '@voltline/contract';
import type { Handler } from '../context.js';

export const startTransaction: Handler<Ocpp.StartTransactionRequest, Ocpp.StartTransactionResponse> = (
  p,
  ctx,
) => ctx.sessions.startTransaction(ctx.cp, p);
