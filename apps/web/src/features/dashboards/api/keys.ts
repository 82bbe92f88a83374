import type { MapState } from '../lib/colors';
import type { DayRange } from '../lib/range';

/** Query keys of the dashboards; the ranges are whole days so a refetch keeps the same key. */
export const dashboardKeys = {
  all: ['dashboards'] as const,
  analytics: (operatorId: number | undefined, range: DayRange, tz: string) =>
    [...dashboardKeys.all, 'analytics', { operatorId, ...range, tz }] as const,
  uptime: (operatorId: number | undefined, month: string) =>
    [...dashboardKeys.all, 'uptime', { operatorId, month }] as const,
  map: (operatorId: number | undefined, state: MapState | undefined) =>
    [...dashboardKeys.all, 'map', { operatorId, state }] as const,
};
