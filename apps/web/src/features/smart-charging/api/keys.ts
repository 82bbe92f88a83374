import type { GroupFilter } from '../filter-params';

/** Query keys of smart-charging groups; mutations invalidate `groupKeys.all` or one group's keys. */
export const groupKeys = {
  all: ['smartCharging'] as const,
  lists: () => [...groupKeys.all, 'list'] as const,
  list: (index: number, filter: GroupFilter) => [...groupKeys.lists(), index, filter] as const,
  group: (id: number) => [...groupKeys.all, 'group', id] as const,
  settings: (id: number) => [...groupKeys.group(id), 'settings'] as const,
  detail: (id: number) => [...groupKeys.group(id), 'detail'] as const,
  power: (id: number) => [...groupKeys.group(id), 'power'] as const,
  candidates: (operatorId: number | undefined, search: string, index: number) =>
    [...groupKeys.all, 'candidates', operatorId ?? 'all', search, index] as const,
};

/** How often the live screens ask again (the balancer runs on every status and meter value). */
export const LIVE_MS = 3_000;
