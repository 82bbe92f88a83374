import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { fillDays, filtersFromParams, filtersToParams, presetRange, rangeInstants } from './range';

const now = dayjs('2025-03-10T14:30:00');

describe('date ranges', () => {
  it('counts presets back from today, today included', () => {
    expect(presetRange('today', now)).toEqual({ from: '2025-03-10', to: '2025-03-10' });
    expect(presetRange('week', now)).toEqual({ from: '2025-03-04', to: '2025-03-10' });
    expect(presetRange('month', now)).toEqual({ from: '2025-02-09', to: '2025-03-10' });
  });

  it('sends whole days, but stops at now when the range ends today', () => {
    const past = rangeInstants({ from: '2025-03-01', to: '2025-03-02' }, now);
    expect(past).toEqual({
      from: dayjs('2025-03-01T00:00:00').toISOString(),
      to: dayjs('2025-03-03T00:00:00').toISOString(),
    });
    expect(rangeInstants({ from: '2025-03-10', to: '2025-03-10' }, now).to).toBe(now.toISOString());
  });

  it('reads the filters from the address, falling back to the last 7 days', () => {
    const read = (q: string) => filtersFromParams(new URLSearchParams(q), now);
    expect(read('operatorId=4&from=2025-03-01&to=2025-03-05')).toEqual({
      operatorId: 4,
      range: { from: '2025-03-01', to: '2025-03-05' },
    });
    expect(read('operatorId=x&from=2025-03-05&to=2025-03-01')).toEqual({
      operatorId: undefined,
      range: { from: '2025-03-04', to: '2025-03-10' },
    });
    expect(read('from=2025-3-1&to=2025-03-05').range.from).toBe('2025-03-04');
  });

  it('writes the filters back in the same form', () => {
    const range = { from: '2025-03-01', to: '2025-03-05' };
    expect(filtersToParams(7, range).toString()).toBe('from=2025-03-01&to=2025-03-05&operatorId=7');
    expect(filtersToParams(undefined, range).toString()).toBe('from=2025-03-01&to=2025-03-05');
  });
});

describe('days of the chart', () => {
  it('lists every day of the range, with zeros where the API has no row', () => {
    const rows = [{ day: '2025-03-02', sessions: 4 }];
    const filled = fillDays({ from: '2025-03-01', to: '2025-03-03' }, rows, (day) => ({ day, sessions: 0 }));
    expect(filled).toEqual([
      { day: '2025-03-01', sessions: 0 },
      { day: '2025-03-02', sessions: 4 },
      { day: '2025-03-03', sessions: 0 },
    ]);
  });

  it('crosses month ends', () => {
    const filled = fillDays({ from: '2025-02-27', to: '2025-03-01' }, [], (day) => ({ day }));
    expect(filled.map((d) => d.day)).toEqual(['2025-02-27', '2025-02-28', '2025-03-01']);
  });
});
