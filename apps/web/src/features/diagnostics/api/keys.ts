import type { DiagnosticsFilter } from '../filter-params';

/** Query keys of the diagnostics screen. */
export const diagnosticsKeys = {
  all: ['diagnostics'] as const,
  list: (index: number, filter: DiagnosticsFilter) =>
    [...diagnosticsKeys.all, 'list', index, filter] as const,
  retention: () => [...diagnosticsKeys.all, 'retention'] as const,
};
