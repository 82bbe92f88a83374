import type { ScreenRoute } from '../../config/screen-route';
import { lazyScreen } from '../../lib/lazy';
import { PAYMENTS_PATH } from './paths';

export const PAYMENT_ROUTES: ScreenRoute[] = [
  {
    path: PAYMENTS_PATH,
    permission: 'payments:read',
    screen: lazyScreen(() => import('./pages/payments-page')),
    menu: { key: 'payments', label: 'menu.payments', group: 'reports', icon: 'CreditCard' },
  },
];
