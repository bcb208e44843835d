import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { ReportButton } from './report-button';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

afterEach(() => vi.unstubAllGlobals());

const ITEM = '0b6f8a52-3c1e-4b7a-9a57-2d9d1f0c0e11';

describe('ReportButton', () => {
  it('asks for a reason first, then sends it with the trimmed note', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ report: { id: 'r1' } }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ReportButton target={{ kind: 'item', itemId: ITEM }} />, { withAuth: false });
    const user = userEvent.setup();
    await user.click(screen.getByTestId('report-button'));
    await user.click(screen.getByTestId('report-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a reason');
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(screen.getByTestId('report-reason-copyright'));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(screen.getByTestId('report-note'), '  A copy  ');
    await user.click(screen.getByTestId('report-submit'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/functions/v1/item-report');
    expect(JSON.parse(init.body as string)).toEqual({ itemId: ITEM, reason: 'copyright', note: 'A copy' });
  });

  it('tells a note over the limit as it is typed and will not send it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({})),
    );
    renderWithProviders(<ReportButton target={{ kind: 'item', itemId: ITEM }} />, { withAuth: false });
    const user = userEvent.setup();
    await user.click(screen.getByTestId('report-button'));
    await user.click(screen.getByTestId('report-note'));
    await user.paste('x'.repeat(1001));
    expect(screen.getByText('Note must be 1000 characters or less')).toBeTruthy();
    expect((screen.getByTestId('report-submit') as HTMLButtonElement).disabled).toBe(true);
  });
});
