import type { ScreenRoute } from '../../config/screen-route';
import { lazyScreen } from '../../lib/lazy';
import { MAINTENANCE_LOGS_PATH } from './paths';

export const MAINTENANCE_LOG_ROUTES: ScreenRoute[] = [
  {
    path: MAINTENANCE_LOGS_PATH,
    permission: 'logs:read',
    screen: lazyScreen(() => import('./pages/maintenance-logs-page')),
    menu: { key: 'maintenanceLogs', label: 'menu.maintenanceLogs', group: 'logs', icon: 'Tool' },
  },
];
