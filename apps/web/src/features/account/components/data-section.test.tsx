import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/testing/test-utils';
import { DataSection } from './data-section';

const fake = vi.hoisted(() => ({
  call: vi.fn<(name: string, input: unknown) => Promise<unknown>>(),
  passkeys: [] as { id: string; name: string; createdAt: string; deviceType: string; backedUp: boolean }[],
  signInPasskey: vi.fn<() => Promise<{ data: { user: { id: string } } | null; error: { status: number; code?: string } | null }>>(),
  signOut: vi.fn(async () => {}),
  listed: vi.fn(),
}));

vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api-client')>()),
  callFunction: vi.fn((name: string, input: unknown) => fake.call(name, input)),
}));
vi.mock('@/lib/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/auth')>()),
  useAuth: () => ({
    user: { id: 'u-1', email: 'ada@example.com', name: 'ada' },
    session: null,
    loading: false,
    signOut: fake.signOut,
    refreshSession: vi.fn(),
  }),
  loadAuthClient: async () => ({
    passkey: {
      listUserPasskeys: async () => {
        fake.listed();
        return { data: fake.passkeys, error: null };
      },
    },
    signIn: { passkey: fake.signInPasskey },
  }),
}));

const STATUS = { export: { state: 'none', requestedAt: null, expiresAt: null, url: null, bytes: null }, hasPassword: true };
const PASSKEY = { id: 'pk-1', name: 'Laptop', createdAt: '2026-01-01T00:00:00.000Z', deviceType: 'singleDevice', backedUp: false };

async function openDialog() {
  const user = userEvent.setup();
  renderWithProviders(<DataSection />, { withAuth: false });
  await user.click(await screen.findByRole('button', { name: 'Delete my account…' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Delete your account?' }) };
}

describe('delete my account, confirmed by a passkey', () => {
  beforeEach(() => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    fake.call.mockReset();
    fake.signInPasskey.mockReset();
    fake.signOut.mockClear();
    fake.passkeys = [PASSKEY];
    fake.call.mockImplementation(async (name) => {
      if (name === 'account-export-status') return STATUS;
      if (name === 'account-delete-request') return { scheduledFor: '2026-03-10T09:30:00.000Z' };
      throw new Error(`unexpected ${name}`);
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is not offered without a passkey', async () => {
    fake.passkeys = [];
    const { dialog } = await openDialog();
    await waitFor(() => expect(fake.listed).toHaveBeenCalled());
    // A fixed wait on purpose: the check is that the passkey button does NOT appear once the (empty)
    // list is in, and an empty list renders nothing that would mark that moment.
    const quietPeriod = 50;
    await new Promise((resolve) => setTimeout(resolve, quietPeriod));
    expect(within(dialog).getByLabelText('Your password')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Confirm with a passkey' })).toBeNull();
  });

  it('signs in again with a passkey, then asks for the deletion and signs out', async () => {
    fake.signInPasskey.mockResolvedValue({ data: { user: { id: 'u-1' } }, error: null });
    const { user, dialog } = await openDialog();
    await user.click(await within(dialog).findByRole('button', { name: 'Confirm with a passkey' }));
    await waitFor(() => expect(fake.call).toHaveBeenCalledWith('account-delete-request', { via: 'passkey' }));
    expect(fake.signInPasskey).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(fake.signOut).toHaveBeenCalled());
  });

  it('says so when the server does not accept the passkey, without blaming the password', async () => {
    fake.signInPasskey.mockResolvedValue({ data: { user: { id: 'u-1' } }, error: null });
    fake.call.mockImplementation(async (name) => {
      if (name === 'account-export-status') return STATUS;
      throw new ApiError(400, 'confirmation_invalid', 'no');
    });
    const { user, dialog } = await openDialog();
    await user.click(await within(dialog).findByRole('button', { name: 'Confirm with a passkey' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The passkey could not confirm it. Try again, or use your password or a mailed code.');
    expect(within(dialog).getByLabelText('Your password').getAttribute('aria-invalid')).toBeNull();
    expect(fake.signOut).not.toHaveBeenCalled();
  });

  it('asks for nothing when the passkey belongs to another account', async () => {
    fake.signInPasskey.mockResolvedValue({ data: { user: { id: 'someone-else' } }, error: null });
    const { user, dialog } = await openDialog();
    await user.click(await within(dialog).findByRole('button', { name: 'Confirm with a passkey' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('That passkey belongs to another account.');
    expect(fake.call).not.toHaveBeenCalledWith('account-delete-request', expect.anything());
  });
});
