import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** Retry only what may succeed on a second try: network failures and 5xx, at most twice. */
function shouldRetry(failureCount: number, error: unknown) {
  if (isApiError(error) && error.status > 0 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
