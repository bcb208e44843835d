import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { AuthProvider } from '@/lib/auth';

export function createTestQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

/** Renders inside a fresh QueryClient, a MemoryRouter and (optionally) the AuthProvider. */
export function renderWithProviders(ui: ReactElement, { route = '/', withAuth = true }: { route?: string; withAuth?: boolean } = {}) {
  const queryClient = createTestQueryClient();
  const wrap = (children: ReactNode) => (withAuth ? <AuthProvider>{children}</AuthProvider> : children);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>{wrap(ui)}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

/** Shows where the app is (path and query), so a test sees a navigation, or its absence. */
export function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

/** A promise whose settling the test controls. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason?: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** The JSON bodies sent through the stubbed global fetch to the function whose address contains `name`, in order. */
export function sentBodies(name: string): unknown[] {
  return (vi.mocked(fetch).mock.calls as [string, RequestInit][])
    .filter(([url]) => String(url).includes(name))
    .map(([, init]) => JSON.parse(init.body as string) as unknown);
}

/** A minimal fetch Response for stubbing global fetch. */
export function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
