import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { CreditHistory } from './credit-history';

const fake = vi.hoisted(() => ({ call: vi.fn<(name: string, input: unknown) => Promise<unknown>>() }));
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api-client')>()),
  callFunction: vi.fn((name: string, input: unknown) => fake.call(name, input)),
}));

const entry = (n: number, reason: string, amount: number, extra: object = {}) => ({
  id: `e-${n}`,
  amount,
  reason,
  note: null,
  actor: null,
  createdAt: `2026-11-${String(10 + n).padStart(2, '0')}T10:00:00.000Z`,
  ...extra,
});

beforeEach(() => {
  fake.call.mockReset();
});

describe('CreditHistory', () => {
  it('lists the entries newest first with their reason, amount, note and admin, and loads older ones', async () => {
    fake.call.mockImplementation(async (_name, input) =>
      (input as { cursor?: string }).cursor
        ? { entries: [entry(1, 'signup', 30)], balance: 30, nextCursor: null }
        : {
            entries: [
              entry(4, 'refill', 27),
              entry(3, 'generation', -3),
              entry(2, 'admin_grant', 5, { note: 'Beta thanks', actor: { id: 'a1', handle: 'chief' } }),
            ],
            balance: 30,
            nextCursor: 'next',
          },
    );
    renderWithProviders(
      <>
        <h4 id="h">History</h4>
        <CreditHistory userId="u-1" labelledBy="h" />
      </>,
      { withAuth: false },
    );
    const list = await screen.findByRole('list', { name: 'History' });
    const rows = () => [...list.querySelectorAll('[data-testid=credit-entry]')].map((li) => li.textContent);
    expect(rows()).toHaveLength(3);
    expect(rows()[0]).toMatch(/^Refill.*\+27$/);
    expect(rows()[1]).toMatch(/^Generation.*−3$/);
    expect(rows()[2]).toMatch(/^Admin grant.*by @chief.*Beta thanks\+5$/);
    expect(fake.call).toHaveBeenCalledWith('admin-credits-history', { userId: 'u-1' });
    await userEvent.click(screen.getByRole('button', { name: 'Show older entries' }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(rows()[3]).toMatch(/^Sign-up.*\+30$/);
    expect(fake.call).toHaveBeenCalledWith('admin-credits-history', { userId: 'u-1', cursor: 'next' });
    expect(screen.queryByRole('button', { name: 'Show older entries' })).toBeNull();
  });

  it('offers a retry when the history cannot load', async () => {
    fake.call.mockRejectedValueOnce(new Error('down'));
    fake.call.mockResolvedValue({ entries: [], balance: 0, nextCursor: null });
    renderWithProviders(<CreditHistory userId="u-1" labelledBy="h" />, { withAuth: false });
    expect(await screen.findByText("Couldn't load the history.")).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No entries yet.')).toBeTruthy();
  });
});
