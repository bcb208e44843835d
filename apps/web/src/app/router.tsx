import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { PageAvailabilityProvider } from '@/components/layout/page-availability';
import { PageLoader } from '@/components/layout/page-loader';
import { paths } from '@/config/paths';
import { loadWholeCatalog } from '@/lib/i18n';
import { RootErrorBoundary, RootLayout, RouteBoundary } from './root-layout';

type RouteModule = { default: ComponentType };

/**
 * One lazy import per route; each page gets its own error boundary. Every page but the landing page
 * also waits for the whole catalog (the first load carries only its core part: lib/i18n.ts).
 */
function lazyRoute(path: string, name: string, load: () => Promise<RouteModule>): RouteObject {
  return {
    path,
    lazy: async () => {
      const [{ default: Page }] = await Promise.all([load(), name === 'landing' ? null : loadWholeCatalog()]);
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
      lazyRoute(paths.resetPassword.path, 'reset-password', () => import('./routes/reset-password')),
      lazyRoute(paths.emailVerified.path, 'email-verified', () => import('./routes/email-verified')),
      lazyRoute(paths.onboarding.path, 'onboarding', () => import('./routes/onboarding')),
      lazyRoute(paths.signedIn.path, 'signed-in', () => import('./routes/signed-in')),
      lazyRoute(paths.myShelf.path, 'my-shelf', () => import('./routes/my-shelf')),
      lazyRoute(paths.saves.path, 'saves', () => import('./routes/saves')),
      lazyRoute(paths.collection.path, 'collection', () => import('./routes/collection')),
      lazyRoute(paths.myWanted.path, 'wanted', () => import('./routes/wanted')),
      lazyRoute(paths.explore.path, 'explore', () => import('./routes/explore')),
      lazyRoute(paths.search.path, 'search', () => import('./routes/search')),
      lazyRoute(paths.item.path, 'item', () => import('./routes/item')),
      lazyRoute(paths.feed.path, 'feed', () => import('./routes/feed')),
      lazyRoute(paths.tag.path, 'tag', () => import('./routes/tag')),
      lazyRoute(paths.profile.path, 'profile', () => import('./routes/profile')),
      lazyRoute(paths.profileWanted.path, 'profile-wanted', () => import('./routes/profile-wanted')),
      lazyRoute(paths.notifications.path, 'notifications', () => import('./routes/notifications')),
      lazyRoute(paths.messages.path, 'messages', () => import('./routes/messages')),
      lazyRoute(paths.messageThread.path, 'messages', () => import('./routes/messages')),
      lazyRoute(paths.insights.path, 'insights', () => import('./routes/insights')),
      lazyRoute(paths.privacySettings.path, 'privacy-settings', () => import('./routes/settings-privacy')),
      lazyRoute(paths.profileSettings.path, 'profile-settings', () => import('./routes/settings-profile')),
      lazyRoute(paths.accountSettings.path, 'account-settings', () => import('./routes/settings-account')),
      lazyRoute(paths.terms.path, 'terms', () => import('./routes/terms')),
      lazyRoute(paths.privacy.path, 'privacy', () => import('./routes/privacy')),
      lazyRoute(paths.dmca.path, 'dmca', () => import('./routes/dmca')),
      lazyRoute(paths.admin.path, 'admin', () => import('./routes/admin')),
      lazyRoute(paths.adminFunctions.path, 'admin-functions', () => import('./routes/admin-functions')),
      lazyRoute(paths.adminJobs.path, 'admin-jobs', () => import('./routes/admin-jobs')),
      lazyRoute(paths.oauthConsent.path, 'oauth-consent', () => import('./routes/oauth-consent')),
      lazyRoute(paths.feedback.path, 'feedback', () => import('./routes/feedback')),
      lazyRoute(paths.maintenance.path, 'maintenance', () => import('./routes/maintenance')),
      lazyRoute(paths.serverError.path, 'server-error', () => import('./routes/server-error')),
      lazyRoute(paths.mod.path, 'moderation', () => import('./routes/mod')),
      lazyRoute(paths.modReport.path, 'moderation-report', () => import('./routes/mod-report')),
      lazyRoute(paths.notFound.path, 'not-found', () => import('./routes/not-found')),
    ],
  },
];

let router: ReturnType<typeof createBrowserRouter> | null = null;

/** True when a path has a page of its own (not the catch-all not-found route). */
export function pageExists(href: string): boolean {
  const matches = matchRoutes(routes, href.split(/[?#]/)[0] ?? href);
  const last = matches?.[matches.length - 1];
  return !!last && last.route.path !== paths.notFound.path;
}

/**
 * Creates the app's router (once), which starts loading the current page's route at once; resolves
 * when that route is ready, so that the first render shows the page rather than the loader.
 */
export function startRouter(): Promise<void> {
  const current = (router ??= createBrowserRouter(routes));
  if (current.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = current.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

export function AppRouter() {
  router ??= createBrowserRouter(routes);
  return (
    <PageAvailabilityProvider exists={pageExists}>
      <RouterProvider router={router} />
    </PageAvailabilityProvider>
  );
}
