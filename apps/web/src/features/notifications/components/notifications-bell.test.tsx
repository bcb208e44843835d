import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { NotificationsBell } from './notifications-bell';

describe('NotificationsBell', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('links to the notifications page with a red dot and the count in its name when some are unseen', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ count: 3 })));
    renderWithProviders(<NotificationsBell />, { withAuth: false });
    const link = await screen.findByRole('link', { name: 'Notifications, 3 unseen' });
    expect(link.getAttribute('href')).toBe('/me/notifications');
    expect(screen.getByTestId('notifications-dot')).toBeTruthy();
  });

  it('has no dot when everything was seen', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ count: 0 })));
    renderWithProviders(<NotificationsBell />, { withAuth: false });
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeTruthy();
    expect(screen.queryByTestId('notifications-dot')).toBeNull();
  });
});
