import { ROLES, type Role, type UserFilter } from '@voltline/contract';

/** The list's page and filters live in the address, so a reload or a shared link keeps them. */
export function filterFromParams(params: URLSearchParams): { index: number; filter: UserFilter } {
  const index = Math.max(0, Number.parseInt(params.get('index') ?? '0', 10) || 0);
  const filter: UserFilter = {};
  const search = params.get('search');
  if (search) filter.search = search;
  const operatorId = Number.parseInt(params.get('operatorId') ?? '', 10);
  if (operatorId > 0) filter.operatorId = operatorId;
  const role = params.get('role');
  if (role && (ROLES as readonly string[]).includes(role)) filter.role = role as Role;
  const active = params.get('active');
  if (active === 'true' || active === 'false') filter.active = active === 'true';
  return { index, filter };
}

export function filterToParams({ filter, index }: { filter: UserFilter; index: number }): URLSearchParams {
  const params = new URLSearchParams();
  if (index > 0) params.set('index', String(index));
  if (filter.search) params.set('search', filter.search);
  if (filter.operatorId) params.set('operatorId', String(filter.operatorId));
  if (filter.role) params.set('role', filter.role);
  if (filter.active !== undefined) params.set('active', String(filter.active));
  return params;
}
