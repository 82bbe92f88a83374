import type { ScreenRoute } from '../../config/screen-route';
import { lazyScreen } from '../../lib/lazy';
import { OPERATORS_PATH } from './paths';

export const OPERATOR_ROUTES: ScreenRoute[] = [
  {
    path: OPERATORS_PATH,
    permission: 'operators:read',
    screen: lazyScreen(() => import('./pages/operator-list-page')),
    menu: { key: 'operators', label: 'menu.operators', group: 'management', icon: 'Apartment' },
  },
  {
    path: `${OPERATORS_PATH}/add`,
    permission: 'operators:write',
    screen: lazyScreen(() => import('./pages/operator-add-page')),
  },
  {
    path: `${OPERATORS_PATH}/detail/:operatorId`,
    permission: 'operators:read',
    screen: lazyScreen(() => import('./pages/operator-detail-page')),
  },
  {
    path: `${OPERATORS_PATH}/edit/:operatorId`,
    permission: 'operators:write',
    screen: lazyScreen(() => import('./pages/operator-edit-page')),
  },
];
