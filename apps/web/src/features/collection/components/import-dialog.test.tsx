import type { InventoryImportPreviewResult, InventoryImportStatus } from '@curio/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectionKeys } from '@/lib/query-keys';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { ImportDialog } from './import-dialog';

const JOB = '00000000-0000-4000-8000-0000000000dd';
const CSV = 'title,condition\nFigure 1,opened\n,opened\nFigure 3,loose\nFigure 4,loose\n';
/** Row 2 has no title; rows 3 and 4 are past the 50-item limit of the shelf. */
const PREVIEW: InventoryImportPreviewResult = {
  rows: [
    { row: 1, title: 'Figure 1', errors: [] },
    { row: 2, title: null, errors: [{ column: 'title', code: 'required' }] },
    { row: 3, title: 'Figure 3', errors: [{ column: null, code: 'over_limit' }] },
    { row: 4, title: 'Figure 4', errors: [{ column: null, code: 'over_limit' }] },
  ],
  valid: 1,
  invalid: 3,
};

describe('ImportDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the job’s progress as it runs, then what was imported and every row not imported with its title, over-limit ones too', async () => {
    // The job's status as the server would answer it now; the test moves it on.
    let status: InventoryImportStatus = { state: 'queued', done: 0, total: 0, created: 0, errors: [] };
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        const name = /\/functions\/v1\/([\w-]+)/.exec(String(url))?.[1] ?? String(url);
        calls.push(name);
        if (name === 'inventory-import-preview') {
          expect(JSON.parse(init!.body as string)).toEqual({ csv: CSV });
          return jsonResponse(PREVIEW);
        }
        if (name === 'inventory-import') return jsonResponse({ jobId: JOB });
        if (name === 'inventory-import-status') {
          expect(String(url)).toContain(`jobId=${JOB}`);
          return jsonResponse(status);
        }
        return jsonResponse({ error: { code: 'not_found', message: 'not here' } }, 404);
      }),
    );
    const user = userEvent.setup();
    const { queryClient } = renderWithProviders(<ImportDialog />, { withAuth: false });
    /** Asks for the status now rather than at the next poll a second later. */
    const poll = (next: InventoryImportStatus) => {
      status = next;
      void queryClient.refetchQueries({ queryKey: collectionKeys.importStatus(JOB) });
    };

    await user.click(screen.getByTestId('collection-import'));
    await user.upload(await screen.findByTestId('import-file'), new File([CSV], 'inventory.csv', { type: 'text/csv' }));
    expect((await screen.findByTestId('import-summary')).textContent).toBe('inventory.csv · 1 row ready · 3 rows with errors');
    await user.click(screen.getByTestId('import-start'));

    const progress = await screen.findByTestId('import-progress');
    const bar = () => within(progress).getByRole('progressbar', { name: 'Import progress' }) as HTMLProgressElement;
    poll({ state: 'running', done: 0, total: 4, created: 0, errors: [] });
    await waitFor(() => expect(within(progress).getByRole('status').textContent).toBe('Importing… 0 of 4 rows'));
    expect([bar().value, bar().max]).toEqual([0, 4]);

    poll({ state: 'running', done: 2, total: 4, created: 1, errors: [{ row: 2, errors: [{ column: 'title', code: 'required' }] }] });
    await waitFor(() => expect(within(progress).getByRole('status').textContent).toBe('Importing… 2 of 4 rows'));
    expect([bar().value, bar().max]).toEqual([2, 4]);

    poll({
      state: 'done',
      done: 4,
      total: 4,
      created: 1,
      errors: [
        { row: 2, errors: [{ column: 'title', code: 'required' }] },
        { row: 3, errors: [{ column: null, code: 'over_limit' }] },
        { row: 4, errors: [{ column: null, code: 'over_limit' }] },
      ],
    });
    expect((await screen.findByTestId('import-done')).textContent).toBe('1 item imported.');
    expect(within(progress).queryByRole('progressbar')).toBeNull();
    expect(within(progress).getByText('3 rows were not imported:')).toBeTruthy();
    const notImported = within(progress)
      .getAllByTestId('import-row-error')
      .map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
    expect(notImported).toEqual([
      ['2', '—', 'title: missing'],
      ['3', 'Figure 3', 'Over the 50-item limit of your shelf'],
      ['4', 'Figure 4', 'Over the 50-item limit of your shelf'],
    ]);
    expect(calls.filter((c) => c === 'inventory-import')).toHaveLength(1);
  });
});
