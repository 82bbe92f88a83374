import type { Ocpp } from '@voltline/contract';
import { recordChargerEvent } from '../../../modules/charge-points/charge-points.repository.js';
import type { Handler } from '../context.js';

export const diagnosticsStatusNotification: Handler<
  Ocpp.DiagnosticsStatusNotificationRequest,
  Ocpp.DiagnosticsStatusNotificationResponse
> = async (p, ctx) => {
  await ctx.db.transaction((tx) =>
    recordChargerEvent(tx, ctx.cp.id, 'DiagnosticsStatusNotification', p.status, p),
  );
  return {};
};
