import type { ComponentType } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { PageLoader } from '@/components/layout/page-loader';
import { paths } from '@/config/paths';
import { RootErrorBoundary, RootLayout, RouteBoundary } from './root-layout';

type RouteModule = { default: ComponentType };

/** One lazy import per route; each page gets its own error boundary. */
function lazyRoute(path: string, name: string, load: () => Promise<RouteModule>): RouteObject {
  return {
    path,
    lazy: async () => {
      const { default: Page } = await load();
      return {
        Component: () => (
          <RouteBoundary name={name}>
            <Page />
          </RouteBoundary>
        ),
      };
    },
  };
}

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RootErrorBoundary,
    HydrateFallback: PageLoader,
    children: [
      lazyRoute(paths.home.path, 'landing', () => import('./routes/landing')),
      lazyRoute(paths.login.path, 'login', () => import('./routes/login')),
      lazyRoute(paths.onboarding.path, 'onboarding', () => import('./routes/onboarding')),
      lazyRoute(paths.myShelf.path, 'my-shelf', () => import('./routes/my-shelf')),
      lazyRoute(paths.saves.path, 'saves', () => import('./routes/saves')),
      lazyRoute(paths.explore.path, 'explore', () => import('./routes/explore')),
      lazyRoute(paths.item.path, 'item', () => import('./routes/item')),
      lazyRoute(paths.notFound.path, 'not-found', () => import('./routes/not-found')),
    ],
  },
];

let router: ReturnType<typeof createBrowserRouter> | null = null;

export function AppRouter() {
  router ??= createBrowserRouter(routes);
  return <RouterProvider router={router} />;
}
