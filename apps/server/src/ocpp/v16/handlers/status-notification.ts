import type { Ocpp } from '@voltline/contract';
import { checkConnector, checkTime } from '../../rpc-error.js';
import type { Handler } from '../context.js';

/**
 * Connector status with its error code, kept as history; connector 0 is the charge point. Reports
 * of all chargers are written together; the answer waits for the commit.
 */
export const statusNotification: Handler<
  Ocpp.StatusNotificationRequest,
  Ocpp.StatusNotificationResponse
> = async (p, ctx) => {
  // A report for a connector no charger has would otherwise create it.
  checkConnector(p.connectorId, 0);
  // A time the database refuses (year 0) reached it and was answered InternalError.
  checkTime('timestamp', p.timestamp);
  await ctx.statuses.add({
    chargePointId: ctx.cp.id,
    connectorId: p.connectorId,
    status: p.status,
    errorCode: p.errorCode,
    info: p.info ?? null,
    vendorErrorCode: p.vendorErrorCode ?? null,
    at: p.timestamp ? new Date(p.timestamp) : new Date(),
  });
  return {};
};
