import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

type AuthResult = { data: unknown; error: { status: number; code?: string; message?: string } | null };

const fake = vi.hoisted(() => ({
  signInEmail: vi.fn<(input: unknown) => Promise<AuthResult>>(),
  signUpEmail: vi.fn<(input: unknown) => Promise<AuthResult>>(),
  requestPasswordReset: vi.fn<(input: { email: string }) => Promise<AuthResult>>(),
  getSession: vi.fn<() => Promise<AuthResult>>(),
}));

vi.mock('@/lib/auth-client', () => ({
  authClient: {
    getSession: fake.getSession,
    signIn: { email: fake.signInEmail, magicLink: vi.fn() },
    signUp: { email: fake.signUpEmail },
    requestPasswordReset: fake.requestPasswordReset,
    signOut: vi.fn(),
  },
}));

async function fill(email: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  return user;
}

describe('what the sign-in and sign-up forms say when the server refuses', () => {
  beforeEach(() => {
    for (const f of Object.values(fake)) f.mockReset();
    fake.getSession.mockResolvedValue({ data: null, error: null });
    fake.requestPasswordReset.mockResolvedValue({ data: { status: true }, error: null });
  });

  it('a wrong or dropped password: says so and mails a link to set one to the typed address', async () => {
    fake.signInEmail.mockResolvedValue({ data: null, error: { status: 401, code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' } });
    renderWithProviders(<SignInForm onSuccess={vi.fn()} />, { route: '/login' });
    const user = await fill('ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText("That email and password don't match.")).toBeTruthy();
    expect(screen.getByText(/the password was removed to protect your account/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Email me a link to set a password' }));
    await waitFor(() => expect(fake.requestPasswordReset).toHaveBeenCalledWith({ email: 'ada@example.com' }));
    expect(await screen.findByText(/If an account uses ada@example.com, a link to set a password is on its way/)).toBeTruthy();
  });

  it('never tells that an address has an account: a stray USER_ALREADY_EXISTS (two sign-ups at once) reads as a failure to try again', async () => {
    // The server answers an existing address like a new one (auth/sign-up-guard.ts); only a race reaches better-auth's 422.
    fake.signUpEmail.mockResolvedValue({
      data: null,
      error: { status: 422, code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', message: 'User already exists. Use another email.' },
    });
    renderWithProviders(<SignUpForm onSuccess={vi.fn()} />, { route: '/login' });
    const user = await fill('ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Authentication failed. Please try again.')).toBeTruthy();
    expect(screen.queryByText(/already exists/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign in instead' })).toBeNull();
  });

  it('a refused origin: names the address the page was opened at', async () => {
    fake.signInEmail.mockResolvedValue({ data: null, error: { status: 403, code: 'INVALID_ORIGIN', message: 'Invalid origin' } });
    renderWithProviders(<SignInForm onSuccess={vi.fn()} />, { route: '/login' });
    const user = await fill('ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText(`Signing in isn't allowed from this address (${window.location.origin}). Open the app at the address it was set up with.`),
    ).toBeTruthy();
    expect(screen.queryByText('Invalid origin')).toBeNull();
  });

  it('too many attempts: says to wait', async () => {
    fake.signInEmail.mockResolvedValue({ data: null, error: { status: 429, message: 'Too many requests' } });
    renderWithProviders(<SignInForm onSuccess={vi.fn()} />, { route: '/login' });
    const user = await fill('ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Too many attempts. Wait a minute, then try again.')).toBeTruthy();
  });

  it('too many wrong passwords for the account: says to wait or use a link or a passkey', async () => {
    fake.signInEmail.mockResolvedValue({
      data: null,
      error: { status: 429, code: 'TOO_MANY_FAILED_SIGN_INS', message: 'Too many wrong passwords for this account.' },
    });
    renderWithProviders(<SignInForm onSuccess={vi.fn()} />, { route: '/login' });
    const user = await fill('ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(
      await screen.findByText(/Too many wrong passwords for this account\. Wait a few minutes .* or sign in now with an emailed link or a passkey\./),
    ).toBeTruthy();
  });
});
