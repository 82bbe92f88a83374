/** The list's filters (SmartChargingListQuery without its paging). */
export interface GroupFilter {
  operatorId?: number;
  search?: string;
}

/** The list's page and filters live in the address, so a reload or a shared link keeps them. */
export function filterFromParams(params: URLSearchParams): { index: number; filter: GroupFilter } {
  const index = Math.max(0, Number.parseInt(params.get('index') ?? '0', 10) || 0);
  const filter: GroupFilter = {};
  const search = params.get('search')?.trim();
  if (search) filter.search = search;
  const operatorId = Number.parseInt(params.get('operatorId') ?? '', 10);
  if (operatorId > 0) filter.operatorId = operatorId;
  return { index, filter };
}

export function filterToParams({ filter, index }: { filter: GroupFilter; index: number }): URLSearchParams {
  const params = new URLSearchParams();
  if (index > 0) params.set('index', String(index));
  if (filter.search) params.set('search', filter.search);
  if (filter.operatorId) params.set('operatorId', String(filter.operatorId));
  return params;
}
