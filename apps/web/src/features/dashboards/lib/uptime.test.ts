import type { UptimeReport } from '@voltline/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { isShort, minutesText, uptimeText } from '../../../lib/uptime-format';
import { lastMonth, shortConnectors, uptimeRows } from './uptime';

const figures = (uptime: number | null, outage = 0) => ({
  minutes: 43_200,
  outageMinutes: outage,
  excludedMinutes: 0,
  uptime,
});

const report: UptimeReport = {
  operatorId: 1,
  operatorName: 'Voltline İstanbul',
  month: '2026-09',
  timeZone: 'Europe/Istanbul',
  from: '2026-08-31T21:00:00.000Z',
  to: '2026-09-30T21:00:00.000Z',
  target: 97,
  chargePoints: [
    {
      id: 7,
      chargePointId: 'CP-1',
      name: 'Kadıköy',
      ...figures(98),
      connectors: [
        { connectorId: 1, ...figures(99.5) },
        { connectorId: 2, ...figures(96.99, 1300) },
      ],
    },
  ],
  total: figures(98),
};

describe('the uptime report on screen', () => {
  it('writes uptime with two decimals the way each language writes percentages', () => {
    expect(uptimeText(99.72222, 'en')).toBe('99.72%');
    expect(uptimeText(99.72222, 'tr')).toBe('%99,72');
    expect(uptimeText(null, 'en')).toBe('—');
    expect(minutesText(43_200, 'en')).toBe('43,200');
    expect(minutesText(43_200, 'tr')).toBe('43.200');
  });

  it('marks a connector under the target, never one without minutes', () => {
    expect(isShort(96.99, 97)).toBe(true);
    expect(isShort(97, 97)).toBe(false);
    expect(isShort(null, 97)).toBe(false);
    expect(shortConnectors(report)).toBe(1);
  });

  it('lists each charge point with its connectors under it', () => {
    const rows = uptimeRows(report);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ key: '7', connectorId: null, uptime: 98 });
    expect(rows[0]?.children?.map((c) => [c.key, c.connectorId, c.uptime])).toEqual([
      ['7-1', 1, 99.5],
      ['7-2', 2, 96.99],
    ]);
  });

  it('opens on the last whole month', () => {
    expect(lastMonth(dayjs('2026-01-15')).format('YYYY-MM')).toBe('2025-12');
  });
});
