import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, jsonResponse } from '@/testing/test-utils';
import { EMPTY_FACTS, type UnfinishedItem } from '@curio/contract';
import { AddItemWizard } from './add-item-wizard';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toasts }));

const ITEM = '00000000-0000-4000-8000-0000000000aa';
type Route = (body: Record<string, unknown>) => Response;

const BALANCE = { balance: 30, nextRefillAt: '2026-12-24T10:00:00.000Z', refillAmount: 30 };

const READS = new Set(['get-credit-balance', 'items-unfinished-list']);

/** Answers the wizard's functions; `calls` lists every call but the balance and unfinished-items reads. */
function stubApi(given: Record<string, Route>) {
  const routes: Record<string, Route> = {
    'get-credit-balance': () => jsonResponse(BALANCE),
    'items-unfinished-list': () => jsonResponse({ items: [] }),
    ...given,
  };
  const calls: { name: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const name = String(url).replace('/functions/v1/', '').split('?')[0]!;
      const body = init?.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : {};
      if (!READS.has(name)) calls.push({ name, body });
      const route = routes[name];
      return route ? route(body) : jsonResponse({ error: { code: 'not_found', message: name } }, 404);
    }),
  );
  return calls;
}

function renderWizard(props: Partial<{ maintenanceMode: boolean; isAdmin: boolean; resume: UnfinishedItem; onResume: (item: UnfinishedItem) => void }> = {}) {
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <AddItemWizard
        maintenanceMode={props.maintenanceMode ?? false}
        isAdmin={props.isAdmin ?? false}
        onDone={onDone}
        resume={props.resume}
        onResume={props.onResume}
      />
    </QueryClientProvider>,
  );
  return { onDone, user: userEvent.setup() };
}

const UNFINISHED: UnfinishedItem = {
  id: ITEM,
  title: 'Half-done robot',
  tags: ['robots'],
  nsfw: false,
  photoCount: 1,
  createdAt: '2026-11-28T10:00:00.000Z',
  expiresAt: '2026-11-29T10:00:00.000Z',
  step: 'style',
  photos: [{ imageId: 'img-photo-1', role: 'front', prep: 'ready' }],
  facts: { ...EMPTY_FACTS, maker: 'Bandai', edition: { number: 12, of: 500 } },
};

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
    expect(calls[0]).toEqual({ name: 'items-create', body: { title: 'Robot', tags: 'mecha,vintage', nsfw: false, metadata: null, facts: EMPTY_FACTS } });
    expect(screen.getByRole('heading', { name: 'Photos' })).toBe(document.activeElement);
  });

  it('sends the facts typed in the folded details, trimmed, and shows a fact the server refused at its box', async () => {
    let answer: Response = jsonResponse({ error: { code: 'validation_error', message: 'bad', fields: { 'facts.barcode': 'invalid_format' } } }, 400);
    const calls = stubApi({ 'items-create': () => answer });
    const { user } = renderWizard();
    await user.type(screen.getByLabelText('Title'), 'RX-78-2');
    expect(screen.queryByLabelText('Maker or brand')).toBeNull();
    await user.click(screen.getByRole('button', { name: /Maker, series and more/ }));
    await user.type(screen.getByLabelText('Maker or brand'), ' Bandai ');
    await user.type(screen.getByLabelText('Year'), '2017');
    await user.type(screen.getByLabelText('Number of this piece'), '12');
    await user.type(screen.getByLabelText('Pieces in the edition'), '500');
    await user.selectOptions(screen.getByLabelText('Condition'), 'mint_in_box');
    await user.type(screen.getByLabelText('Barcode'), '4573102 616074');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('A barcode is 6 to 14 digits.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Barcode')));
    expect(step()).toBe('details');
    expect(calls[0]!.body.facts).toEqual({
      ...EMPTY_FACTS,
      maker: 'Bandai',
      year: 2017,
      edition: { number: 12, of: 500 },
      condition: 'mint_in_box',
      barcode: '4573102616074',
    });
    answer = jsonResponse({ item: { id: ITEM, title: 'RX-78-2' } });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(step()).toBe('photos'));
  }, 15_000);

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

  it('offers the newest unfinished item in the first step instead of a new one', async () => {
    stubApi({ 'items-unfinished-list': () => jsonResponse({ items: [UNFINISHED] }) });
    const onResume = vi.fn();
    const { user } = renderWizard({ onResume });
    const offer = await screen.findByTestId('wizard-resume-offer');
    expect(offer.textContent).toContain('You have an unfinished item, “Half-done robot”.');
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(onResume).toHaveBeenCalledWith(UNFINISHED);
  });

  it('at the limit, says how many of the 50 are unfinished and where to finish them', async () => {
    stubApi({
      'items-unfinished-list': () => jsonResponse({ items: [UNFINISHED, { ...UNFINISHED, id: 'other' }] }),
      'items-create': () => jsonResponse({ error: { code: 'item_limit', message: 'limit' } }, 409),
    });
    const { user } = renderWizard({ onResume: vi.fn() });
    await screen.findByTestId('wizard-resume-offer');
    await user.type(screen.getByLabelText('Title'), 'One more');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith("You've reached the maximum of 50 items", {
        description: '2 of them are unfinished: finish or delete them under Unfinished on your shelf.',
      }),
    );
  });

  it('resumes an unfinished item at its step, with its photos as they are', async () => {
    const calls = stubApi({ 'photos-status': () => jsonResponse({ photos: [{ imageId: 'img-photo-1', prep: 'ready' }] }) });
    const { user } = renderWizard({ resume: UNFINISHED });
    expect(step()).toBe('style');
    expect(screen.queryByTestId('wizard-resume-offer')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(step()).toBe('photos');
    expect(screen.getAllByTestId('photo-card')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Half-done robot');
    expect((screen.getByLabelText('Title') as HTMLInputElement).readOnly).toBe(true);
    // Its facts too, shown (the details open by themselves) and fixed as the rest.
    expect((screen.getByLabelText('Maker or brand') as HTMLInputElement).value).toBe('Bandai');
    expect((screen.getByLabelText('Maker or brand') as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByLabelText('Pieces in the edition') as HTMLInputElement).value).toBe('500');
    expect(calls.filter((c) => c.name === 'items-create')).toHaveLength(0);
  });

  it('resumes at the choice with every variant already paid for', async () => {
    const variants = [1, 2, 3, 4, 5, 1, 2].map((n, i) => ({
      compositeId: `c${i}`,
      imageId: `img${i}`,
      variantNo: n,
      style: i < 5 ? 'bright_gallery' : 'manga_halftone',
      createdAt: '2026-11-28T10:00:00.000Z',
    }));
    const calls = stubApi({ 'items-variants-list': () => jsonResponse({ variants }) });
    renderWizard({ resume: { ...UNFINISHED, step: 'generate' } });
    expect(step()).toBe('generate');
    await waitFor(() => expect(screen.getAllByTestId('variant-card')).toHaveLength(7));
    expect(calls.filter((c) => c.name === 'items-generate')).toHaveLength(0);
  });
});
