import type { Ocpp } from '@voltline/contract';
import type { Handler } from '../../context.js';
import { boot } from '../../boot.js';

/** Records what the charger says it is; accepted chargers get their operator's heartbeat interval. */
export const bootNotification: Handler<Ocpp.BootNotificationRequest, Ocpp.BootNotificationResponse> = async (
  p,
  ctx,
) => {
  const answer = await boot(ctx, {
    vendor: p.chargePointVendor,
    model: p.chargePointModel,
    serialNumber: p.chargePointSerialNumber ?? p.chargeBoxSerialNumber ?? null,
    firmwareVersion: p.firmwareVersion ?? null,
    iccid: p.iccid ?? null,
    imsi: p.imsi ?? null,
    meterType: p.meterType ?? null,
    meterSerialNumber: p.meterSerialNumber ?? null,
  });
  // Whether the charger shows prices and costs (the OCA California Pricing note): asked once accepted.
  if (answer.status === 'Accepted') ctx.californiaPricing?.booted(ctx.cp);
  return answer;
};
