import type { HandlerContext } from './context.js';

/** Seconds a Pending charger waits before its next BootNotification. */
export const PENDING_INTERVAL_SECONDS = 60;
/** Seconds a Rejected charger waits before its next BootNotification. */
export const REJECTED_INTERVAL_SECONDS = 300;

/** What a charger says it is at its boot, whatever its protocol. */
export interface BootInfo {
  vendor: string;
  model: string;
  serialNumber: string | null;
  firmwareVersion: string | null;
  iccid: string | null;
  imsi: string | null;
  meterType: string | null;
  meterSerialNumber: string | null;
}

/**
 * A boot, for both protocol adapters: recorded (the maintenance log, the charge point's record,
 * firmware campaigns), and answered by the charge point's registration as it is now: staff may have
 * approved a Pending charger since it connected, and its next boot is then Accepted.
 */
export async function boot(ctx: HandlerContext, info: BootInfo) {
  await ctx.maintenance.reboot(ctx.cp.id, info.firmwareVersion);
  const registration = await ctx.chargers.recordBoot(ctx.cp, info);
  if (registration) ctx.cp.registrationStatus = registration;
  const accepted = ctx.cp.registrationStatus === 'accepted';
  await ctx.firmware?.booted(ctx.cp.id, info.firmwareVersion, accepted);
  const currentTime = new Date().toISOString();
  if (ctx.cp.registrationStatus === 'pending') {
    return { status: 'Pending' as const, currentTime, interval: PENDING_INTERVAL_SECONDS };
  }
  if (!accepted) return { status: 'Rejected' as const, currentTime, interval: REJECTED_INTERVAL_SECONDS };
  return { status: 'Accepted' as const, currentTime, interval: ctx.cp.heartbeatInterval };
}
