import type { Ocpp201 } from '@voltline/contract';
import type { Handler } from '../../context.js';
import { boot } from '../../boot.js';

/**
 * B01–B04: the charging station says what it is (and why it booted); Accepted with its operator's
 * heartbeat interval, Pending while staff hold it (it may answer Voltline's requests meanwhile and
 * boots again after the interval), or Rejected.
 */
export const bootNotification: Handler<
  Ocpp201.BootNotificationRequest,
  Ocpp201.BootNotificationResponse
> = async (p, ctx) => {
  const cs = p.chargingStation;
  const answer = await boot(ctx, {
    vendor: cs.vendorName,
    model: cs.model,
    serialNumber: cs.serialNumber ?? null,
    firmwareVersion: cs.firmwareVersion ?? null,
    iccid: cs.modem?.iccid ?? null,
    imsi: cs.modem?.imsi ?? null,
    meterType: null,
    meterSerialNumber: null,
  });
  if (answer.status === 'Accepted') ctx.deviceModel?.accepted(ctx.cp);
  return answer.status === 'Accepted'
    ? answer
    : {
        ...answer,
        statusInfo: { reasonCode: answer.status === 'Pending' ? 'AwaitingApproval' : 'NotApproved' },
      };
};
