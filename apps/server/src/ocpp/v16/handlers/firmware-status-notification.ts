import type { Ocpp } from '@voltline/contract';
import type { Handler } from '../../context.js';

export const firmwareStatusNotification: Handler<
  Ocpp.FirmwareStatusNotificationRequest,
  Ocpp.FirmwareStatusNotificationResponse
> = async (p, ctx) => {
  await ctx.maintenance.firmwareStatus(ctx.cp.id, p.status);
  await ctx.chargers.recordEvent(ctx.cp.id, 'FirmwareStatusNotification', p.status, p);
  await ctx.firmware?.status(ctx.cp.id, p.status);
  return {};
};
