import type { ScreenRoute } from '../../config/screen-route';
import { lazyScreen } from '../../lib/lazy';
import { DIAGNOSTICS_PATH } from './paths';

export const DIAGNOSTICS_ROUTES: ScreenRoute[] = [
  {
    path: DIAGNOSTICS_PATH,
    permission: 'logs:read',
    screen: lazyScreen(() => import('./pages/diagnostics-page')),
    menu: { key: 'diagnostics', label: 'menu.diagnostics', group: 'logs', icon: 'FileSearch' },
  },
];
