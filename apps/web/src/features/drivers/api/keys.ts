import type { BalanceEntryKind, DriverFilter } from '@voltline/contract';

/** Query keys of the drivers domain; mutations invalidate `driverKeys.all` or one driver's keys. */
export const driverKeys = {
  all: ['drivers'] as const,
  lists: () => [...driverKeys.all, 'list'] as const,
  list: (index: number, filter: DriverFilter) => [...driverKeys.lists(), index, filter] as const,
  driver: (id: number) => [...driverKeys.all, 'driver', id] as const,
  detail: (id: number) => [...driverKeys.driver(id), 'detail'] as const,
  ledger: (id: number, index: number, kind?: BalanceEntryKind) =>
    [...driverKeys.driver(id), 'ledger', index, kind ?? 'all'] as const,
  statusHistory: (id: number, index: number) => [...driverKeys.driver(id), 'status', index] as const,
  sessions: (id: number, index: number) => [...driverKeys.driver(id), 'sessions', index] as const,
  customerInformation: (id: number, index: number) =>
    [...driverKeys.driver(id), 'customerInformation', index] as const,
};
