import type { Ocpp201 } from '@voltline/contract';
import { DC_THRESHOLD_W } from '../meter-values.js';
import type { Evse } from './evse.js';

export type MeterValue201 = NonNullable<Ocpp201.TransactionEventRequest['meterValue']>[number];
type SampledValue201 = MeterValue201['sampledValue'][number];
export type ReadingContext201 = NonNullable<SampledValue201['context']>;

/**
 * One reading in OCPP 2.0.1's shape (numeric values, unitOfMeasure): the energy register, the power
 * and, with a car connected, its state of charge; AC chargers add the phase currents.
 */
export function readMeter201(
  evse: Evse,
  context: ReadingContext201,
  maxPowerW: number,
  at: Date,
): MeterValue201 {
  const power = Math.round(evse.powerW);
  const sampledValue: SampledValue201[] = [
    {
      value: Math.floor(evse.energyWh),
      context,
      measurand: 'Energy.Active.Import.Register',
      location: 'Outlet',
      unitOfMeasure: { unit: 'Wh' },
    },
    {
      value: power,
      context,
      measurand: 'Power.Active.Import',
      location: 'Outlet',
      unitOfMeasure: { unit: 'W' },
    },
  ];
  if (maxPowerW <= DC_THRESHOLD_W && power > 0) {
    for (const phase of ['L1', 'L2', 'L3'] as const) {
      const amps = Math.round((power / 3 / 230) * 10) / 10;
      sampledValue.push({
        value: amps,
        context,
        measurand: 'Current.Import',
        phase,
        unitOfMeasure: { unit: 'A' },
      });
    }
  }
  if (evse.vehicle) {
    sampledValue.push({
      value: Math.floor(evse.vehicle.soc),
      context,
      measurand: 'SoC',
      location: 'EV',
      unitOfMeasure: { unit: 'Percent' },
    });
  }
  return { timestamp: at.toISOString(), sampledValue };
}
