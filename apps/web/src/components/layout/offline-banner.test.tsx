import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callFunction } from '@/lib/api-client';
import { reportAnswered } from '@/lib/reachability';
import { jsonResponse } from '@/testing/test-utils';
import { OfflineBanner, OFFLINE_PROBE_MS } from './offline-banner';

let online = true;
beforeEach(() => {
  // The web tests share one module graph: another file's request may have failed without an answer.
  reportAnswered();
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const setNetwork = (next: boolean) =>
  act(() => {
    online = next;
    window.dispatchEvent(new Event(next ? 'online' : 'offline'));
  });

describe('OfflineBanner', () => {
  it('says so while the browser is offline, and goes by itself when the network is back', async () => {
    render(<OfflineBanner />);
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    setNetwork(false);
    expect(screen.getByRole('status').textContent).toBe("You're offline. What you typed is kept: try again once you're back online.");
    setNetwork(true);
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });

  it('shows when a request gets no answer, and goes once the server answers again (asked every few seconds)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let reachable = false;
    const fetchMock = vi.fn(async () => {
      if (!reachable) throw new TypeError('Failed to fetch');
      return jsonResponse({ ok: true });
    });
    vi.stubGlobal('fetch', fetchMock);
    render(<OfflineBanner />);
    await act(async () => {
      await expect(callFunction('profile-me', undefined, { method: 'GET' })).rejects.toMatchObject({ code: 'network_error' });
    });
    expect(screen.getByTestId('offline-banner')).toBeTruthy();
    reachable = true;
    await act(async () => {
      vi.advanceTimersByTime(OFFLINE_PROBE_MS);
    });
    await waitFor(() => expect(screen.queryByTestId('offline-banner')).toBeNull());
    expect(fetchMock).toHaveBeenLastCalledWith('/health', { cache: 'no-store' });
  });
});
