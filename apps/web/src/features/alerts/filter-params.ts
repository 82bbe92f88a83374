import { ALERT_STATES, type AlertState } from '@voltline/contract';

export interface AlertFilter {
  state?: AlertState;
  operatorId?: number;
  chargePointId?: string;
}

const text = (v: string | null, max: number) => (v && v.trim() ? v.trim().slice(0, max) : undefined);
const positive = (v: string | null) => {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * The list's page and filters live in the address. No state in the address is the Open tab (the
 * screen opens on what needs work); `state=all` shows every alert.
 */
export function filterFromParams(params: URLSearchParams): { index: number; filter: AlertFilter } {
  const index = Math.max(0, Number.parseInt(params.get('index') ?? '0', 10) || 0);
  const raw = params.get('state');
  const state: AlertState | undefined =
    raw === 'all' ? undefined : (ALERT_STATES.find((s) => s === raw) ?? 'open');
  const filter: AlertFilter = { state };
  const operatorId = positive(params.get('operatorId'));
  if (operatorId) filter.operatorId = operatorId;
  const chargePointId = text(params.get('chargePointId'), 48);
  if (chargePointId) filter.chargePointId = chargePointId;
  return { index, filter };
}

export function filterToParams({ filter, index }: { filter: AlertFilter; index: number }) {
  const params = new URLSearchParams();
  if (filter.state !== 'open') params.set('state', filter.state ?? 'all');
  if (filter.operatorId) params.set('operatorId', String(filter.operatorId));
  if (filter.chargePointId) params.set('chargePointId', filter.chargePointId);
  if (index > 0) params.set('index', String(index));
  return params;
}
