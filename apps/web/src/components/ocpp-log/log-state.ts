import type { OcppLogFilter } from '../../api/ocpp-logs/keys';

export interface OcppLogState {
  filter: OcppLogFilter;
  index: number;
  view: 'frames' | 'pairs';
  live: boolean;
}

export const INITIAL_LOG_STATE: OcppLogState = { filter: {}, index: 0, view: 'frames', live: true };

const FILTER_KEYS = ['StartDate', 'EndDate', 'ChargePointId', 'Types'] as const;

/** The log screen's filters live in the address (the spec's query names), so a link shows the same frames. */
export function logStateFromParams(params: URLSearchParams): OcppLogState {
  const filter: OcppLogFilter = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) filter[key] = value;
  }
  return {
    filter,
    index: Math.max(0, Number.parseInt(params.get('index') ?? '0', 10) || 0),
    view: params.get('view') === 'pairs' ? 'pairs' : 'frames',
    live: params.get('live') !== 'false',
  };
}

export function logStateToParams(state: OcppLogState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = state.filter[key];
    if (value) params.set(key, value);
  }
  if (state.index > 0) params.set('index', String(state.index));
  if (state.view === 'pairs') params.set('view', 'pairs');
  if (!state.live) params.set('live', 'false');
  return params;
}
