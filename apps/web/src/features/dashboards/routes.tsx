import type { ScreenRoute } from '../../config/screen-route';
import { lazyScreen } from '../../lib/lazy';
import { ANALYTICS_PATH, MAP_PATH, UPTIME_PATH } from './paths';

export const DASHBOARD_ROUTES: ScreenRoute[] = [
  {
    path: ANALYTICS_PATH,
    permission: 'dashboards:read',
    screen: lazyScreen(() => import('./pages/analytics-page')),
    menu: { key: 'analytics', label: 'menu.analytics', group: 'dashboards', icon: 'LineChart' },
  },
  {
    path: MAP_PATH,
    permission: 'dashboards:read',
    screen: lazyScreen(() => import('./pages/map-page')),
    menu: { key: 'map', label: 'menu.map', group: 'dashboards', icon: 'Environment' },
  },
  {
    path: UPTIME_PATH,
    permission: 'dashboards:read',
    screen: lazyScreen(() => import('./pages/uptime-page')),
    menu: { key: 'uptime', label: 'menu.uptime', group: 'dashboards', icon: 'BarChart' },
  },
];
