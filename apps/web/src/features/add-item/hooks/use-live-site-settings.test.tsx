import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { siteKeys } from '@/lib/query-keys';
import { createTestQueryClient } from '@/testing/test-utils';
import { SITE_SETTINGS_REFRESH_MS, useLiveSiteSettings } from './use-live-site-settings';

/** The shelf page observes the settings (staleTime 5 min) and hands maintenance down to the open wizard. */
function Page({ read, wizardOpen }: { read: () => Promise<{ maintenanceMode: boolean }>; wizardOpen: boolean }) {
  const settings = useQuery({ queryKey: siteKeys.settings(), queryFn: read, staleTime: 5 * 60_000 });
  return wizardOpen ? <Wizard maintenanceMode={!!settings.data?.maintenanceMode} /> : null;
}
function Wizard({ maintenanceMode }: { maintenanceMode: boolean }) {
  useLiveSiteSettings();
  return <p>{maintenanceMode ? 'Generation is paused for maintenance' : 'Generate'}</p>;
}

describe('useLiveSiteSettings', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => vi.useRealTimers());

  it('an open wizard follows maintenance being turned off (interval and window focus)', async () => {
    let maintenance = true;
    const read = vi.fn(async () => ({ maintenanceMode: maintenance }));
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <Page read={read} wizardOpen />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Generation is paused for maintenance')).toBeTruthy();

    // An admin turns maintenance off; within one refresh period the wizard knows.
    maintenance = false;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SITE_SETTINGS_REFRESH_MS + 10);
    });
    expect(await screen.findByText('Generate')).toBeTruthy();

    // And back on: coming back to the window re-reads at once.
    maintenance = true;
    const calls = read.mock.calls.length;
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await screen.findByText('Generation is paused for maintenance')).toBeTruthy();
    expect(read.mock.calls.length).toBeGreaterThan(calls);
  });
});
