import type { ScreenRoute } from '../../config/screen-route';
import { lazyScreen } from '../../lib/lazy';
import { OCPP_LOGS_PATH } from './paths';

export const OCPP_LOG_ROUTES: ScreenRoute[] = [
  {
    path: OCPP_LOGS_PATH,
    permission: 'logs:read',
    screen: lazyScreen(() => import('./pages/ocpp-logs-page')),
    menu: { key: 'ocppLogs', label: 'menu.ocppLogs', group: 'logs', icon: 'FileSearch' },
  },
];
