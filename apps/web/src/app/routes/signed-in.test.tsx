import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, Where } from '@/testing/test-utils';
import SignedInRoute from './signed-in';

const auth = vi.hoisted(() => ({
  user: { id: 'u1', email: 'ana@example.com', name: 'Ana' } as null | { id: string; email: string; name: string },
  loading: false,
}));
vi.mock('@/lib/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/auth')>()),
  useAuth: () => ({ ...auth, session: null, signOut: vi.fn(), refreshSession: vi.fn() }),
}));

const profile = { userId: 'u1', handle: 'ana', displayName: 'Ana', bio: null, public: true, avatarImageId: null };
function landAfterSignIn(following: string[] | 'fails') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (String(url).includes('profile-me')) return jsonResponse({ profile, roles: [], shelfId: 's1', credits: 0, inviteRedeemed: true, tester: false });
      if (String(url).includes('follows-list')) {
        if (following === 'fails') return jsonResponse({ error: { code: 'internal_error', message: 'x' } }, 500);
        return jsonResponse({
          users: following.map((h) => ({ userId: h, handle: h, displayName: h, avatarImageId: null, viewerFollows: true })),
          nextCursor: null,
        });
      }
      return jsonResponse({});
    }),
  );
  renderWithProviders(
    <>
      <Routes>
        <Route path="/signed-in" element={<SignedInRoute />} />
        <Route path="/feed" element={<p>The feed</p>} />
        <Route path="/" element={<p>The home page</p>} />
      </Routes>
      <Where />
    </>,
    { route: '/signed-in', withAuth: false },
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the landing step after sign-in', () => {
  it('goes on to the home feed for someone who follows anyone', async () => {
    landAfterSignIn(['ben']);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/feed'));
  });

  it('goes home for someone who follows nobody', async () => {
    landAfterSignIn([]);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
  });

  it('goes home when the look-up fails', async () => {
    landAfterSignIn('fails');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
  });
});
