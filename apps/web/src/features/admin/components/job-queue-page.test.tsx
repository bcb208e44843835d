import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';
import { JobQueuePage } from './job-queue-page';

const JOB = '0b6f5f4e-6d3c-4a4e-9a1e-2f1f0c8d9e01';
function page(failed: boolean) {
  return {
    queues: [
      { queue: 'cutout', waiting: 3, retrying: 1, active: 1, failed: failed ? 1 : 0, oldestWaitingSeconds: 125 },
      { queue: 'mail', waiting: 0, retrying: 0, active: 0, failed: 0, oldestWaitingSeconds: 0 },
    ],
    processes: [
      {
        id: 'web-1:41:ab12cd34',
        host: 'web-1',
        pid: 41,
        queues: ['mail', 'sms'],
        startedAt: '2026-11-28T00:00:00.000Z',
        lastBeatAt: '2026-11-28T01:05:55.000Z',
        secondsSinceBeat: 5,
        alive: true,
        self: true,
      },
      {
        id: 'worker-1:7:ef56ab78',
        host: 'worker-1',
        pid: 7,
        queues: ['cutout'],
        startedAt: '2026-11-28T00:00:00.000Z',
        lastBeatAt: '2026-11-28T00:56:00.000Z',
        secondsSinceBeat: 600,
        alive: false,
        self: false,
      },
    ],
    failed: failed
      ? [
          {
            id: JOB,
            queue: 'cutout',
            attempts: 4,
            error: 'the model ran out of memory',
            createdAt: '2026-11-28T01:00:00.000Z',
            failedAt: '2026-11-28T01:05:00.000Z',
          },
        ]
      : [],
    generatedAt: '2026-11-28T01:06:00.000Z',
  };
}

/** The server as the page sees it: the queues, and one failed job until it is retried or dropped. */
function server() {
  let failed = true;
  const calls: { name: string; body: unknown }[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const name = new URL(url, 'http://localhost').pathname.split('/').pop()!;
    calls.push({ name, body: init?.body ? JSON.parse(init.body as string) : null });
    if (name === 'admin-jobs') return jsonResponse(page(failed));
    if (name === 'admin-job-retry' || name === 'admin-job-drop') {
      failed = false;
      return jsonResponse({ ok: true });
    }
    return jsonResponse({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

describe('the job queue page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows every queue by state, marks failures and a wait over a minute, and lists the failed job with its error', async () => {
    server();
    renderWithProviders(<JobQueuePage />, { withAuth: false });
    const rows = await screen.findAllByTestId('job-queue-row');
    expect(rows.map((r) => r.textContent)).toEqual(['cutout31112 min', 'mail0000—']);
    expect(within(rows[0]!).getAllByRole('cell').at(3)!.className).toContain('text-danger'); // one failed
    expect(within(rows[0]!).getAllByRole('cell').at(4)!.className).toContain('text-danger'); // waiting over a minute
    const job = screen.getByTestId('failed-job');
    expect(job.textContent).toContain('cutout');
    expect(job.textContent).toContain('4 attempts');
    expect(job.textContent).toContain('the model ran out of memory');
  });

  it('lists the processes working the queue: which answered, which stopped beating, and what each works', async () => {
    server();
    renderWithProviders(<JobQueuePage />, { withAuth: false });
    const [web, worker] = await screen.findAllByTestId('job-process');
    expect(within(web!).getByTestId('job-process-state').textContent).toBe('Alive');
    expect(web!.textContent).toContain('web-1 · 41');
    expect(web!.textContent).toContain('answered this page');
    expect(web!.textContent).toContain('Last beat 5 s ago');
    expect(web!.textContent).toContain('mailsms');
    expect(within(worker!).getByTestId('job-process-state').textContent).toBe('Not beating');
    expect(within(worker!).getByTestId('job-process-state').className).toContain('text-danger');
    expect(worker!.textContent).toContain('Last beat 10 min ago');
    expect(worker!.textContent).not.toContain('answered this page');
  });

  it('gives a failed job one more attempt, then shows it gone', async () => {
    const calls = server();
    renderWithProviders(<JobQueuePage />, { withAuth: false });
    fireEvent.click(await screen.findByTestId('failed-job-retry'));
    await waitFor(() => expect(calls.find((c) => c.name === 'admin-job-retry')?.body).toEqual({ queue: 'cutout', jobId: JOB }));
    expect(await screen.findByText('No failed jobs.')).toBeTruthy();
  });

  it('drops a failed job only after the confirmation', async () => {
    const calls = server();
    renderWithProviders(<JobQueuePage />, { withAuth: false });
    fireEvent.click(await screen.findByTestId('failed-job-drop'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('This cutout job will not run again.');
    expect(calls.some((c) => c.name === 'admin-job-drop')).toBe(false);
    fireEvent.click(within(dialog).getByTestId('failed-job-drop-confirm'));
    await waitFor(() => expect(calls.find((c) => c.name === 'admin-job-drop')?.body).toEqual({ queue: 'cutout', jobId: JOB }));
    expect(await screen.findByText('No failed jobs.')).toBeTruthy();
  });
});
