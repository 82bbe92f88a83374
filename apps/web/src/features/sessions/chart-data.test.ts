import { describe, expect, it } from 'vitest';
import { chartData } from './chart-data';

describe('meter chart data', () => {
  it('shows energy delivered since the session started, power in kW and SoC when reported', () => {
    const data = chartData(
      [
        { at: '2025-01-01T10:00:00Z', energyWh: 1_000_000, powerW: 7400, soc: null },
        { at: '2025-01-01T10:01:00Z', energyWh: 1_000_125, powerW: null, soc: 41 },
        { at: '2025-01-01T10:02:00Z', energyWh: null, powerW: 11_000, soc: 42 },
      ],
      1_000_000,
    );
    const t0 = Date.parse('2025-01-01T10:00:00Z');
    expect(data.energy).toEqual([
      [t0, 0],
      [t0 + 60_000, 0.125],
    ]);
    expect(data.power).toEqual([
      [t0, 7.4],
      [t0 + 120_000, 11],
    ]);
    expect(data.soc).toEqual([
      [t0 + 60_000, 41],
      [t0 + 120_000, 42],
    ]);
  });
});
