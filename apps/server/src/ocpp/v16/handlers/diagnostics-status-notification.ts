import type { Ocpp } from '@voltline/contract';
import type { Handler } from '../../context.js';

export const diagnosticsStatusNotification: Handler<
  Ocpp.DiagnosticsStatusNotificationRequest,
  Ocpp.DiagnosticsStatusNotificationResponse
> = async (p, ctx) => {
  await ctx.maintenance.diagnosticsStatus(ctx.cp.id, p.status);
  await ctx.chargers.recordEvent(ctx.cp.id, 'DiagnosticsStatusNotification', p.status, p);
  await ctx.diagnostics?.statusNotification(ctx.cp.id, p.status);
  return {};
};
