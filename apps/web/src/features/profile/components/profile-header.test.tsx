import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { ProfileHeader, type VisibleProfile } from './profile-header';

const toasts = vi.hoisted(() => Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toasts }));
const track = vi.hoisted(() => vi.fn());
vi.mock('@/lib/analytics', () => ({ track }));

const profile: VisibleProfile = {
  access: 'visible',
  profile: { userId: 'ben-id', handle: 'ben', displayName: 'Ben', avatarImageId: null, bio: null, public: true, followersCount: 0, followingCount: 2 },
  viewer: { signedIn: true, isOwner: false, following: false, followsYou: false, blocking: false, canMessage: true },
  shelf: null,
};

/** The follow call answers `following`; every other call (the session) answers nothing. */
function followAnswers(following: boolean | 'fail') {
  const fetch = vi.fn(async (url: string) => {
    if (!String(url).includes('social-follow-toggle')) return jsonResponse(null);
    if (following === 'fail') return jsonResponse({ error: { code: 'internal_error', message: 'boom' } }, 500);
    return jsonResponse({ following, followersCount: following ? 1 : 0, followingCount: 2 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('ProfileHeader follow toasts', () => {
  beforeEach(() => {
    toasts.success.mockReset();
    toasts.error.mockReset();
    track.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('titles the toast "Following" after a follow, with the handle in the description', async () => {
    const fetch = followAnswers(true);
    renderWithProviders(<ProfileHeader data={profile} />, { route: '/u/ben' });
    fireEvent.click(screen.getByTestId('follow-button'));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledTimes(1));
    expect(toasts.success).toHaveBeenCalledWith('Following', { description: 'You now follow @ben.' });
    const call = fetch.mock.calls.find(([url]) => String(url).includes('social-follow-toggle'))!;
    expect(JSON.parse((call as unknown as [string, RequestInit])[1].body as string)).toEqual({ targetUserId: 'ben-id', following: true });
    expect(track).toHaveBeenCalledWith('follow_clicked', { targetUserId: 'ben-id', following: true });
  });

  it('titles the toast "Unfollow" after an unfollow', async () => {
    followAnswers(false);
    renderWithProviders(<ProfileHeader data={{ ...profile, viewer: { ...profile.viewer, following: true } }} />, { route: '/u/ben' });
    expect(screen.getByTestId('follow-button').textContent).toBe('Unfollow');
    fireEvent.click(screen.getByTestId('follow-button'));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledTimes(1));
    expect(toasts.success).toHaveBeenCalledWith('Unfollow', { description: 'You no longer follow @ben.' });
  });

  it('keeps the button focusable while the follow is on its way (aria-disabled, not disabled), and ignores a second press', async () => {
    const answer = deferred<Response>();
    const fetch = vi.fn(async (url: string) => (String(url).includes('social-follow-toggle') ? answer.promise : jsonResponse(null)));
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<ProfileHeader data={profile} />, { route: '/u/ben' });
    const button = screen.getByTestId('follow-button') as HTMLButtonElement;
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBe('true'));
    expect(button.disabled).toBe(false);
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    answer.resolve(jsonResponse({ following: true, followersCount: 1, followingCount: 2 }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledTimes(1));
    expect(fetch.mock.calls.filter(([url]) => String(url).includes('social-follow-toggle'))).toHaveLength(1);
    expect(button.hasAttribute('aria-disabled')).toBe(false);
  });

  it('shows the generic error toast when following fails', async () => {
    followAnswers('fail');
    renderWithProviders(<ProfileHeader data={profile} />, { route: '/u/ben' });
    fireEvent.click(screen.getByTestId('follow-button'));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledTimes(1));
    expect(toasts.success).not.toHaveBeenCalled();
  });
});

describe('ProfileHeader Message button', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is offered when the server says the viewer may message them', () => {
    followAnswers(true);
    renderWithProviders(<ProfileHeader data={profile} />, { route: '/u/ben' });
    expect(screen.getByTestId('message-button').textContent).toBe('Message');
  });

  it('is not offered when they blocked the viewer (canMessage false), while Follow stays', () => {
    followAnswers(true);
    renderWithProviders(<ProfileHeader data={{ ...profile, viewer: { ...profile.viewer, canMessage: false } }} />, { route: '/u/ben' });
    expect(screen.getByTestId('follow-button')).toBeTruthy();
    expect(screen.queryByTestId('message-button')).toBeNull();
  });
});
