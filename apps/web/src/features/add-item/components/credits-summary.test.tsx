import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/testing/test-utils';
import { CreditsSummary } from './credits-summary';

const fake = vi.hoisted(() => ({ call: vi.fn<(name: string, input: unknown) => Promise<unknown>>() }));
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api-client')>()),
  callFunction: vi.fn((name: string, input: unknown) => fake.call(name, input)),
}));

beforeEach(() => {
  fake.call.mockReset();
});

describe('CreditsSummary', () => {
  it('shows the balance, the generations it buys, the next refill and how to get more', async () => {
    fake.call.mockResolvedValue({ balance: 7, nextRefillAt: '2026-12-24T10:00:00.000Z', refillAmount: 30 });
    renderWithProviders(<CreditsSummary variant="panel" />, { withAuth: false });
    expect((await screen.findByTestId('credits-balance')).textContent).toBe('7 credits');
    expect(screen.getByText('enough for 2 generations')).toBeTruthy();
    expect(screen.getByTestId('credits-refill').textContent).toBe('Tops up to 30 on Dec 24, 2026.');
    expect(screen.getByTestId('credits-more').textContent).toBe('Need more? An admin can add credits, and some invite codes come with credits.');
    expect(screen.getByRole('region', { name: 'Your credits' })).toBeTruthy();
    expect(fake.call).toHaveBeenCalledWith('get-credit-balance', undefined);
  });

  it('says when the balance buys no generation, and leaves the refill out when refills are off', async () => {
    fake.call.mockResolvedValue({ balance: 2, nextRefillAt: null, refillAmount: null });
    renderWithProviders(<CreditsSummary variant="panel" />, { withAuth: false });
    expect((await screen.findByTestId('credits-balance')).textContent).toBe('2 credits');
    expect(screen.getByText('not enough for a generation (3 each)')).toBeTruthy();
    expect(screen.queryByTestId('credits-refill')).toBeNull();
    expect(screen.getByTestId('credits-more')).toBeTruthy();
  });

  it('is shorter in the account menu: the balance, the refill and where more come from, as plain text', async () => {
    fake.call.mockResolvedValue({ balance: 9, nextRefillAt: '2026-12-24T10:00:00.000Z', refillAmount: 30 });
    renderWithProviders(<CreditsSummary variant="menu" />, { withAuth: false });
    expect((await screen.findByTestId('credits-balance')).textContent).toBe('9 credits');
    expect(screen.queryByText('enough for 3 generations')).toBeNull();
    expect(screen.getByTestId('credits-refill').textContent).toBe('Tops up to 30 on Dec 24, 2026.');
    expect(screen.getByTestId('credits-more').textContent).toBe('Need more? Ask an admin, or use an invite code.');
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('offers a retry when the balance cannot load', async () => {
    fake.call.mockRejectedValueOnce(new ApiError(500, 'internal', 'boom'));
    fake.call.mockResolvedValue({ balance: 30, nextRefillAt: null, refillAmount: null });
    renderWithProviders(<CreditsSummary variant="panel" />, { withAuth: false });
    expect(await screen.findByText("Couldn't load your credits.")).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByTestId('credits-balance').textContent).toBe('30 credits'));
  });
});
