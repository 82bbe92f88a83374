import type { ScreenRoute } from '../../config/screen-route';
import { lazyScreen } from '../../lib/lazy';
import { DEVICES_PATH } from './paths';

const detail = lazyScreen(() => import('./pages/charge-point-detail-page'));

export const CHARGE_POINT_ROUTES: ScreenRoute[] = [
  {
    path: DEVICES_PATH,
    permission: 'chargePoints:read',
    screen: lazyScreen(() => import('./pages/charge-point-list-page')),
    menu: {
      key: 'chargePoints',
      label: 'menu.chargePoints',
      group: 'management',
      icon: 'Thunderbolt',
    },
  },
  {
    path: `${DEVICES_PATH}/add`,
    permission: 'chargePoints:write',
    screen: lazyScreen(() => import('./pages/charge-point-add-page')),
  },
  {
    path: `${DEVICES_PATH}/edit/:id`,
    permission: 'chargePoints:write',
    screen: lazyScreen(() => import('./pages/charge-point-edit-page')),
  },
  {
    path: `${DEVICES_PATH}/pending`,
    permission: 'chargePoints:read',
    screen: lazyScreen(() => import('./pages/pending-chargers-page')),
  },
  // The detail page's tabs share one screen; three of them have their own address (spec §2).
  { path: `${DEVICES_PATH}/detail/:chargePointId`, permission: 'chargePoints:read', screen: detail },
  { path: `${DEVICES_PATH}/detail/:chargePointId/:tab`, permission: 'chargePoints:read', screen: detail },
];
