import type { Ocpp201 } from '@voltline/contract';
import type { HandlerContext } from '../../context.js';
import { chargingStatus } from '../evse-status.js';

/**
 * OCPP 2.0.1 says whether an EVSE charges in its transaction events (`chargingState`), not in its
 * status notifications (a plug is just Occupied): once an event is stored, the EVSE's connector
 * state follows it (Charging, SuspendedEV, SuspendedEVSE; Preparing or Finishing around it), as a
 * 1.6 charger's StatusNotification would set it. Only the first event of a transaction must name
 * its EVSE, so `evseId` is the event's or, when it names none, that of the event's session.
 */
export async function reportChargingState(
  p: Ocpp201.TransactionEventRequest,
  ctx: HandlerContext,
  evseId: number | undefined,
): Promise<void> {
  const status = chargingStatus(
    p.transactionInfo.chargingState,
    p.eventType === 'Ended',
    // The car left (its cable unplugged, or the parking bay emptied) while the transaction goes on.
    p.triggerReason === 'EVCommunicationLost' || p.triggerReason === 'EVDeparted',
  );
  if (!status || !evseId || p.offline) return;
  const report = {
    chargePointId: ctx.cp.id,
    connectorId: evseId,
    status,
    errorCode: 'NoError',
    info: null,
    vendorId: null,
    vendorErrorCode: null,
    at: new Date(p.timestamp) > new Date() ? new Date() : new Date(p.timestamp),
  };
  await ctx.maintenance.status(report);
  await ctx.statuses.add(report);
}
