import { lazy, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import type { Permission } from '@voltline/contract';
import { useMe } from '../api/get-me';
import { LOGIN_PATH, REDIRECT_KEY } from '../config/app';
import { homePathFor } from '../config/routes';
import { usePermissions } from '../hooks/use-permission';
import { safeRedirect } from '../lib/redirect';
import { useAuthStore } from '../stores/auth-store';
import { PageLoader } from '../components/page-loader';

const NoAccess = lazy(() => import('../components/no-access'));

/** Protected routes need a token; visitors go to the login with the wanted path in `redirect`. */
export function RequireAuth() {
  const token = useAuthStore((s) => s.token);
  const endedBy = useAuthStore((s) => s.endedBy);
  const location = useLocation();
  if (!token) {
    // After signing out the redirect is "/" (spec §2); a visitor or an expired session keeps the wanted page.
    const wanted = endedBy === 'user' ? '/' : `${location.pathname}${location.search}`;
    const query = wanted === '/' ? '' : `?${new URLSearchParams({ [REDIRECT_KEY]: wanted }).toString()}`;
    return <Navigate to={`${LOGIN_PATH}${query}`} replace />;
  }
  return <Outlet />;
}

/** Sign-in, register and password pages are for signed-out visitors; signing in lands on `redirect`. */
export function PublicOnly() {
  const token = useAuthStore((s) => s.token);
  const [params] = useSearchParams();
  return token ? <Navigate to={safeRedirect(params.get(REDIRECT_KEY))} replace /> : <Outlet />;
}

export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const me = useMe();
  const permissions = usePermissions();
  if (me.isPending) return <PageLoader />;
  return permissions.has(permission) ? children : <NoAccess />;
}

export function HomeRedirect() {
  const me = useMe();
  const permissions = usePermissions();
  if (me.isPending) return <PageLoader />;
  if (me.isError) return <NoAccess variant="home" />;
  const home = homePathFor(permissions);
  return home ? <Navigate to={home} replace /> : <NoAccess variant="home" />;
}
