import type { ScreenRoute } from '../../config/screen-route';
import { lazyScreen } from '../../lib/lazy';
import { BOOKING_ADD_PATH, BOOKINGS_PATH } from './paths';

export const BOOKING_ROUTES: ScreenRoute[] = [
  {
    path: BOOKINGS_PATH,
    permission: 'bookings:read',
    screen: lazyScreen(() => import('./pages/booking-list-page')),
    menu: { key: 'bookings', label: 'menu.bookings', group: 'management', icon: 'Calendar' },
  },
  {
    path: BOOKING_ADD_PATH,
    permission: 'bookings:write',
    screen: lazyScreen(() => import('./pages/booking-add-page')),
  },
];
