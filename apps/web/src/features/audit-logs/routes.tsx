import type { ScreenRoute } from '../../config/screen-route';
import { lazyScreen } from '../../lib/lazy';
import { AUDIT_LOGS_PATH } from './paths';

export const AUDIT_LOG_ROUTES: ScreenRoute[] = [
  {
    path: AUDIT_LOGS_PATH,
    permission: 'auditLogs:read',
    screen: lazyScreen(() => import('./pages/audit-logs-page')),
    menu: { key: 'auditLogs', label: 'menu.auditLogs', group: 'logs', icon: 'Audit' },
  },
];
