import type { Ocpp201 } from '@voltline/contract';
import type { Handler } from '../../context.js';
import { checkEvse } from '../charger-limits.js';

/** K13: the external limit of the source on the EVSE (none named: the whole charger) is gone. */
export const clearedChargingLimit: Handler<
  Ocpp201.ClearedChargingLimitRequest,
  Ocpp201.ClearedChargingLimitResponse
> = async (p, ctx) => {
  checkEvse(p.evseId);
  await ctx.chargerLimits?.limitCleared(ctx.cp, p.evseId ?? 0, p.chargingLimitSource);
  ctx.smartCharging?.limitsChanged(ctx.cp.id);
  return {};
};
