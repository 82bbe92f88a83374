import type { Ocpp } from '@voltline/contract';
import { checkConnector, checkTime } from '../../rpc-error.js';
import type { Handler } from '../../context.js';

/** A charger's clock this far ahead of Voltline's is wrong; its report is dated when received. */
export const MAX_CLOCK_AHEAD_MS = 15 * 60_000;

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
  await ctx.chargers.observeClock(ctx.cp, p.timestamp, ctx.link);
  const report = {
    chargePointId: ctx.cp.id,
    connectorId: p.connectorId,
    status: p.status,
    errorCode: p.errorCode,
    info: p.info ?? null,
    vendorId: p.vendorId ?? null,
    vendorErrorCode: p.vendorErrorCode ?? null,
    at: reportTime(p.timestamp),
  };
  // Before the report is stored: the maintenance log compares it with the status until now.
  await ctx.maintenance.status(report);
  await ctx.statuses.add(report);
  return {};
};

/**
 * When a report happened: the charger's time, unless it is absent or ahead of Voltline's by more
 * than a clock can drift. The newest report wins a connector's status, so one dated 2199 would
 * otherwise freeze it until then.
 */
export function reportTime(timestamp: string | undefined): Date {
  const now = new Date();
  if (!timestamp) return now;
  const at = new Date(timestamp);
  return at.getTime() - now.getTime() > MAX_CLOCK_AHEAD_MS ? now : at;
}
