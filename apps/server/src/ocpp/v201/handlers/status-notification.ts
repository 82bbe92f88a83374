import type { Ocpp201 } from '@voltline/contract';
import { checkConnector, checkTime } from '../../rpc-error.js';
import type { Handler } from '../../context.js';
import { reportTime } from '../../v16/handlers/status-notification.js';
import { evseStatus } from '../evse-status.js';

/**
 * G01: one plug of an EVSE changed state. The plug's own state is kept (the EVSE's plugs are listed
 * on the charge point); the EVSE, which is what Voltline calls a connector, takes the state its
 * plugs add up to, and goes through the same status batch, fault record and history as a 1.6
 * connector's report.
 */
const IN_TRANSACTION = new Set(['Charging', 'SuspendedEV', 'SuspendedEVSE']);

export const statusNotification: Handler<
  Ocpp201.StatusNotificationRequest,
  Ocpp201.StatusNotificationResponse
> = async (p, ctx) => {
  checkConnector(p.evseId, 1);
  checkConnector(p.connectorId, 1);
  checkTime('timestamp', p.timestamp);
  await ctx.chargers.observeClock(ctx.cp, p.timestamp, ctx.link);
  const at = reportTime(p.timestamp);
  const { others, evse } = await ctx.chargers.recordPlugStatus(
    ctx.cp.id,
    p.evseId,
    p.connectorId,
    p.connectorStatus,
    at,
  );
  const status = evseStatus([p.connectorStatus, ...others]);
  // An occupied plug says less than the transaction events: an EVSE they put in Charging,
  // SuspendedEV or SuspendedEVSE stays so (a late Occupied report does not make it Preparing).
  if (status === 'Preparing' && evse !== null && IN_TRANSACTION.has(evse)) return {};
  const report = {
    chargePointId: ctx.cp.id,
    connectorId: p.evseId,
    status,
    errorCode: status === 'Faulted' ? 'OtherError' : 'NoError',
    info: null,
    vendorId: null,
    vendorErrorCode: null,
    at,
  };
  await ctx.maintenance.status(report);
  await ctx.statuses.add(report);
  return {};
};
