import type { AdminUser, AdminUserDetail } from '@curio/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { UserDetailDialog } from './user-detail-dialog';

const fake = vi.hoisted(() => ({
  call: vi.fn<(name: string, input: unknown) => Promise<unknown>>(),
  me: { id: 'admin-1', email: 'chief@example.com', name: 'chief' },
}));

vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api-client')>()),
  callFunction: vi.fn((name: string, input: unknown) => fake.call(name, input)),
}));
vi.mock('@/lib/auth', () => ({ useAuth: () => ({ user: fake.me, session: null, loading: false, signOut: vi.fn() }) }));

const USER: AdminUser = {
  id: 'u-1',
  email: 'ada@example.com',
  handle: 'ada',
  displayName: 'Ada',
  createdAt: '2026-01-02T10:00:00.000Z',
  itemCount: 3,
  tester: false,
  roles: [],
  credits: 30,
  suspended: false,
};
const DETAIL: AdminUserDetail = {
  ...USER,
  emailVerified: true,
  lastSignInAt: '2026-02-03T10:00:00.000Z',
  suspendedReason: null,
  deletionScheduledFor: null,
  activeSessions: 2,
  twoFactorEnabled: true,
  signInMethods: {
    password: true,
    magicLink: true,
    passkeys: 1,
    wallets: [],
    identities: [{ providerId: 'oidc', accountId: 'sub-9', createdAt: '2026-01-03T10:00:00.000Z' }],
  },
  factors: [
    { id: 'tf-1', kind: 'totp', name: 'Pixel', createdAt: null, verified: true },
    { id: 'pk-1', kind: 'webauthn', name: null, createdAt: '2026-01-04T10:00:00.000Z', verified: true },
  ],
  actions: [{ id: 'a-1', action: 'sign_in_link', actorEmail: 'chief@example.com', note: '', at: '2026-02-01T10:00:00.000Z' }],
};

describe('the account detail in the admin users view', () => {
  beforeEach(() => {
    fake.call.mockReset();
    fake.me.id = 'admin-1';
    fake.call.mockImplementation(async (name) => {
      if (name === 'admin-user-get') return { user: DETAIL };
      if (name === 'admin-user-delete') return { deleted: true };
      if (name === 'admin-user-factor-remove') return { factors: DETAIL.factors.slice(1), twoFactorEnabled: false };
      throw new Error(`unexpected ${name}`);
    });
  });

  it('shows the facts, methods, factors and the admin actions', async () => {
    renderWithProviders(<UserDetailDialog user={USER} onClose={() => {}} />, { withAuth: false });
    const dialog = await screen.findByRole('dialog', { name: 'Account of @ada' });
    await within(dialog).findByText('ada@example.com');
    expect(within(dialog).getByTestId('admin-user-sessions').textContent).toBe('2');
    expect(within(dialog).getByText('Verified')).toBeTruthy();
    expect(within(dialog).getByText('oidc')).toBeTruthy();
    expect(
      within(dialog)
        .getAllByTestId('admin-factor')
        .map((f) => f.textContent),
    ).toEqual([expect.stringContaining('Pixel'), expect.stringContaining('Passkey')]);
    expect(within(dialog).getByRole('button', { name: 'Remove Pixel' })).toBeTruthy();
    expect(within(dialog).getByTestId('admin-user-history').textContent).toContain('Sign-in link made');
  });

  it('shows when a scheduled deletion takes effect, and nothing about it otherwise', async () => {
    renderWithProviders(<UserDetailDialog user={USER} onClose={() => {}} />, { withAuth: false });
    const dialog = await screen.findByRole('dialog', { name: 'Account of @ada' });
    await within(dialog).findByText('ada@example.com');
    expect(within(dialog).queryByTestId('admin-user-deletion')).toBeNull();
    expect(within(dialog).getByTestId('admin-user-status').textContent).toBe('Active');
  });

  it('shows a scheduled deletion with the date it takes effect', async () => {
    const at = '2026-03-10T09:30:00.000Z';
    fake.call.mockImplementation(async (name) => {
      if (name === 'admin-user-get') return { user: { ...DETAIL, deletionScheduledFor: at } };
      throw new Error(`unexpected ${name}`);
    });
    renderWithProviders(<UserDetailDialog user={USER} onClose={() => {}} />, { withAuth: false });
    const dialog = await screen.findByRole('dialog', { name: 'Account of @ada' });
    const shown = await within(dialog).findByTestId('admin-user-deletion');
    const date = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));
    expect(shown.textContent).toBe(`Deletion scheduledTakes effect ${date}`);
  });

  it('removes a factor after a confirmation', async () => {
    const user = userEvent.setup();
    renderWithProviders(<UserDetailDialog user={USER} onClose={() => {}} />, { withAuth: false });
    await user.click(await screen.findByRole('button', { name: 'Remove Pixel' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove Pixel?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(fake.call).toHaveBeenCalledWith('admin-user-factor-remove', { userId: 'u-1', factorId: 'tf-1' }));
  });

  it('deletes only once the typed address matches', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithProviders(<UserDetailDialog user={USER} onClose={onClose} />, { withAuth: false });
    await user.click(await screen.findByTestId('admin-user-delete'));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete @ada for good?' });
    const input = within(confirm).getByLabelText('Type ada@example.com to confirm');
    await waitFor(() => expect(document.activeElement).toBe(input));
    const button = within(confirm).getByRole('button', { name: 'Delete for good' });
    await user.type(input, 'ada@example.co');
    expect(button).toHaveProperty('disabled', true);
    await user.type(input, 'm');
    expect(button).toHaveProperty('disabled', false);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(fake.call).toHaveBeenCalledWith('admin-user-delete', { userId: 'u-1', confirm: 'ada@example.com' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('an admin looking at their own account cannot delete it here', async () => {
    fake.me.id = 'u-1';
    renderWithProviders(<UserDetailDialog user={USER} onClose={() => {}} />, { withAuth: false });
    expect(await screen.findByTestId('admin-user-delete')).toHaveProperty('disabled', true);
    expect(screen.getByText(/You cannot delete your own account here/)).toBeTruthy();
  });
});
