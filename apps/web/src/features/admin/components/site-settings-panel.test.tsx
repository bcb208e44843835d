import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { SiteSettingsPanel } from './site-settings-panel';

const fake = vi.hoisted(() => ({ call: vi.fn<(name: string, input: unknown) => Promise<unknown>>() }));
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api-client')>()),
  callFunction: vi.fn((name: string, input: unknown) => fake.call(name, input)),
}));
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const SETTINGS = { betaOpen: true, maintenanceMode: false, maintenanceStatusUrl: null, announcement: null, creditRefill: { amount: 30, everyDays: 30 } };

beforeEach(() => {
  fake.call.mockReset();
  fake.call.mockImplementation(async (name, input) => {
    if (name === 'admin-settings-get') return { settings: SETTINGS };
    if (name === 'admin-settings-update') return { settings: { ...SETTINGS, ...(input as object) } };
    throw new Error(name);
  });
});

describe('SiteSettingsPanel: the credit allowance', () => {
  it('shows the allowance, says what it does, and saves a changed one', async () => {
    renderWithProviders(<SiteSettingsPanel />, { withAuth: false });
    const amount = await screen.findByLabelText('Top up to');
    expect((amount as HTMLInputElement).value).toBe('30');
    expect(screen.getByTestId('admin-refill-summary').textContent).toBe('Every collector under 30 credits is topped up to 30 every 30 days.');
    const user = userEvent.setup();
    await user.clear(amount);
    await user.type(amount, '12');
    await user.clear(screen.getByLabelText('Every'));
    await user.type(screen.getByLabelText('Every'), '7');
    expect(screen.getByTestId('admin-refill-summary').textContent).toBe('Every collector under 12 credits is topped up to 12 every 7 days.');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(fake.call).toHaveBeenCalledWith('admin-settings-update', expect.objectContaining({ creditRefill: { amount: 12, everyDays: 7 } })),
    );
  });

  it('says 0 turns refills off', async () => {
    renderWithProviders(<SiteSettingsPanel />, { withAuth: false });
    const amount = await screen.findByLabelText('Top up to');
    const user = userEvent.setup();
    await user.clear(amount);
    await user.type(amount, '0');
    expect(screen.getByTestId('admin-refill-summary').textContent).toMatch(/^Refills are off/);
  });

  it('refuses a period of 0 days or a fraction with a message on the field, and sends nothing', async () => {
    renderWithProviders(<SiteSettingsPanel />, { withAuth: false });
    const days = await screen.findByLabelText('Every');
    const user = userEvent.setup();
    await user.clear(days);
    await user.type(days, '0');
    await user.clear(screen.getByLabelText('Top up to'));
    await user.type(screen.getByLabelText('Top up to'), '2.5');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Enter a whole number of days from 1 to 365.')).toBeTruthy();
    expect(screen.getByText('Enter a whole number from 0 to 10,000.')).toBeTruthy();
    expect(days.getAttribute('aria-invalid')).toBe('true');
    expect(fake.call).not.toHaveBeenCalledWith('admin-settings-update', expect.anything());
  });
});
