import type { ScreenRoute } from '../../config/screen-route';
import { lazyScreen } from '../../lib/lazy';
import { WEBHOOKS_PATH } from './paths';

export const WEBHOOK_ROUTES: ScreenRoute[] = [
  {
    path: WEBHOOKS_PATH,
    permission: 'integrations:read',
    screen: lazyScreen(() => import('./pages/webhooks-page')),
    menu: { key: 'webhooks', label: 'menu.webhooks', group: 'integrations', icon: 'Api' },
  },
];
