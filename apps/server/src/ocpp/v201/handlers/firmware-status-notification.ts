import type { Ocpp201 } from '@voltline/contract';
import type { Handler } from '../../context.js';
import { checkId } from '../../rpc-error.js';

/**
 * L01: the progress of an UpdateFirmware. OCPP 2.0.1's statuses are the security edition's signed
 * firmware statuses, named by the update's requestId: the campaign moves as for a 1.6 charger.
 */
export const firmwareStatusNotification: Handler<
  Ocpp201.FirmwareStatusNotificationRequest,
  Ocpp201.FirmwareStatusNotificationResponse
> = async (p, ctx) => {
  // The request id is stored in a 32-bit column: one beyond it names no request of Voltline's.
  checkId('requestId', p.requestId);
  await ctx.maintenance.firmwareStatus(ctx.cp.id, p.status);
  await ctx.chargers.recordEvent(ctx.cp.id, 'FirmwareStatusNotification', p.status, p);
  await ctx.firmware?.signedStatus(ctx.cp.id, p.status, p.requestId);
  return {};
};
