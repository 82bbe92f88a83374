import { DRIVER_STATUSES, DriverSort, type DriverFilter, type DriverStatus } from '@voltline/contract';

type SortBy = NonNullable<DriverFilter['sortBy']>;

/** The list's page, filters and order live in the address, so a reload or a shared link keeps them. */
export function filterFromParams(params: URLSearchParams): { index: number; filter: DriverFilter } {
  const index = Math.max(0, Number.parseInt(params.get('index') ?? '0', 10) || 0);
  const filter: DriverFilter = {};
  const search = params.get('search');
  if (search) filter.search = search;
  const operatorId = Number.parseInt(params.get('operatorId') ?? '', 10);
  if (operatorId > 0) filter.operatorId = operatorId;
  const status = params.get('status');
  if (status && (DRIVER_STATUSES as readonly string[]).includes(status))
    filter.status = status as DriverStatus;
  const hasCard = params.get('hasCard');
  if (hasCard === 'true' || hasCard === 'false') filter.hasCard = hasCard === 'true';
  const sortBy = params.get('sortBy');
  if (sortBy && (DriverSort.options as readonly string[]).includes(sortBy)) filter.sortBy = sortBy as SortBy;
  const sortOrder = params.get('sortOrder');
  if (sortOrder === 'asc' || sortOrder === 'desc') filter.sortOrder = sortOrder;
  return { index, filter };
}

export function filterToParams({ filter, index }: { filter: DriverFilter; index: number }): URLSearchParams {
  const params = new URLSearchParams();
  if (index > 0) params.set('index', String(index));
  if (filter.search) params.set('search', filter.search);
  if (filter.operatorId) params.set('operatorId', String(filter.operatorId));
  if (filter.status) params.set('status', filter.status);
  if (filter.hasCard !== undefined) params.set('hasCard', String(filter.hasCard));
  if (filter.sortBy) params.set('sortBy', filter.sortBy);
  if (filter.sortOrder) params.set('sortOrder', filter.sortOrder);
  return params;
}
