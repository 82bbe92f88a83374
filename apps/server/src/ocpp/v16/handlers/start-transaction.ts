import type { Ocpp } from '@voltline/contract';
import { checkConnector } from '../../rpc-error.js';
import type { Handler } from '../context.js';

/** A transaction runs on a real connector (1..99); any other number is refused before it is stored. */
export const startTransaction: Handler<Ocpp.StartTransactionRequest, Ocpp.StartTransactionResponse> = (
  p,
  ctx,
) => {
  checkConnector(p.connectorId, 1);
  return ctx.sessions.startTransaction(ctx.cp, p);
};
