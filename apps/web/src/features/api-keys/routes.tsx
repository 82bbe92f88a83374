import type { ScreenRoute } from '../../config/screen-route';
import { lazyScreen } from '../../lib/lazy';
import { API_KEYS_PATH } from './paths';

export const API_KEY_ROUTES: ScreenRoute[] = [
  {
    path: API_KEYS_PATH,
    permission: 'integrations:read',
    screen: lazyScreen(() => import('./pages/api-keys-page')),
    menu: { key: 'apiKeys', label: 'menu.apiKeys', group: 'integrations', icon: 'CloudSync' },
  },
];
