import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** Retry only what may succeed on a second try: network failures and 5xx, at most twice. */
function shouldRetry(failureCount: number, error: unknown) {
  if (isApiError(error) && error.status > 0 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * A query's `meta` when the part that shows it tells its own failure (an inline message with Retry):
 * the server-error page (ServerFailureGate) does not replace the page for it.
 */
export const SHOWS_OWN_ERROR = { showsOwnError: true } as const;

/** Whether a query's `meta` says its part shows its own failure (see SHOWS_OWN_ERROR). */
export const showsOwnError = (meta: Record<string, unknown> | undefined): boolean => meta?.showsOwnError === true;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      // A write offline fails at once with network_error (its form says so and keeps what was typed; the offline
      // banner shows), where TanStack Query's default would hold it paused, its button spinning, until the network
      // returns. Reads keep the default: paused offline, they run by themselves when it is back.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
