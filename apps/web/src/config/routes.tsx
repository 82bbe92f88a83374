import type { Permission } from '@voltline/contract';
import { ALERT_ROUTES } from '../features/alerts/routes';
import { AUDIT_LOG_ROUTES } from '../features/audit-logs/routes';
import { BOOKING_ROUTES } from '../features/bookings/routes';
import { CHARGE_POINT_ROUTES } from '../features/charge-points/routes';
import { DIAGNOSTICS_ROUTES } from '../features/diagnostics/routes';
import { DASHBOARD_ROUTES } from '../features/dashboards/routes';
import { DRIVER_ROUTES } from '../features/drivers/routes';
import { MAINTENANCE_LOG_ROUTES } from '../features/maintenance-logs/routes';
import { FIRMWARE_ROUTES } from '../features/firmware/routes';
import { OCPP_LOG_ROUTES } from '../features/ocpp-logs/routes';
import { OPERATOR_ROUTES } from '../features/operators/routes';
import { PAYMENT_ROUTES } from '../features/payments/routes';
import { SECURITY_EVENT_ROUTES } from '../features/security-events/routes';
import { SESSION_ROUTES } from '../features/sessions/routes';
import { SMART_CHARGING_ROUTES } from '../features/smart-charging/routes';
import { TARIFF_ROUTES } from '../features/tariffs/routes';
import { API_KEY_ROUTES } from '../features/api-keys/routes';
import { WEBHOOK_ROUTES } from '../features/webhooks/routes';
import { ROAMING_ROUTES } from '../features/roaming/routes';
import { lazyScreen } from '../lib/lazy';
import {
  APP_PREFIX,
  ERROR_PATH,
  FORGOT_PASSWORD_PATH,
  HOME_PATH,
  LOGIN_PATH,
  REGISTER_CONFIRM_PATH,
  REGISTER_PATH,
  RESET_PASSWORD_PATH,
} from './app';
import type { ScreenRoute } from './screen-route';

export { MENU_GROUPS, type MenuGroupKey, type MenuIcon, type ScreenRoute } from './screen-route';

export const PUBLIC_ROUTES: ScreenRoute[] = [
  { path: LOGIN_PATH, screen: lazyScreen(() => import('../features/auth/pages/login-page')) },
  { path: REGISTER_PATH, screen: lazyScreen(() => import('../features/auth/pages/register-page')) },
  {
    path: REGISTER_CONFIRM_PATH,
    screen: lazyScreen(() => import('../features/auth/pages/register-confirm-page')),
  },
  {
    path: FORGOT_PASSWORD_PATH,
    screen: lazyScreen(() => import('../features/auth/pages/forgot-password-page')),
  },
  {
    path: RESET_PASSWORD_PATH,
    screen: lazyScreen(() => import('../features/auth/pages/reset-password-page')),
  },
];

const users = `${APP_PREFIX}/management/user`;

export const PROTECTED_ROUTES: ScreenRoute[] = [
  { path: ERROR_PATH, layout: 'blank', screen: lazyScreen(() => import('../app/error-page')) },
  ...DASHBOARD_ROUTES,
  {
    path: users,
    permission: 'users:read',
    screen: lazyScreen(() => import('../features/users/pages/user-list-page')),
    menu: { key: 'users', label: 'menu.users', group: 'management', icon: 'Team' },
  },
  {
    path: `${users}/add`,
    permission: 'users:write',
    screen: lazyScreen(() => import('../features/users/pages/user-add-page')),
  },
  {
    path: `${users}/detail/:userId`,
    permission: 'users:read',
    screen: lazyScreen(() => import('../features/users/pages/user-detail-page')),
  },
  {
    path: `${users}/edit/:userId`,
    permission: 'users:write',
    screen: lazyScreen(() => import('../features/users/pages/user-edit-page')),
  },
  ...DRIVER_ROUTES,
  ...OPERATOR_ROUTES,
  ...TARIFF_ROUTES,
  ...BOOKING_ROUTES,
  ...SESSION_ROUTES,
  ...PAYMENT_ROUTES,
  ...CHARGE_POINT_ROUTES,
  ...SMART_CHARGING_ROUTES,
  ...FIRMWARE_ROUTES,
  ...AUDIT_LOG_ROUTES,
  ...OCPP_LOG_ROUTES,
  ...DIAGNOSTICS_ROUTES,
  ...MAINTENANCE_LOG_ROUTES,
  ...SECURITY_EVENT_ROUTES,
  ...ALERT_ROUTES,
  ...API_KEY_ROUTES,
  ...WEBHOOK_ROUTES,
  ...ROAMING_ROUTES,
];

export const MENU_ROUTES = PROTECTED_ROUTES.filter((r) => r.menu);

/**
 * Where "/" leads: the analytics dashboard once it exists, until then the first menu area the
 * user may open; null when the user's roles open none of the areas built so far.
 */
export function homePathFor(permissions: ReadonlySet<Permission>): string | null {
  const allowed = (r: ScreenRoute) => !r.permission || permissions.has(r.permission);
  const home = PROTECTED_ROUTES.find((r) => r.path === HOME_PATH);
  if (home && allowed(home)) return home.path;
  return MENU_ROUTES.find(allowed)?.path ?? null;
}

/** The menu entry a location belongs to (detail and edit screens light up their list's entry). */
export function menuKeyFor(pathname: string): string | undefined {
  const match = [...MENU_ROUTES]
    .sort((a, b) => b.path.length - a.path.length)
    .find((r) => pathname === r.path || pathname.startsWith(`${r.path}/`));
  return match?.menu?.key;
}
