import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, renderWithProviders } from '@/testing/test-utils';
import { SignInForm } from './sign-in-form';

type AuthResult = { data: unknown; error: { status: number; message?: string } | null };

const fake = vi.hoisted(() => ({
  signInEmail: vi.fn<(input: { email: string; password: string }) => Promise<AuthResult>>(),
  getSession: vi.fn<() => Promise<AuthResult>>(),
}));

vi.mock('@/lib/auth-client', () => ({
  authClient: {
    getSession: fake.getSession,
    signIn: { email: fake.signInEmail, magicLink: vi.fn() },
    signUp: { email: vi.fn() },
    signOut: vi.fn(),
  },
}));

describe('SignInForm', () => {
  beforeEach(() => {
    fake.signInEmail.mockReset();
    fake.getSession.mockReset().mockResolvedValue({ data: null, error: null });
  });

  async function fillAndSubmit() {
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
  }

  it('disables submit while the request runs, then shows auth.authError on failure', async () => {
    const pending = deferred<AuthResult>();
    fake.signInEmail.mockReturnValue(pending.promise);
    const onSuccess = vi.fn();
    renderWithProviders(<SignInForm onSuccess={onSuccess} />, { route: '/login' });

    await fillAndSubmit();
    const button = screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(true));
    expect(fake.signInEmail).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'correct horse' });

    pending.resolve({ data: null, error: { status: 401, message: 'Invalid email or password' } });
    expect(await screen.findByText('Authentication failed. Please try again.')).toBeTruthy();
    expect(button.disabled).toBe(false);
    expect(onSuccess).not.toHaveBeenCalled();
    // The server's own text is never shown.
    expect(screen.queryByText('Invalid email or password')).toBeNull();
  });

  it('signs in, re-reads the session and reports success', async () => {
    fake.signInEmail.mockResolvedValue({ data: { user: { id: 'u1' } }, error: null });
    const onSuccess = vi.fn();
    renderWithProviders(<SignInForm onSuccess={onSuccess} />, { route: '/login' });
    await fillAndSubmit();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(fake.getSession.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('validates on the client with translated messages and sends nothing', async () => {
    renderWithProviders(<SignInForm onSuccess={vi.fn()} />, { route: '/login' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password must be 8 to 128 characters')).toBeTruthy();
    expect(fake.signInEmail).not.toHaveBeenCalled();
  });
});
