import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, jsonResponse } from '@/testing/test-utils';
import { AddItemWizard } from './add-item-wizard';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toasts }));

const ITEM = '00000000-0000-4000-8000-0000000000aa';
type Route = (body: Record<string, unknown>) => Response;

const BALANCE = { balance: 30, nextRefillAt: '2026-12-24T10:00:00.000Z', refillAmount: 30 };

/** Answers the wizard's functions; `calls` lists every call but the balance reads. */
function stubApi(given: Record<string, Route>) {
  const routes: Record<string, Route> = { 'get-credit-balance': () => jsonResponse(BALANCE), ...given };
  const calls: { name: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const name = String(url).replace('/functions/v1/', '').split('?')[0]!;
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      if (name !== 'get-credit-balance') calls.push({ name, body });
      const route = routes[name];
      return route ? route(body) : jsonResponse({ error: { code: 'not_found', message: name } }, 404);
    }),
  );
  return calls;
}

function renderWizard(props: Partial<{ maintenanceMode: boolean; isAdmin: boolean }> = {}) {
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <AddItemWizard maintenanceMode={props.maintenanceMode ?? false} isAdmin={props.isAdmin ?? false} onDone={onDone} />
    </QueryClientProvider>,
  );
  return { onDone, user: userEvent.setup() };
}

const step = () => screen.getByTestId('add-item-wizard').dataset.step;

describe('AddItemWizard', () => {
  beforeEach(() => {
    toasts.success.mockReset();
    toasts.error.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('requires a title, then creates the item on Next and shows the photos step', async () => {
    const calls = stubApi({ 'items-create': () => jsonResponse({ item: { id: ITEM, title: 'Robot' } }) });
    const { user } = renderWizard();
    expect(screen.getByRole('list', { name: 'Steps' }).querySelector('[aria-current=step]')?.textContent).toContain('Details');
    // The first step says what the collector has to spend before anything is created.
    const credits = await screen.findByRole('region', { name: 'Your credits' });
    await waitFor(() => expect(credits.textContent).toContain('30 credits'));
    expect(credits.textContent).toContain('Tops up to 30 on Dec 24, 2026.');

    await user.type(screen.getByLabelText('Title'), '   ');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Title'));
    expect(calls).toHaveLength(0);
    // The error goes as soon as the title is no longer empty, before Next is pressed again.
    await user.type(screen.getByLabelText('Title'), 'R');
    expect(screen.queryByText('This field is required.')).toBeNull();
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('false');

    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), '  Robot ');
    await user.type(screen.getByLabelText(/Tags/), 'mecha，vintage');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(step()).toBe('photos'));
    expect(calls[0]).toEqual({ name: 'items-create', body: { title: 'Robot', tags: 'mecha,vintage', nsfw: false, metadata: null } });
    expect(screen.getByRole('heading', { name: 'Photos' })).toBe(document.activeElement);
  });

  it('says when the item limit is reached and stays on details', async () => {
    stubApi({ 'items-create': () => jsonResponse({ error: { code: 'item_limit', message: 'limit' } }, 409) });
    const { user } = renderWizard();
    await user.type(screen.getByLabelText('Title'), 'Robot');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith("You've reached the maximum of 50 items"));
    expect(step()).toBe('details');
  });

  it('needs at least one uploaded photo before the style step', async () => {
    stubApi({ 'items-create': () => jsonResponse({ item: { id: ITEM, title: 'Robot' } }) });
    const { user } = renderWizard();
    await user.type(screen.getByLabelText('Title'), 'Robot');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(step()).toBe('photos'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(toasts.error).toHaveBeenCalledWith('Please upload at least 1 photo');
    expect(screen.getByRole('alert').textContent).toBe('Please upload at least 1 photo');
    expect(step()).toBe('photos');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(step()).toBe('details');
    expect((screen.getByLabelText('Title') as HTMLInputElement).readOnly).toBe(true);
  });
});
