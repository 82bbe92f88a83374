import type { ScreenRoute } from '../../config/screen-route';
import { lazyScreen } from '../../lib/lazy';
import { TARIFFS_PATH } from './paths';

export const TARIFF_ROUTES: ScreenRoute[] = [
  {
    path: TARIFFS_PATH,
    permission: 'tariffs:read',
    screen: lazyScreen(() => import('./pages/tariff-list-page')),
    menu: { key: 'tariffs', label: 'menu.tariffs', group: 'management', icon: 'Dollar' },
  },
  {
    path: `${TARIFFS_PATH}/add`,
    permission: 'tariffs:write',
    screen: lazyScreen(() => import('./pages/tariff-add-page')),
  },
  {
    path: `${TARIFFS_PATH}/detail/:tariffId`,
    permission: 'tariffs:read',
    screen: lazyScreen(() => import('./pages/tariff-detail-page')),
  },
  {
    path: `${TARIFFS_PATH}/edit/:tariffId`,
    permission: 'tariffs:write',
    screen: lazyScreen(() => import('./pages/tariff-edit-page')),
  },
];
