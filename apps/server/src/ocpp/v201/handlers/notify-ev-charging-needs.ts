import type { Ocpp201 } from '@voltline/contract';
import type { Handler } from '../../context.js';
import { checkEvse } from '../charger-limits.js';

/**
 * K15: the car's charging needs over ISO 15118. Accepted where Voltline balances the charger: the
 * group is balanced again at once and the TxProfile it sends stays within what the car can take.
 * Rejected elsewhere (no schedule will come), said with a reason.
 */
export const notifyEVChargingNeeds: Handler<
  Ocpp201.NotifyEVChargingNeedsRequest,
  Ocpp201.NotifyEVChargingNeedsResponse
> = async (p, ctx) => {
  checkEvse(p.evseId);
  if (!ctx.chargerLimits) return { status: 'Rejected', statusInfo: { reasonCode: 'NotSupported' } };
  const n = p.chargingNeeds;
  const ac = n.acChargingParameters;
  const dc = n.dcChargingParameters;
  const status = await ctx.chargerLimits.evNeeds(ctx.cp, p.evseId, {
    energyTransfer: n.requestedEnergyTransfer,
    departureTime: n.departureTime ?? null,
    requestedEnergyWh: ac?.energyAmount ?? dc?.energyAmount ?? null,
    maxCurrentA: ac?.evMaxCurrent ?? dc?.evMaxCurrent ?? null,
    minCurrentA: ac?.evMinCurrent ?? null,
    maxVoltage: ac?.evMaxVoltage ?? dc?.evMaxVoltage ?? null,
    maxPowerW: dc?.evMaxPower ?? null,
    stateOfCharge: dc?.stateOfCharge ?? null,
  });
  if (status === 'Accepted') {
    ctx.smartCharging?.limitsChanged(ctx.cp.id);
    return { status };
  }
  return { status, statusInfo: { reasonCode: 'NoSmartCharging' } };
};
