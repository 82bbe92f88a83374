import type { ScreenRoute } from '../../config/screen-route';
import { lazyScreen } from '../../lib/lazy';
import { SESSIONS_PATH } from './paths';

export const SESSION_ROUTES: ScreenRoute[] = [
  {
    path: SESSIONS_PATH,
    permission: 'sessions:read',
    screen: lazyScreen(() => import('./pages/sessions-page')),
    menu: {
      key: 'chargingSessions',
      label: 'menu.chargingSessions',
      group: 'reports',
      icon: 'Thunderbolt',
    },
  },
];
