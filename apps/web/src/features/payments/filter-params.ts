import { PAYMENT_KINDS, PAYMENT_STATES, type PaymentFilter } from '@voltline/contract';

const positive = (v: string | null) => {
  const n = Number.parseInt(v ?? '', 10);
  return n > 0 ? n : undefined;
};
const isoDate = (v: string | null) => (v && !Number.isNaN(Date.parse(v)) ? v : undefined);
const oneOf = <T extends string>(list: readonly T[], v: string | null): T | undefined =>
  v && (list as readonly string[]).includes(v) ? (v as T) : undefined;

/** The list's page and filters live in the address, so a reload or a shared link keeps them. */
export function filterFromParams(params: URLSearchParams): { index: number; filter: PaymentFilter } {
  const index = Math.max(0, Number.parseInt(params.get('index') ?? '0', 10) || 0);
  const filter: PaymentFilter = {};
  const from = isoDate(params.get('from'));
  if (from) filter.from = from;
  const to = isoDate(params.get('to'));
  if (to) filter.to = to;
  const pgTranId = params.get('pgTranId')?.trim();
  if (pgTranId) filter.pgTranId = pgTranId;
  const driverId = positive(params.get('driverId'));
  if (driverId) filter.driverId = driverId;
  const operatorId = positive(params.get('operatorId'));
  if (operatorId) filter.operatorId = operatorId;
  const kind = oneOf(PAYMENT_KINDS, params.get('kind'));
  if (kind) filter.kind = kind;
  const state = oneOf(PAYMENT_STATES, params.get('state'));
  if (state) filter.state = state;
  return { index, filter };
}

export function filterToParams({ filter, index }: { filter: PaymentFilter; index: number }): URLSearchParams {
  const params = new URLSearchParams();
  if (index > 0) params.set('index', String(index));
  for (const key of ['from', 'to', 'pgTranId', 'driverId', 'operatorId', 'kind', 'state'] as const) {
    const value = filter[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params;
}
