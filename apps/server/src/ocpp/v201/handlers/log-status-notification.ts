import type { Ocpp201 } from '@voltline/contract';
import type { Handler } from '../../context.js';
import { checkId } from '../../rpc-error.js';

/** N01: the upload of a GetLog, named by its requestId. */
export const logStatusNotification: Handler<
  Ocpp201.LogStatusNotificationRequest,
  Ocpp201.LogStatusNotificationResponse
> = async (p, ctx) => {
  // The request id is stored in a 32-bit column: one beyond it names no request of Voltline's.
  checkId('requestId', p.requestId);
  await ctx.maintenance.diagnosticsStatus(ctx.cp.id, p.status);
  await ctx.chargers.recordEvent(ctx.cp.id, 'LogStatusNotification', p.status, p);
  await ctx.diagnostics?.logStatusNotification(ctx.cp.id, p.status, p.requestId);
  return {};
};
