import { fireEvent, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { returnPath } from '@/config/paths';
import { jsonResponse, renderWithProviders, Where } from '@/testing/test-utils';
import AdminRoute from './routes/admin';
import AdminFunctionsRoute from './routes/admin-functions';
import AdminJobsRoute from './routes/admin-jobs';
import LoginRoute from './routes/login';
import ModerationRoute from './routes/mod';
import ModerationReportRoute from './routes/mod-report';
import { SignedInPage } from './signed-in-page';

// Who is signed in: a guest unless a test says otherwise.
const auth = vi.hoisted(() => ({ user: null as null | { id: string; email: string; name: string }, loading: false }));
vi.mock('@/lib/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/auth')>()),
  useAuth: () => ({ ...auth, session: null, signOut: vi.fn(), refreshSession: vi.fn() }),
}));

function renderAt(route: string, routes: [string, ReactElement][]) {
  return renderWithProviders(
    <>
      <Routes>
        {routes.map(([path, element]) => (
          <Route key={path} path={path} element={element} />
        ))}
        <Route path="/login" element={<p>The sign-in page</p>} />
        <Route path="/" element={<p>The home page</p>} />
      </Routes>
      <Where />
    </>,
    { route, withAuth: false },
  );
}

const fetchMock = (roles: string[]) =>
  vi.fn(async (url: string) => (String(url).includes('profile-me') ? jsonResponse({ roles, profile: null }) : jsonResponse({})));

describe('the admin and moderation pages for people without access', () => {
  beforeEach(() => {
    auth.user = null;
    auth.loading = false;
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['/admin?tab=users', '/admin', <AdminRoute key="a" />, 'admin-access-denied', 'This page requires admin access'],
    ['/admin/functions', '/admin/functions', <AdminFunctionsRoute key="f" />, 'admin-access-denied', 'This page requires admin access'],
    ['/admin/jobs', '/admin/jobs', <AdminJobsRoute key="j" />, 'admin-access-denied', 'This page requires admin access'],
    ['/mod?tab=dmca&id=DMCA-ABCDEFGH', '/mod', <ModerationRoute key="m" />, 'mod-access-denied', 'This page requires moderator access'],
    ['/mod/reports/r1', '/mod/reports/:reportId', <ModerationReportRoute key="r" />, 'mod-access-denied', 'This page requires moderator access'],
  ])('shows a guest at %s "Access Denied" with Sign in (coming back there), not a silent redirect', async (route, path, element, testId, text) => {
    const fetch = fetchMock([]);
    vi.stubGlobal('fetch', fetch);
    renderAt(route, [[path, element]]);
    const card = await screen.findByTestId(testId);
    expect(screen.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeTruthy();
    expect(card.textContent).toContain(text);
    expect(card.textContent).toContain('Sign in with an account that has access, and you will come back to this page.');
    const signIn = screen.getByRole('link', { name: 'Sign in' });
    expect(signIn.getAttribute('href')).toBe(`/login?next=${encodeURIComponent(route)}`);
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    expect(screen.getByTestId('where').textContent).toBe(route);
    // A guest has no roles to ask for.
    expect(fetch.mock.calls.some(([url]) => String(url).includes('profile-me'))).toBe(false);
    fireEvent.click(signIn);
    expect(screen.getByTestId('where').textContent).toBe(`/login?next=${encodeURIComponent(route)}`);
  });

  it('shows a signed-in person without the role "Access Denied" without Sign in', async () => {
    auth.user = { id: 'u1', email: 'ada@example.com', name: 'Ada' };
    vi.stubGlobal('fetch', fetchMock([]));
    renderAt('/admin', [['/admin', <AdminRoute key="a" />]]);
    const card = await screen.findByTestId('admin-access-denied');
    expect(card.textContent).toContain('This page requires admin access');
    expect(card.textContent).not.toContain('Sign in with an account');
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to home' })).toBeTruthy();
  });

  it.each([
    ['/admin/functions', <AdminFunctionsRoute key="f" />],
    ['/admin/jobs', <AdminJobsRoute key="j" />],
  ])('refuses a moderator the admin-only page %s, without Sign in', async (path, element) => {
    auth.user = { id: 'u1', email: 'mod@example.com', name: 'Mod' };
    vi.stubGlobal('fetch', fetchMock(['moderator']));
    renderAt(path, [[path, element]]);
    expect(await screen.findByTestId('admin-access-denied')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  it('shows nothing while the session is still loading', () => {
    auth.loading = true;
    vi.stubGlobal('fetch', fetchMock([]));
    renderAt('/admin', [['/admin', <AdminRoute key="a" />]]);
    expect(screen.queryByTestId('admin-access-denied')).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe('/admin');
  });

  it('still sends guests of the other signed-in pages to sign in, coming back to that page', () => {
    renderAt('/me/notifications?filter=unread', [['/me/notifications', <SignedInPage key="n">Private things</SignedInPage>]]);
    expect(screen.getByText('The sign-in page')).toBeTruthy();
    expect(screen.queryByText('Private things')).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe(`/login?next=${encodeURIComponent('/me/notifications?filter=unread')}`);
  });
});

describe('signing in from such a page', () => {
  beforeEach(() => {
    auth.loading = false;
    auth.user = { id: 'u1', email: 'admin@example.com', name: 'Admin' };
  });

  it('returns to the page named by ?next=', () => {
    renderWithProviders(
      <>
        <Routes>
          <Route path="/login" element={<LoginRoute />} />
          <Route path="/admin" element={<p>The admin page</p>} />
        </Routes>
        <Where />
      </>,
      { route: `/login?next=${encodeURIComponent('/admin?tab=users')}`, withAuth: false },
    );
    expect(screen.getByText('The admin page')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/admin?tab=users');
  });

  it.each(['https://evil.example/admin', '//evil.example', '/\\evil.example', '/\t/evil.example', 'admin', '/login?next=/admin'])(
    'goes to the landing step (the feed or home) instead of to %j',
    (next) => {
      renderWithProviders(
        <>
          <Routes>
            <Route path="/login" element={<LoginRoute />} />
            <Route path="/signed-in" element={<p>The landing step</p>} />
          </Routes>
          <Where />
        </>,
        { route: `/login?next=${encodeURIComponent(next)}`, withAuth: false },
      );
      expect(screen.getByTestId('where').textContent).toBe('/signed-in');
    },
  );

  it('takes only paths of this site (returnPath)', () => {
    expect(returnPath('/admin?tab=users')).toBe('/admin?tab=users');
    expect(returnPath('/mod/reports/r1#note')).toBe('/mod/reports/r1#note');
    for (const bad of [
      null,
      undefined,
      '',
      'admin',
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/\n/evil.example',
      '/login',
      '/login?next=/admin',
    ]) {
      expect(returnPath(bad), String(bad)).toBeNull();
    }
  });
});
