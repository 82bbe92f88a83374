import type { AuditLogFilter } from '@voltline/contract';

const positive = (v: string | null) => {
  const n = Number.parseInt(v ?? '', 10);
  return n > 0 ? n : undefined;
};
const isoDate = (v: string | null) => (v && !Number.isNaN(Date.parse(v)) ? v : undefined);
const word = (v: string | null) => (v && /^[A-Za-z][\w.]{0,39}$/.test(v) ? v : undefined);

const KEYS = ['userId', 'operatorId', 'entity', 'action', 'from', 'to'] as const;

/** The log's page and filters live in the address, so a reload or a shared link keeps them. */
export function filterFromParams(params: URLSearchParams): { index: number; filter: AuditLogFilter } {
  const index = Math.max(0, Number.parseInt(params.get('index') ?? '0', 10) || 0);
  const candidates: AuditLogFilter = {
    userId: positive(params.get('userId')),
    operatorId: positive(params.get('operatorId')),
    entity: word(params.get('entity')),
    action: word(params.get('action')),
    from: isoDate(params.get('from')),
    to: isoDate(params.get('to')),
  };
  const filter: AuditLogFilter = {};
  for (const key of KEYS)
    if (candidates[key] !== undefined) Object.assign(filter, { [key]: candidates[key] });
  return { index, filter };
}

export function filterToParams({
  filter,
  index,
}: {
  filter: AuditLogFilter;
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
