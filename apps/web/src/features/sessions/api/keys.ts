import type { SessionFilter } from '@voltline/contract';

/** Query keys of the sessions domain; commands invalidate `sessionKeys.all`. */
export const sessionKeys = {
  all: ['sessions'] as const,
  lists: () => [...sessionKeys.all, 'list'] as const,
  list: (index: number, filter: SessionFilter) => [...sessionKeys.lists(), index, filter] as const,
  detail: (id: number) => [...sessionKeys.all, 'detail', id] as const,
  meterValues: (id: number) => [...sessionKeys.all, 'meterValues', id] as const,
  staleRule: () => [...sessionKeys.all, 'staleRule'] as const,
};

/** How often what is still running is asked for again. */
export const LIVE_REFRESH_MS = 5000;
