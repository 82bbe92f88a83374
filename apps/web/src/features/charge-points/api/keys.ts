import type { ChargePointFilter } from '@voltline/contract';

export type DeviceList = 'active' | 'inactive' | 'archived' | 'all';

/** Query keys of the charge-point domain; mutations invalidate `chargePointKeys.all`. */
export const chargePointKeys = {
  all: ['chargePoints'] as const,
  lists: () => [...chargePointKeys.all, 'list'] as const,
  list: (kind: DeviceList, index: number, filter: ChargePointFilter) =>
    [...chargePointKeys.lists(), kind, index, filter] as const,
  detail: (id: string | number) => [...chargePointKeys.all, 'detail', String(id)] as const,
  connectors: (chargePointId: string) => [...chargePointKeys.all, 'connectors', chargePointId] as const,
  connections: (id: number, index: number) => [...chargePointKeys.all, 'connections', id, index] as const,
  faults: (id: number, index: number) => [...chargePointKeys.all, 'faults', id, index] as const,
  events: (id: number, index: number, filter: object) =>
    [...chargePointKeys.all, 'events', id, index, filter] as const,
  commands: (id: number, index: number) => [...chargePointKeys.all, 'commands', id, index] as const,
  analytics: (chargePointId: string, from: string, to: string) =>
    [...chargePointKeys.all, 'analytics', chargePointId, from, to] as const,
  certificates: (id: number) => [...chargePointKeys.all, 'certificates', id] as const,
  profiles: (chargePointId: string) => [...chargePointKeys.all, 'profiles', chargePointId] as const,
  tariffs: (chargePointId: string) => [...chargePointKeys.all, 'tariffs', chargePointId] as const,
};

/** Status and connection change on the charger's side; lists and details poll for them. */
export const LIVE_INTERVAL_MS = 3000;
