import type { ScreenRoute } from '../../config/screen-route';
import { lazyScreen } from '../../lib/lazy';
import { SECURITY_EVENTS_PATH } from './paths';

export const SECURITY_EVENT_ROUTES: ScreenRoute[] = [
  {
    path: SECURITY_EVENTS_PATH,
    permission: 'logs:read',
    screen: lazyScreen(() => import('./pages/security-events-page')),
    menu: { key: 'securityEvents', label: 'menu.securityEvents', group: 'logs', icon: 'SafetyCertificate' },
  },
];
