import { SESSION_STATES, type SessionFilter } from '@voltline/contract';

export type SessionTab = 'active' | 'all';

export interface SessionView {
  tab: SessionTab;
  index: number;
  /** What the filters show; the Active tab adds `active: true` when it asks the server. */
  filter: SessionFilter;
  /** The session open in the drawer. */
  sessionId?: number;
}

const positive = (v: string | null) => {
  const n = Number.parseInt(v ?? '', 10);
  return n > 0 ? n : undefined;
};
const isoDate = (v: string | null) => (v && !Number.isNaN(Date.parse(v)) ? v : undefined);

/** Tab, page, filters and the open session live in the address, so a reload or a link keeps them. */
export function viewFromParams(params: URLSearchParams): SessionView {
  const tab: SessionTab = params.get('tab') === 'all' ? 'all' : 'active';
  const index = Math.max(0, Number.parseInt(params.get('index') ?? '0', 10) || 0);
  const filter: SessionFilter = {};
  const from = isoDate(params.get('from'));
  if (from) filter.from = from;
  const to = isoDate(params.get('to'));
  if (to) filter.to = to;
  const chargePointId = params.get('chargePointId')?.trim();
  if (chargePointId) filter.chargePointId = chargePointId;
  const driverId = positive(params.get('driverId'));
  if (driverId) filter.driverId = driverId;
  const idTag = params.get('idTag')?.trim();
  if (idTag) filter.idTag = idTag;
  const operatorId = positive(params.get('operatorId'));
  if (operatorId) filter.operatorId = operatorId;
  if (params.get('roaming') === '1') filter.roaming = true;
  const state = params.get('state');
  if (tab === 'all' && state && (SESSION_STATES as readonly string[]).includes(state))
    filter.state = state as (typeof SESSION_STATES)[number];
  return { tab, index, filter, sessionId: positive(params.get('session')) };
}

export function viewToParams(view: SessionView): URLSearchParams {
  const params = new URLSearchParams();
  params.set('tab', view.tab);
  if (view.index > 0) params.set('index', String(view.index));
  const f = view.filter;
  if (f.from) params.set('from', f.from);
  if (f.to) params.set('to', f.to);
  if (f.chargePointId) params.set('chargePointId', f.chargePointId);
  if (f.driverId) params.set('driverId', String(f.driverId));
  if (f.idTag) params.set('idTag', f.idTag);
  if (f.operatorId) params.set('operatorId', String(f.operatorId));
  if (f.roaming) params.set('roaming', '1');
  if (f.state && view.tab === 'all') params.set('state', f.state);
  if (view.sessionId) params.set('session', String(view.sessionId));
  return params;
}

/** The body sent to the server for a tab: the Active tab asks only for running sessions. */
export function requestFilter(view: Pick<SessionView, 'tab' | 'filter'>): SessionFilter {
  if (view.tab === 'active') {
    const { state: _state, ...rest } = view.filter;
    return { ...rest, active: true };
  }
  return view.filter;
}
