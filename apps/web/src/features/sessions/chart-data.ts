import type { MeterPoint } from '@voltline/contract';

export type Point = [time: number, value: number];

export interface ChartData {
  /** kWh delivered in this session (the meter register minus its reading at the start). */
  energy: Point[];
  power: Point[];
  soc: Point[];
}

/** Meter readings → chart series, leaving out readings that lack the measurand. */
export function chartData(points: readonly MeterPoint[], meterStartWh: number): ChartData {
  const data: ChartData = { energy: [], power: [], soc: [] };
  for (const p of points) {
    const at = Date.parse(p.at);
    if (p.energyWh !== null) data.energy.push([at, Math.max(0, (p.energyWh - meterStartWh) / 1000)]);
    if (p.powerW !== null) data.power.push([at, p.powerW / 1000]);
    if (p.soc !== null) data.soc.push([at, p.soc]);
  }
  return data;
}
