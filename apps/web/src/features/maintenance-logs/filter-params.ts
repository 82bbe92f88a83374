import {
  MAINTENANCE_SOURCES,
  MAINTENANCE_TYPES,
  type MaintenanceLogFilter,
  type MaintenanceSource,
  type MaintenanceType,
} from '@voltline/contract';

const positive = (v: string | null) => {
  const n = Number.parseInt(v ?? '', 10);
  return n > 0 ? n : undefined;
};
const isoDate = (v: string | null) => (v && !Number.isNaN(Date.parse(v)) ? v : undefined);
const oneOf = <T extends string>(list: readonly T[], v: string | null) => list.find((x) => x === v);
const text = (v: string | null, max: number) => (v && v.trim() ? v.trim().slice(0, max) : undefined);

const KEYS = ['chargePointId', 'operatorId', 'type', 'source', 'from', 'to', 'search'] as const;

/** The list's page and filters live in the address, so a reload or a shared link keeps them. */
export function filterFromParams(params: URLSearchParams): { index: number; filter: MaintenanceLogFilter } {
  const index = Math.max(0, Number.parseInt(params.get('index') ?? '0', 10) || 0);
  const candidates: MaintenanceLogFilter = {
    chargePointId: text(params.get('chargePointId'), 48),
    operatorId: positive(params.get('operatorId')),
    type: oneOf<MaintenanceType>(MAINTENANCE_TYPES, params.get('type')),
    source: oneOf<MaintenanceSource>(MAINTENANCE_SOURCES, params.get('source')),
    from: isoDate(params.get('from')),
    to: isoDate(params.get('to')),
    search: text(params.get('search'), 100),
  };
  const filter: MaintenanceLogFilter = {};
  for (const key of KEYS)
    if (candidates[key] !== undefined) Object.assign(filter, { [key]: candidates[key] });
  return { index, filter };
}

export function filterToParams({ filter, index }: { filter: MaintenanceLogFilter; index: number }) {
  const params = new URLSearchParams();
  if (index > 0) params.set('index', String(index));
  for (const key of KEYS) {
    const value = filter[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params;
}
