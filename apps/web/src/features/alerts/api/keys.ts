import type { AlertListQuery } from '@voltline/contract';

/** Query keys of alerts; every step on an alert invalidates `alertKeys.all` (list, count and alert). */
export const alertKeys = {
  all: ['alerts'] as const,
  list: (query: AlertListQuery) => [...alertKeys.all, 'list', query] as const,
  count: () => [...alertKeys.all, 'count'] as const,
  detail: (id: number) => [...alertKeys.all, 'detail', id] as const,
  rules: () => [...alertKeys.all, 'rules'] as const,
};

/** The header's count refreshes once a minute. */
export const COUNT_REFRESH_MS = 60_000;
/** Lists and an open alert refresh while staff watch them: the evaluator runs every 15 s. */
export const LIST_REFRESH_MS = 30_000;
