import type { ScreenRoute } from '../../config/screen-route';
import { lazyScreen } from '../../lib/lazy';
import { DRIVERS_PATH } from './paths';

export const DRIVER_ROUTES: ScreenRoute[] = [
  {
    path: DRIVERS_PATH,
    permission: 'drivers:read',
    screen: lazyScreen(() => import('./pages/driver-list-page')),
    menu: { key: 'drivers', label: 'menu.drivers', group: 'management', icon: 'Idcard' },
  },
  {
    path: `${DRIVERS_PATH}/add`,
    permission: 'drivers:write',
    screen: lazyScreen(() => import('./pages/driver-add-page')),
  },
  {
    path: `${DRIVERS_PATH}/detail/:id`,
    permission: 'drivers:read',
    screen: lazyScreen(() => import('./pages/driver-detail-page')),
  },
  {
    path: `${DRIVERS_PATH}/edit/:id`,
    permission: 'drivers:write',
    screen: lazyScreen(() => import('./pages/driver-edit-page')),
  },
];
