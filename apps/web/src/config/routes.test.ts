import { describe, expect, it } from 'vitest';
import { ROLES, permissionsOf } from '@voltline/contract';
import { HOME_PATH } from './app';
import { homePathFor, menuKeyFor, MENU_ROUTES, PROTECTED_ROUTES, PUBLIC_ROUTES } from './routes';

describe('route table', () => {
  it('keeps every screen under the spec prefixes', () => {
    for (const r of PUBLIC_ROUTES) expect(r.path).toMatch(/^(\/auth\/|\/forgotPassword$)/);
    for (const r of PROTECTED_ROUTES) expect(r.path.startsWith('/portal/')).toBe(true);
  });

  it.each(ROLES)('opens %s on the dashboard if it may see it, else on its first menu area', (role) => {
    const permissions = permissionsOf([role]);
    const allowed = MENU_ROUTES.filter((r) => !r.permission || permissions.has(r.permission));
    const dashboard = PROTECTED_ROUTES.find((r) => r.path === HOME_PATH);
    const expected =
      dashboard && (!dashboard.permission || permissions.has(dashboard.permission))
        ? HOME_PATH
        : (allowed[0]?.path ?? null);
    expect(homePathFor(permissions)).toBe(expected);
  });

  it('has no home for a user whose roles open no area', () => {
    expect(homePathFor(new Set())).toBeNull();
  });

  it('lights the list entry for detail and edit screens', () => {
    expect(menuKeyFor('/portal/management/user/edit/4')).toBe('users');
    expect(menuKeyFor('/portal/management/userx')).toBeUndefined();
  });
});
