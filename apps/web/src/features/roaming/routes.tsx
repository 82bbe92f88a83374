import type { ScreenRoute } from '../../config/screen-route';
import { lazyScreen } from '../../lib/lazy';
import { ROAMING_PATH } from './paths';

export const ROAMING_ROUTES: ScreenRoute[] = [
  {
    path: ROAMING_PATH,
    permission: 'roaming:read',
    screen: lazyScreen(() => import('./pages/roaming-page')),
    menu: { key: 'roaming', label: 'menu.roaming', group: 'integrations', icon: 'Global' },
  },
];
