import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { usePublicSiteSettings } from '@/lib/public-site-settings';
import { NotificationsBell } from './notifications-bell';

const sources: FakeEventSource[] = [];
/** An EventSource the test feeds; each one made is kept in `sources`. */
class FakeEventSource {
  listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  closed = false;
  constructor(readonly url: string) {
    sources.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    for (const fn of this.listeners.get(type) ?? []) fn(new MessageEvent(type, { data: typeof data === 'string' ? data : JSON.stringify(data) }));
  }
}

describe('NotificationsBell', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('links to the notifications page with a red dot and the count in its name when some are unseen', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ count: 3 })),
    );
    renderWithProviders(<NotificationsBell />, { withAuth: false });
    const link = await screen.findByRole('link', { name: 'Notifications, 3 unseen' });
    expect(link.getAttribute('href')).toBe('/me/notifications');
    expect(screen.getByTestId('notifications-dot')).toBeTruthy();
  });

  it('says 99+ once the count reaches where the server stops counting', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ count: 100 })),
    );
    renderWithProviders(<NotificationsBell />, { withAuth: false });
    expect(await screen.findByRole('link', { name: 'Notifications, 99+ unseen' })).toBeTruthy();
    expect(screen.getByTestId('notifications-dot')).toBeTruthy();
  });

  it('has no dot when everything was seen', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ count: 0 })),
    );
    renderWithProviders(<NotificationsBell />, { withAuth: false });
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeTruthy();
    expect(screen.queryByTestId('notifications-dot')).toBeNull();
  });

  it('updates the count live from the notifications stream and closes the stream on unmount', async () => {
    sources.length = 0;
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ count: 0 })),
    );
    const { unmount } = renderWithProviders(<NotificationsBell />, { withAuth: false });
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeTruthy();
    expect(sources).toHaveLength(1);
    expect(sources[0]!.url).toBe('/realtime/v1/notifications');

    act(() => sources[0]!.emit('unseen', { count: 2 }));
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unseen' })).toBeTruthy();
    const entry = { id: 'n1', kind: 'mention', refId: 'i1', actorId: 'u1', createdAt: new Date().toISOString() };
    act(() => sources[0]!.emit('notification', { unseenCount: 3, notification: entry }));
    expect(await screen.findByRole('link', { name: 'Notifications, 3 unseen' })).toBeTruthy();
    expect(screen.getByTestId('notifications-dot')).toBeTruthy();
    act(() => sources[0]!.emit('notification', 'not json')); // ignored
    expect(screen.getByRole('link', { name: 'Notifications, 3 unseen' })).toBeTruthy();

    unmount();
    expect(sources[0]!.closed).toBe(true);
  });

  it('reads the site settings again when the stream says an admin changed them', async () => {
    sources.length = 0;
    vi.stubGlobal('EventSource', FakeEventSource);
    let maintenanceMode = false;
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      String(input as string).includes('public-site-settings') ? jsonResponse({ maintenanceMode }) : jsonResponse({ count: 0 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    function Maintenance() {
      const { data } = usePublicSiteSettings();
      return <output data-testid="maintenance">{data ? String(data.maintenanceMode) : 'loading'}</output>;
    }
    renderWithProviders(
      <>
        <NotificationsBell />
        <Maintenance />
      </>,
      { withAuth: false },
    );
    await waitFor(() => expect(screen.getByTestId('maintenance').textContent).toBe('false'));
    const settingsReads = () => fetchMock.mock.calls.filter(([url]) => String(url as string).includes('public-site-settings')).length;
    expect(settingsReads()).toBe(1);
    maintenanceMode = true; // an admin turned it on
    act(() => sources[0]!.emit('site-settings', {}));
    await waitFor(() => expect(screen.getByTestId('maintenance').textContent).toBe('true'));
    expect(settingsReads()).toBe(2);
  });
});
