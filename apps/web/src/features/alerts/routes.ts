import type { ScreenRoute } from '../../config/screen-route';
import { lazyScreen } from '../../lib/lazy';
import { ALERTS_PATH } from './paths';

export const ALERT_ROUTES: ScreenRoute[] = [
  {
    path: ALERTS_PATH,
    permission: 'alerts:read',
    screen: lazyScreen(() => import('./pages/alerts-page')),
    menu: { key: 'alerts', label: 'menu.alerts', group: 'logs', icon: 'Bell' },
  },
  {
    path: `${ALERTS_PATH}/:alertId`,
    permission: 'alerts:read',
    screen: lazyScreen(() => import('./pages/alert-page')),
  },
];
