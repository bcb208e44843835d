import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { ApiError } from '@/lib/api-client';
import { codeErrorKey } from '../utils/code-error';
import { SignUpForm } from './sign-up-form';

type AuthResult = { data: unknown; error: { status: number; code?: string; message?: string } | null };

const fake = vi.hoisted(() => ({
  signUpEmail: vi.fn<(input: unknown) => Promise<AuthResult>>(),
  getSession: vi.fn<() => Promise<AuthResult>>(),
}));

vi.mock('@/lib/auth-client', () => ({
  authClient: {
    getSession: fake.getSession,
    signIn: { email: vi.fn(), magicLink: vi.fn() },
    signUp: { email: fake.signUpEmail },
    requestPasswordReset: vi.fn(),
    signOut: vi.fn(),
  },
}));

async function submit(email: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Create account' }));
  return user;
}

describe('sign-up when the server answers without a session (the address has an account)', () => {
  beforeEach(() => {
    for (const f of Object.values(fake)) f.mockReset();
    fake.getSession.mockResolvedValue({ data: null, error: null });
  });

  it('says "check your mail" and goes nowhere; Back shows the form again', async () => {
    fake.signUpEmail.mockResolvedValue({ data: { token: null, user: { id: 'x', email: 'ada@example.com' } }, error: null });
    const onSuccess = vi.fn();
    renderWithProviders(<SignUpForm onSuccess={onSuccess} />, { route: '/login' });
    const user = await submit('ada@example.com');
    expect(await screen.findByText('Check your mail: we sent a message to ada@example.com. Follow it to go on.')).toBeTruthy();
    expect(onSuccess).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('button', { name: 'Create account' })).toBeTruthy();
  });

  it('a new account (a session came back) goes on to onboarding', async () => {
    fake.signUpEmail.mockResolvedValue({ data: { token: 't', user: { id: 'x', email: 'new@example.com' } }, error: null });
    fake.getSession.mockResolvedValue({ data: { user: { id: 'x', email: 'new@example.com' }, session: { id: 's' } }, error: null });
    const onSuccess = vi.fn();
    renderWithProviders(<SignUpForm onSuccess={onSuccess} />, { route: '/login' });
    await submit('new@example.com');
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(screen.queryByText(/Check your mail/)).toBeNull();
  });
});

describe('sign-in code errors', () => {
  it('translates the e-mail OTP codes, rate limits and anything else', () => {
    expect(codeErrorKey(new ApiError(400, 'INVALID_OTP', 'Invalid OTP'))).toBe('authOtp.errors.invalid');
    expect(codeErrorKey(new ApiError(400, 'OTP_EXPIRED', 'OTP expired'))).toBe('authOtp.errors.expired');
    expect(codeErrorKey(new ApiError(403, 'TOO_MANY_ATTEMPTS', 'Too many attempts'))).toBe('authOtp.errors.tooManyAttempts');
    expect(codeErrorKey(new ApiError(429, 'auth_failed', 'Too many requests'))).toBe('authOtp.errors.rateLimited');
    expect(codeErrorKey(new Error('boom'))).toBe('authOtp.errors.generic');
  });
});
