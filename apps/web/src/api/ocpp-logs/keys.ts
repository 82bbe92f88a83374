import type { OcppLogQuery } from '@voltline/contract';

export type OcppLogFilter = Omit<OcppLogQuery, 'index' | 'size'>;

export const ocppLogKeys = {
  all: ['ocppLogs'] as const,
  entries: (filter: OcppLogFilter, index: number) => [...ocppLogKeys.all, 'entries', filter, index] as const,
  pairs: (filter: OcppLogFilter, index: number) => [...ocppLogKeys.all, 'pairs', filter, index] as const,
};

/** How often the log refreshes while live refresh is on. */
export const LIVE_LOG_INTERVAL_MS = 3000;
