import type { Ocpp } from '@voltline/contract';
import type { Handler } from '../../context.js';

/** LogStatusNotification (security edition): the upload of a GetLog, named by its requestId. */
export const logStatusNotification: Handler<
  Ocpp.LogStatusNotificationRequest,
  Ocpp.LogStatusNotificationResponse
> = async (p, ctx) => {
  await ctx.maintenance.diagnosticsStatus(ctx.cp.id, p.status);
  await ctx.chargers.recordEvent(ctx.cp.id, 'LogStatusNotification', p.status, p);
  await ctx.diagnostics?.logStatusNotification(ctx.cp.id, p.status, p.requestId);
  return {};
};
