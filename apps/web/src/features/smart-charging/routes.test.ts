import { describe, expect, it } from 'vitest';
import { permissionsOf, type Role } from '@voltline/contract';
import { SMART_CHARGING_ROUTES } from './routes';

const offered = (role: Role) => {
  const permissions = permissionsOf([role]);
  return SMART_CHARGING_ROUTES.filter((r) => !r.permission || permissions.has(r.permission)).map((r) =>
    r.path.replace('/portal/management/smartCharging', ''),
  );
};

describe('smart-charging screens by role', () => {
  it('offer the list and detail to readers, and add and edit to writers only', () => {
    expect(offered('Technical Support')).toEqual(['', '/add', '/detail/:groupId', '/edit/:groupId']);
    expect(offered('Main Operator')).toEqual(['', '/add', '/detail/:groupId', '/edit/:groupId']);
    for (const role of ['Finance', 'Site Safety Officer', 'CallCenter'] as const)
      expect(offered(role)).toEqual([]);
  });

  it('put the list in the Management menu', () => {
    expect(SMART_CHARGING_ROUTES[0]?.menu).toMatchObject({
      group: 'management',
      label: 'menu.smartCharging',
    });
  });
});
