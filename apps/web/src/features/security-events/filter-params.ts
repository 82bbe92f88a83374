import type { SecurityEventFilter } from '@voltline/contract';

const isoDate = (v: string | null) => (v && !Number.isNaN(Date.parse(v)) ? v : undefined);
const text = (v: string | null, max: number) => (v && v.trim() ? v.trim().slice(0, max) : undefined);

const KEYS = ['chargePointId', 'type', 'criticalOnly', 'from', 'to'] as const;

/** The list's page and filters live in the address, so a reload or a shared link keeps them. */
export function filterFromParams(params: URLSearchParams): { index: number; filter: SecurityEventFilter } {
  const index = Math.max(0, Number.parseInt(params.get('index') ?? '0', 10) || 0);
  const candidates: SecurityEventFilter = {
    chargePointId: text(params.get('chargePointId'), 48),
    type: text(params.get('type'), 50),
    criticalOnly: params.get('criticalOnly') === 'true' ? true : undefined,
    from: isoDate(params.get('from')),
    to: isoDate(params.get('to')),
  };
  const filter: SecurityEventFilter = {};
  for (const key of KEYS)
    if (candidates[key] !== undefined) Object.assign(filter, { [key]: candidates[key] });
  return { index, filter };
}

export function filterToParams({ filter, index }: { filter: SecurityEventFilter; index: number }) {
  const params = new URLSearchParams();
  if (index > 0) params.set('index', String(index));
  for (const key of KEYS) {
    const value = filter[key];
    if (value !== undefined && value !== '' && value !== false) params.set(key, String(value));
  }
  return params;
}
