import type { ScreenRoute } from '../../config/screen-route';
import { lazyScreen } from '../../lib/lazy';
import { SMART_CHARGING_PATH } from './paths';

export const SMART_CHARGING_ROUTES: ScreenRoute[] = [
  {
    path: SMART_CHARGING_PATH,
    permission: 'smartCharging:read',
    screen: lazyScreen(() => import('./pages/group-list-page')),
    menu: { key: 'smartCharging', label: 'menu.smartCharging', group: 'management', icon: 'Cluster' },
  },
  {
    path: `${SMART_CHARGING_PATH}/add`,
    permission: 'smartCharging:write',
    screen: lazyScreen(() => import('./pages/group-add-page')),
  },
  {
    path: `${SMART_CHARGING_PATH}/detail/:groupId`,
    permission: 'smartCharging:read',
    screen: lazyScreen(() => import('./pages/group-detail-page')),
  },
  {
    path: `${SMART_CHARGING_PATH}/edit/:groupId`,
    permission: 'smartCharging:write',
    screen: lazyScreen(() => import('./pages/group-edit-page')),
  },
];
