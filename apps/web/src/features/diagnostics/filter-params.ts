import {
  DIAGNOSTICS_KINDS,
  DIAGNOSTICS_STATES,
  type DiagnosticsKind,
  type DiagnosticsListFilter,
  type DiagnosticsState,
} from '@voltline/contract';

export type DiagnosticsFilter = Omit<DiagnosticsListFilter, 'index' | 'size'>;

const positive = (v: string | null) => {
  const n = Number.parseInt(v ?? '', 10);
  return n > 0 ? n : undefined;
};
const isoDate = (v: string | null) => (v && !Number.isNaN(Date.parse(v)) ? v : undefined);
const state = (v: string | null) =>
  DIAGNOSTICS_STATES.includes(v as DiagnosticsState) ? (v as DiagnosticsState) : undefined;
const kind = (v: string | null) =>
  DIAGNOSTICS_KINDS.includes(v as DiagnosticsKind) ? (v as DiagnosticsKind) : undefined;
const identity = (v: string | null) => (v && v.length <= 48 ? v : undefined);

const KEYS = ['chargePointId', 'operatorId', 'status', 'kind', 'from', 'to'] as const;

/** The list's page and filters live in the address, so a reload or a shared link keeps them. */
export function filterFromParams(params: URLSearchParams): { index: number; filter: DiagnosticsFilter } {
  const index = Math.max(0, Number.parseInt(params.get('index') ?? '0', 10) || 0);
  const candidates: DiagnosticsFilter = {
    chargePointId: identity(params.get('chargePointId')),
    operatorId: positive(params.get('operatorId')),
    status: state(params.get('status')),
    kind: kind(params.get('kind')),
    from: isoDate(params.get('from')),
    to: isoDate(params.get('to')),
  };
  const filter: DiagnosticsFilter = {};
  for (const key of KEYS)
    if (candidates[key] !== undefined) Object.assign(filter, { [key]: candidates[key] });
  return { index, filter };
}

export function filterToParams({
  filter,
  index,
}: {
  filter: DiagnosticsFilter;
  index: number;
}): URLSearchParams {
  const params = new URLSearchParams();
  if (index > 0) params.set('index', String(index));
  for (const key of KEYS) {
    const value = filter[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params;
}
