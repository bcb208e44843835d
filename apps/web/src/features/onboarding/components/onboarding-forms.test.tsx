import { VALIDATION_MESSAGES } from '@curio/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { InviteStep } from './invite-step';
import { ProfileStep } from './profile-step';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

type Call = [string, RequestInit];
function stubFetch(reply: (url: string, init: RequestInit) => Response) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => reply(url, init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const callsTo = (mock: ReturnType<typeof stubFetch>, name: string) =>
  (mock.mock.calls as unknown as Call[]).filter(([url]) => url.startsWith(`/functions/v1/${name}`));

afterEach(() => vi.unstubAllGlobals());

describe('ProfileStep', () => {
  it('lower-cases the handle as it is typed', async () => {
    renderWithProviders(<ProfileStep onComplete={vi.fn()} onInviteRequired={vi.fn()} />, { withAuth: false });
    const input = screen.getByLabelText('Handle') as HTMLInputElement;
    await userEvent.setup().type(input, 'Ada_Lovelace');
    expect(input.value).toBe('ada_lovelace');
  });

  it('shows field errors under each field without calling the server', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    renderWithProviders(<ProfileStep onComplete={vi.fn()} onInviteRequired={vi.fn()} />, { withAuth: false });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Handle'), 'ab');
    await user.click(screen.getByRole('button', { name: 'Create my shelf' }));
    expect(screen.getByText(VALIDATION_MESSAGES.handleInvalid)).toBeTruthy();
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(callsTo(fetchMock, 'onboarding-complete')).toHaveLength(0);
  });

  it('shows handle_taken under the handle', async () => {
    const fetchMock = stubFetch((url) =>
      url.includes('onboarding-complete') ? jsonResponse({ error: { code: 'handle_taken', message: 'taken' } }, 409) : jsonResponse({}),
    );
    const onComplete = vi.fn();
    renderWithProviders(<ProfileStep onComplete={onComplete} onInviteRequired={vi.fn()} />, { withAuth: false });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Handle'), 'ada');
    await user.type(screen.getByLabelText('Display name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Create my shelf' }));
    const message = await screen.findByText('This handle is already taken');
    expect(message.id).toBe('handle-error');
    expect(screen.getByLabelText('Handle').getAttribute('aria-describedby')).toBe('handle-error');
    const [, init] = callsTo(fetchMock, 'onboarding-complete')[0]!;
    expect(JSON.parse(init.body as string)).toEqual({ handle: 'ada', displayName: 'Ada', bio: null, public: true });
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('completes with the public switch turned off', async () => {
    const fetchMock = stubFetch((url) => (url.includes('onboarding-complete') ? jsonResponse({ profile: {}, shelfId: 's1' }) : jsonResponse({ stored: true })));
    const onComplete = vi.fn();
    renderWithProviders(<ProfileStep onComplete={onComplete} onInviteRequired={vi.fn()} />, { withAuth: false });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Handle'), 'grace_h');
    await user.type(screen.getByLabelText('Display name'), 'Grace');
    await user.type(screen.getByLabelText(/Bio/), 'Vintage cameras');
    await user.click(screen.getByRole('switch', { name: 'Public profile' }));
    await user.click(screen.getByRole('button', { name: 'Create my shelf' }));
    await waitFor(() => expect(onComplete).toHaveBeenCalledTimes(1));
    const [, init] = callsTo(fetchMock, 'onboarding-complete')[0]!;
    expect(JSON.parse(init.body as string)).toEqual({ handle: 'grace_h', displayName: 'Grace', bio: 'Vintage cameras', public: false });
  });
});

describe('InviteStep', () => {
  it('upper-cases the code as it is typed', async () => {
    renderWithProviders(<InviteStep onRedeemed={vi.fn()} />, { withAuth: false });
    const input = screen.getByLabelText('Invite code') as HTMLInputElement;
    await userEvent.setup().type(input, 'curio-ab3k');
    expect(input.value).toBe('CURIO-AB3K');
  });

  it.each([
    ['invite_invalid', 400, 'Invalid or expired invite code'],
    ['invite_already_redeemed', 409, "You've already redeemed a code"],
    ['invite_fully_used', 409, 'This code has been fully used'],
  ])('shows the message for %s', async (code, status, text) => {
    stubFetch(() => jsonResponse({ error: { code, message: 'server text' } }, status));
    const onRedeemed = vi.fn();
    renderWithProviders(<InviteStep onRedeemed={onRedeemed} />, { withAuth: false });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Invite code'), 'curio-zzzz2222');
    await user.click(screen.getByRole('button', { name: 'Redeem code' }));
    expect(await screen.findByText(text)).toBeTruthy();
    expect(onRedeemed).not.toHaveBeenCalled();
  });

  it('moves on after a valid code', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ redeemed: true, grantedCredits: 10, tester: false }));
    const onRedeemed = vi.fn();
    renderWithProviders(<InviteStep onRedeemed={onRedeemed} />, { withAuth: false });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Invite code'), ' curio-abcd2345 ');
    await user.click(screen.getByRole('button', { name: 'Redeem code' }));
    await waitFor(() => expect(onRedeemed).toHaveBeenCalledTimes(1));
    const [, init] = callsTo(fetchMock, 'invite-redeem')[0]!;
    expect(JSON.parse(init.body as string)).toEqual({ code: 'CURIO-ABCD2345' });
  });
});
