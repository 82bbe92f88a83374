import type { Connector } from './connector.js';
import type { Ocpp } from '@voltline/contract';

export type MeterValue = Ocpp.MeterValuesRequest['meterValue'][number];
export type SampledValue = MeterValue['sampledValue'][number];
export type ReadingContext = NonNullable<SampledValue['context']>;

/** Above this a connector is modelled as DC (one voltage, no phases). */
export const DC_THRESHOLD_W = 43_000;
const PHASES = ['L1', 'L2', 'L3'] as const;
const NOMINAL_V = 230;

/** Voltage with a little noise, as a real meter reads it. */
function volts(base: number): number {
  return Math.round((base + (Math.random() - 0.5) * 4) * 10) / 10;
}

/** Builds one meter value with the measurands configured in MeterValuesSampledData (or similar keys). */
export function readMeter(
  connector: Connector,
  measurands: readonly string[],
  context: ReadingContext,
  maxPowerW: number,
  at: Date = new Date(),
): MeterValue {
  const dc = maxPowerW > DC_THRESHOLD_W;
  const power = Math.round(connector.powerW);
  const sampledValue: SampledValue[] = [];
  for (const measurand of measurands) {
    switch (measurand) {
      case 'Energy.Active.Import.Register':
        sampledValue.push({
          value: String(Math.floor(connector.energyWh)),
          context,
          measurand,
          location: 'Outlet',
          unit: 'Wh',
        });
        break;
      case 'Power.Active.Import':
        sampledValue.push({ value: String(power), context, measurand, location: 'Outlet', unit: 'W' });
        break;
      case 'Power.Offered':
        sampledValue.push({ value: String(Math.round(maxPowerW)), context, measurand, unit: 'W' });
        break;
      case 'Current.Import':
      case 'Current.Offered': {
        const w = measurand === 'Current.Import' ? power : maxPowerW;
        if (dc) {
          sampledValue.push({ value: (w / 400).toFixed(1), context, measurand, unit: 'A' });
        } else {
          for (const phase of PHASES) {
            sampledValue.push({
              value: (w / 3 / NOMINAL_V).toFixed(1),
              context,
              measurand,
              phase,
              unit: 'A',
            });
          }
        }
        break;
      }
      case 'Voltage':
        if (dc) {
          sampledValue.push({ value: String(volts(400)), context, measurand, unit: 'V' });
        } else {
          for (const phase of PHASES) {
            sampledValue.push({
              value: String(volts(NOMINAL_V)),
              context,
              measurand,
              phase: `${phase}-N`,
              unit: 'V',
            });
          }
        }
        break;
      case 'SoC':
        if (connector.vehicle) {
          sampledValue.push({
            value: String(Math.floor(connector.vehicle.soc)),
            context,
            measurand,
            location: 'EV',
            unit: 'Percent',
          });
        }
        break;
      case 'Temperature':
        sampledValue.push({ value: (25 + power / 2000).toFixed(1), context, measurand, unit: 'Celsius' });
        break;
      case 'Frequency':
        sampledValue.push({ value: '50.0', context, measurand });
        break;
      default:
        break;
    }
  }
  if (sampledValue.length === 0) {
    sampledValue.push({
      value: String(Math.floor(connector.energyWh)),
      context,
      measurand: 'Energy.Active.Import.Register',
      unit: 'Wh',
    });
  }
  return { timestamp: at.toISOString(), sampledValue };
}

export function parseMeasurands(csl: string | undefined): string[] {
  return (csl ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter((m) => m.length > 0);
}
