import type { Ocpp } from '@voltline/contract';
import type { Handler } from '../../context.js';

/**
 * SignedFirmwareStatusNotification (security edition): the progress of a SignedUpdateFirmware,
 * named by its requestId, moving the campaign's charger as FirmwareStatusNotification does.
 */
export const signedFirmwareStatusNotification: Handler<
  Ocpp.SignedFirmwareStatusNotificationRequest,
  Ocpp.SignedFirmwareStatusNotificationResponse
> = async (p, ctx) => {
  await ctx.maintenance.firmwareStatus(ctx.cp.id, p.status);
  await ctx.chargers.recordEvent(ctx.cp.id, 'SignedFirmwareStatusNotification', p.status, p);
  await ctx.firmware?.signedStatus(ctx.cp.id, p.status, p.requestId);
  return {};
};
