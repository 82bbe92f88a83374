import type { Ocpp201 } from '@voltline/contract';
import type { Handler } from '../../context.js';
import { checkEvse, dateOf, periodsOf } from '../charger-limits.js';

/**
 * K12 (and K14 during a transaction): an external system (an energy management system, the grid
 * operator) set a limit on the charger (no evseId or 0: the whole charger) or one EVSE. Voltline
 * keeps it, with its schedule when the charger sends one (the first, in force now), and balances
 * the charger's group again so no share passes it.
 */
export const notifyChargingLimit: Handler<
  Ocpp201.NotifyChargingLimitRequest,
  Ocpp201.NotifyChargingLimitResponse
> = async (p, ctx) => {
  checkEvse(p.evseId);
  const schedule = p.chargingSchedule?.[0];
  await ctx.chargerLimits?.limitSet(ctx.cp, {
    evseId: p.evseId ?? 0,
    source: p.chargingLimit.chargingLimitSource,
    gridCritical: p.chargingLimit.isGridCritical ?? false,
    schedule: schedule
      ? {
          unit: schedule.chargingRateUnit,
          startSchedule: dateOf(schedule.startSchedule),
          periods: periodsOf(schedule),
        }
      : null,
  });
  ctx.smartCharging?.limitsChanged(ctx.cp.id);
  return {};
};
