import type { Ocpp201 } from '@voltline/contract';
import type { Handler } from '../../context.js';
import { checkEvse, periodsOf } from '../charger-limits.js';

/** K17: the schedule the car chose within the charger's profile; kept beside its needs and accepted. */
export const notifyEVChargingSchedule: Handler<
  Ocpp201.NotifyEVChargingScheduleRequest,
  Ocpp201.NotifyEVChargingScheduleResponse
> = async (p, ctx) => {
  checkEvse(p.evseId);
  const s = p.chargingSchedule;
  const kept = await ctx.chargerLimits?.evSchedule(ctx.cp, p.evseId, {
    unit: s.chargingRateUnit,
    periods: periodsOf(s),
    startSchedule: s.startSchedule ?? p.timeBase,
  });
  if (kept === false)
    ctx.log.info({ evseId: p.evseId }, 'EV charging schedule for an EVSE with no charging needs');
  return { status: 'Accepted' };
};
