import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { isApiError, type ApiError } from '@/lib/api-client';
import { showsOwnError } from '@/lib/query-client';

// Loaded only when needed, so it stays out of every first load.
const ServerErrorPage = lazy(() => import('./server-error-page').then((m) => ({ default: m.ServerErrorPage })));

/** A failure of the server itself: it answered 5xx, or did not answer at all. */
export function isServerFailure(error: unknown): error is ApiError {
  return isApiError(error) && (error.status >= 500 || error.status === 0);
}

/**
 * Shows the server-error page instead of the page when loading it failed because of the server
 * (5xx or unreachable, after the query's own retries). A background refresh of data the page
 * already shows does not count, nor does a query whose part tells its own failure (SHOWS_OWN_ERROR).
 * Try again re-runs the page's queries; going elsewhere clears it.
 */
export function ServerFailureGate({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const [failure, setFailure] = useState<ApiError | null>(null);

  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        const { query } = event;
        if (query.state.data !== undefined || query.getObserversCount() === 0 || showsOwnError(query.meta)) return;
        if (isServerFailure(event.action.error)) setFailure(event.action.error);
      }),
    [queryClient],
  );
  useEffect(() => setFailure(null), [pathname]);

  if (!failure) return children;
  return (
    <Suspense fallback={null}>
      <ServerErrorPage
        error={failure}
        onRetry={() => {
          setFailure(null);
          void queryClient.refetchQueries({ type: 'active' });
        }}
      />
    </Suspense>
  );
}
