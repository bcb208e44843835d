import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { OidcCallbackError, OidcSignIn } from './oidc-sign-in';

const fake = vi.hoisted(() => ({
  settings: vi.fn<() => unknown>(),
  social: vi.fn<(input: unknown) => Promise<{ data: unknown; error: { status: number; code?: string } | null }>>(),
}));

vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api-client')>()),
  callFunction: vi.fn(async () => fake.settings()),
}));

vi.mock('@/lib/auth-client', () => ({
  authClient: { getSession: vi.fn(async () => ({ data: null, error: null })), signIn: { social: fake.social } },
}));

const SETTINGS = { beta_open: true, maintenanceMode: false, announcement: null };

describe('sign-in with the external provider on /login', () => {
  beforeEach(() => {
    fake.settings.mockReset();
    fake.social.mockReset();
  });

  it('shows no button when the server names no provider', async () => {
    fake.settings.mockReturnValue(SETTINGS);
    renderWithProviders(<OidcSignIn />, { route: '/login' });
    await waitFor(() => expect(fake.settings).toHaveBeenCalled());
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows "Sign in with <name>" and starts the sign-in at the provider, coming back to the landing step, /onboarding or /login', async () => {
    fake.settings.mockReturnValue({ ...SETTINGS, oidc: { name: 'Acme ID' } });
    fake.social.mockResolvedValue({ data: null, error: { status: 429 } });
    renderWithProviders(<OidcSignIn />, { route: '/login' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign in with Acme ID' }));
    expect(fake.social).toHaveBeenCalledWith(
      expect.objectContaining({ provider: 'oidc', callbackURL: '/signed-in', newUserCallbackURL: '/onboarding', errorCallbackURL: '/login?via=oidc' }),
    );
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Too many attempts. Please wait a minute and try again.');
  });

  it('comes back to the page that sent the visitor to sign in (its ?next=), on success and after an error', async () => {
    fake.settings.mockReturnValue({ ...SETTINGS, oidc: { name: 'Acme ID' } });
    fake.social.mockResolvedValue({ data: null, error: { status: 429 } });
    renderWithProviders(<OidcSignIn callbackURL="/i/abc?x=1" />, { route: '/login?next=%2Fi%2Fabc%3Fx%3D1' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign in with Acme ID' }));
    expect(fake.social).toHaveBeenCalledWith(
      expect.objectContaining({ callbackURL: '/i/abc?x=1', newUserCallbackURL: '/onboarding', errorCallbackURL: '/login?via=oidc&next=%2Fi%2Fabc%3Fx%3D1' }),
    );
  });

  it('translates an error the provider round trip came back with; an unknown one reads as generic', async () => {
    fake.settings.mockReturnValue({ ...SETTINGS, oidc: { name: 'Acme ID' } });
    const { unmount } = renderWithProviders(<OidcCallbackError />, { route: '/login?via=oidc&error=access_denied&error_description=<b>x</b>' });
    expect(await screen.findByText('Signing in at Acme ID was cancelled.')).toHaveProperty('tagName', 'P');
    // The provider's own description is never shown.
    expect(screen.queryByText(/x/, { selector: 'b' })).toBeNull();
    unmount();
    renderWithProviders(<OidcCallbackError />, { route: '/login?via=oidc&error=invalid_code' });
    expect(await screen.findByText('Something went wrong with Acme ID. Please try again.')).toBeTruthy();
  });

  it('leaves a suspended account and other pages’ errors to their own messages', () => {
    fake.settings.mockReturnValue(SETTINGS);
    renderWithProviders(<OidcCallbackError />, { route: '/login?via=oidc&error=BANNED_USER' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
