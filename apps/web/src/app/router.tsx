import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { APP_PREFIX } from '../config/app';
import { PROTECTED_ROUTES, PUBLIC_ROUTES, type ScreenRoute } from '../config/routes';
import { lazyScreen } from '../lib/lazy';
import { HomeRedirect, PublicOnly, RequireAuth, RequirePermission } from './guards';
import { AuthLayout } from './layouts/auth-layout';
import { ScreenBoundary } from './screen-boundary';

// The signed-in frame (menus, drawers, colour picker) is loaded only after sign-in, which keeps
// the sign-in page light.
const MainLayout = lazyScreen(() => import('./layouts/main-layout'));
const BlankLayout = lazyScreen(() => import('./layouts/blank-layout'));

function toRoute({ path, screen: Screen, permission }: ScreenRoute): RouteObject {
  const screen = <Screen />;
  return {
    path,
    element: (
      <ScreenBoundary>
        {permission ? <RequirePermission permission={permission}>{screen}</RequirePermission> : screen}
      </ScreenBoundary>
    ),
  };
}

/**
 * The route tree of spec §2, built from the route table. Declarative routing (no data router)
 * keeps React Router's loader machinery, which the portal does not use, out of the bundle.
 */
const routes: RouteObject[] = [
  {
    element: <PublicOnly />,
    children: [{ element: <AuthLayout />, children: PUBLIC_ROUTES.map(toRoute) }],
  },
  {
    element: <RequireAuth />,
    children: [
      {
        element: (
          <ScreenBoundary fullScreen>
            <MainLayout />
          </ScreenBoundary>
        ),
        children: [
          {
            path: '/',
            element: (
              <ScreenBoundary>
                <HomeRedirect />
              </ScreenBoundary>
            ),
          },
          ...PROTECTED_ROUTES.filter((r) => r.layout !== 'blank').map(toRoute),
        ],
      },
      {
        element: (
          <ScreenBoundary fullScreen>
            <BlankLayout />
          </ScreenBoundary>
        ),
        children: PROTECTED_ROUTES.filter((r) => r.layout === 'blank').map(toRoute),
      },
      { path: APP_PREFIX, element: <Navigate to="/" replace /> },
    ],
  },
  { path: '*', element: <Navigate to="/" replace /> },
];

export function AppRoutes() {
  return useRoutes(routes);
}
