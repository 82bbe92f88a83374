import type { Ocpp } from '@voltline/contract';
import { recordChargerEvent } from '../../../modules/charge-points/charge-points.repository.js';
import type { Handler } from '../context.js';

export const firmwareStatusNotification: Handler<
  Ocpp.FirmwareStatusNotificationRequest,
  Ocpp.FirmwareStatusNotificationResponse
> = async (p, ctx) => {
  await ctx.db.transaction((tx) =>
    recordChargerEvent(tx, ctx.cp.id, 'FirmwareStatusNotification', p.status, p),
  );
  return {};
};
