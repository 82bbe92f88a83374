import type { Ocpp } from '@voltline/contract';
import type { Handler } from '../context.js';

/** Records what the charger says it is; accepted chargers get their operator's heartbeat interval. */
export const bootNotification: Handler<Ocpp.BootNotificationRequest, Ocpp.BootNotificationResponse> = async (
  p,
  ctx,
) => {
  await ctx.maintenance.reboot(ctx.cp.id, p.firmwareVersion ?? null);
  await ctx.chargers.recordBoot(ctx.cp.id, {
    vendor: p.chargePointVendor,
    model: p.chargePointModel,
    serialNumber: p.chargePointSerialNumber ?? p.chargeBoxSerialNumber ?? null,
    firmwareVersion: p.firmwareVersion ?? null,
    iccid: p.iccid ?? null,
    imsi: p.imsi ?? null,
    meterType: p.meterType ?? null,
    meterSerialNumber: p.meterSerialNumber ?? null,
  });
  await ctx.firmware?.booted(ctx.cp.id, p.firmwareVersion ?? null, ctx.cp.registrationStatus === 'accepted');
  const currentTime = new Date().toISOString();
  if (ctx.cp.registrationStatus === 'pending') return { status: 'Pending', currentTime, interval: 60 };
  if (ctx.cp.registrationStatus === 'rejected') return { status: 'Rejected', currentTime, interval: 300 };
  return { status: 'Accepted', currentTime, interval: ctx.cp.heartbeatInterval };
};
