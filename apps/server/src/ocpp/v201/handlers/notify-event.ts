import type { Ocpp201 } from '@voltline/contract';
import type { Handler } from '../../context.js';

type EventData = Ocpp201.NotifyEventRequest['eventData'][number];

/**
 * N07/G05: events of the charger's device model (a monitor tripped, a problem raised or cleared),
 * each stored and listed on the charge point. A problem raised on an EVSE or one of its plugs
 * (variable Problem, value true) faults that EVSE in words: the event's techCode and techInfo are
 * the fault's vendor code and text, as a 1.6 charger's vendorErrorCode and info are.
 */
export const notifyEvent: Handler<Ocpp201.NotifyEventRequest, Ocpp201.NotifyEventResponse> = async (
  p,
  ctx,
) => {
  for (const e of p.eventData) {
    await ctx.chargers.recordEvent(ctx.cp.id, 'NotifyEvent', e.actualValue.slice(0, 100), {
      ...e,
      generatedAt: p.generatedAt,
    });
    const evseId = e.component.evse?.id;
    if (evseId && evseId > 0 && isProblem(e)) {
      const report = {
        chargePointId: ctx.cp.id,
        connectorId: evseId,
        status: 'Faulted',
        errorCode: 'OtherError',
        info: (e.techInfo ?? `${e.component.name}.${e.variable.name}`).slice(0, 50),
        vendorId: null,
        vendorErrorCode: e.techCode?.slice(0, 50) ?? null,
        at: new Date(),
      };
      await ctx.maintenance.status(report);
      await ctx.statuses.add(report);
    }
  }
  return {};
};

/** A raised (not cleared) Problem of a component. */
function isProblem(e: EventData): boolean {
  return e.variable.name === 'Problem' && e.actualValue.toLowerCase() === 'true' && e.cleared !== true;
}
