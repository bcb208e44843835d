import { QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import LandingRoute from './landing';
import LoginRoute from './login';

// Who is signed in: a guest unless a test says otherwise.
const auth = vi.hoisted(() => ({ user: null as null | { id: string; email: string; name: string }, loading: false }));
vi.mock('@/lib/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/auth')>()),
  useAuth: () => ({ ...auth, session: null, signOut: vi.fn(), refreshSession: vi.fn(), leaving: false }),
}));

// The pre-render and the take-over of its markup, where useAfterHydration is false (see its own test).
const prerender = vi.hoisted(() => ({ on: false }));
vi.mock('@/hooks/use-after-hydration', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/hooks/use-after-hydration')>();
  return { ...real, useAfterHydration: () => real.useAfterHydration() && !prerender.on };
});

const collector = { id: 'u1', email: 'ada@example.com', name: 'Ada' };

beforeEach(() => {
  auth.user = null;
  auth.loading = false;
  prerender.on = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse({ items: [], nextPage: null, snapshot: 's1' })),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the landing page', () => {
  it('sends a guest to sign in with "Get started"', async () => {
    renderWithProviders(<LandingRoute />, { route: '/' });
    const link = await screen.findByRole('link', { name: 'Get started' });
    expect(link.getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('link', { name: 'Open my shelf' })).toBeNull();
  });

  it('sends a signed-in collector to their shelf with "Open my shelf"', async () => {
    auth.user = collector;
    renderWithProviders(<LandingRoute />, { route: '/' });
    const link = await screen.findByRole('link', { name: 'Open my shelf' });
    expect(link.getAttribute('href')).toBe('/me/shelf');
    expect(screen.queryByRole('link', { name: 'Get started' })).toBeNull();
  });

  it('renders first as the page pre-rendered for guests, so that taking it over matches, whoever is signed in', () => {
    auth.user = collector;
    prerender.on = true;
    const html = renderToString(
      <QueryClientProvider client={createTestQueryClient()}>
        <MemoryRouter initialEntries={['/?error=INVALID_TOKEN']}>
          <LandingRoute />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(html).toContain('href="/login"');
    expect(html).toContain('Get started');
    expect(html).not.toContain('Open my shelf');
    expect(html).not.toContain('has expired');
  });

  it('says when a mailed sign-in link expired or was already used, with the way to a new one', async () => {
    for (const code of ['INVALID_TOKEN', 'TOKEN_EXPIRED']) {
      const { unmount } = renderWithProviders(<LandingRoute />, { route: `/?error=${code}` });
      const alert = await screen.findByTestId('used-link');
      expect(alert.getAttribute('role')).toBe('alert');
      expect(alert.textContent).toContain('This sign-in link has expired or was already used.');
      expect(screen.getByRole('link', { name: 'Get a new link' }).getAttribute('href')).toBe('/login');
      unmount();
    }
    renderWithProviders(<LandingRoute />, { route: '/?error=SOMETHING_ELSE' });
    await screen.findByRole('link', { name: 'Get started' });
    expect(screen.queryByTestId('used-link')).toBeNull();
  });

  it('says nothing of a used link to a collector signed in already (the link opened twice), nor while the session loads', async () => {
    auth.user = collector;
    const { unmount } = renderWithProviders(<LandingRoute />, { route: '/?error=INVALID_TOKEN' });
    await screen.findByRole('link', { name: 'Open my shelf' });
    expect(screen.queryByTestId('used-link')).toBeNull();
    unmount();
    auth.user = null;
    auth.loading = true;
    renderWithProviders(<LandingRoute />, { route: '/?error=INVALID_TOKEN' });
    await screen.findByRole('link', { name: 'Get started' });
    expect(screen.queryByTestId('used-link')).toBeNull();
  });
});

describe('the sign-in page', () => {
  it('says when the mailed link it was sent back with expired or was already used', async () => {
    renderWithProviders(<LoginRoute />, { route: '/login?error=INVALID_TOKEN' });
    expect((await screen.findByTestId('login-used-link')).textContent).toBe('This link has expired or was already used.');
    // The form that mails a new link is right there.
    expect(screen.getByRole('heading', { name: /link/i })).toBeTruthy();
  });
});
