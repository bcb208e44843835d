import { lazy, useEffect, useMemo, type ReactNode } from 'react';
import { Outlet, useLocation, useRouteError } from 'react-router';
import { ErrorBoundary, reportRenderError } from '@/components/errors/error-boundary';
import { ErrorFallback } from '@/components/errors/error-fallback';
import { ServerFailureGate } from '@/components/errors/server-error';
import { OfflineBanner } from '@/components/layout/offline-banner';
import { SkipLink } from '@/components/layout/skip-link';
import { ConsentBanner } from '@/features/consent/components/consent-banner';
import { AnnouncementBanner } from '@/features/site-settings/components/announcement-banner';
import { track } from '@/lib/analytics';
import { AuthProvider } from '@/lib/auth';
import { AfterHydration } from '@/hooks/use-after-hydration';
import { AppHeader } from './app-header';
import { MaintenanceOverlaySlot } from './maintenance-overlay-slot';
import { DeletionCancelledNotice } from '@/features/account/hooks/use-deletion-cancelled-notice';

// sonner loads after the first paint; toasts are only raised by later interactions.
const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

function PageViewTracker() {
  const { pathname } = useLocation();
  useEffect(() => {
    track('page_view', {}, pathname);
  }, [pathname]);
  return null;
}

/** Global UI around every page: skip link, announcement, the one header, the offline banner, consent, toasts, page views. */
export function RootLayout() {
  return (
    <AuthProvider>
      <SkipLink />
      <AnnouncementBanner />
      <div className="flex min-h-dvh flex-col">
        <AppHeader />
        <ServerFailureGate>
          <Outlet />
        </ServerFailureGate>
      </div>
      <MaintenanceOverlaySlot />
      <AfterHydration>
        <OfflineBanner />
      </AfterHydration>
      <ConsentBanner />
      <AfterHydration>
        <Toaster />
      </AfterHydration>
      <PageViewTracker />
      <DeletionCancelledNotice />
    </AuthProvider>
  );
}

/** One boundary per route; it resets when the path changes. */
export function RouteBoundary({ name, children }: { name: string; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary component={name} resetKey={pathname}>
      {children}
    </ErrorBoundary>
  );
}

/** Errors the router itself catches (e.g. a route's code failed to load). */
export function RootErrorBoundary() {
  const error = useRouteError();
  const err = useMemo(() => (error instanceof Error ? error : new Error(String((error as { statusText?: string })?.statusText ?? error))), [error]);
  useEffect(() => reportRenderError(err, 'router'), [err]);
  return <ErrorFallback message={err.message} onReset={() => window.location.reload()} />;
}
