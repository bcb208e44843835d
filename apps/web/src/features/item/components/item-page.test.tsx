import { EMPTY_FACTS } from '@curio/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, Where } from '@/testing/test-utils';
import { hasNsfwConsent } from '../utils/nsfw-consent';
import { ItemPage } from './item-page';

const toasts = vi.hoisted(() => Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toasts }));
const track = vi.hoisted(() => vi.fn());
vi.mock('@/lib/analytics', () => ({ track }));

const ID = '00000000-0000-4000-8000-0000000000aa';
const owner = { userId: 'owner', handle: 'alice', displayName: 'Alice', public: true, avatarImageId: null };
const viewer = { signedIn: false, isOwner: false, isAdmin: false, liked: false, saved: false };
const item = {
  id: ID,
  title: 'Tin robot',
  tags: ['robots', 'tin toys'],
  nsfw: false,
  hidden: false,
  hiddenSource: null,
  createdAt: '2025-01-01T00:00:00Z',
  chosenCompositeId: 'c1',
  imageId: 'img1',
  composites: [],
  photos: [
    { id: 'p1', imageId: 'ph1', role: 'front' },
    { id: 'p2', imageId: 'ph2', role: 'side' },
  ],
  counts: { likes: 3, comments: 0, saves: 1, views: 10 },
  facts: EMPTY_FACTS,
};

function answer(body: unknown, status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (String(url).includes('get-session')) return jsonResponse(null);
      return jsonResponse(body, status);
    }),
  );
}

const renderItem = () => renderWithProviders(<ItemPage itemId={ID} renderComments={() => <div data-testid="comments-slot" />} />, { route: `/i/${ID}` });

describe('ItemPage', () => {
  beforeEach(() => {
    track.mockReset();
    toasts.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the item with tag links, sets the title and sends item_view once', async () => {
    answer({ access: 'visible', item, owner, viewer });
    renderItem();
    expect(await screen.findByRole('heading', { level: 1, name: 'Tin robot' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '#tin toys' }).getAttribute('href')).toBe('/t/tin%20toys');
    expect(screen.getByRole('link', { name: '@alice' }).getAttribute('href')).toBe('/u/alice');
    expect(screen.getByTestId('comments-slot')).toBeTruthy();
    await waitFor(() => expect(document.title).toContain('Tin robot'));
    expect(track).toHaveBeenCalledTimes(1);
    expect(track).toHaveBeenCalledWith('item_view', { itemId: ID }, expect.any(String));
    expect(screen.queryByTestId('item-edit')).toBeNull();
  });

  it('shows a fact sheet of the facts that are set only, the condition and edition in words, maker, line and character linking to explore', async () => {
    const facts = { ...EMPTY_FACTS, maker: 'Bandai Spirits', character: 'Zaku II', edition: { number: 12, of: 500 }, condition: 'loose' as const };
    answer({ access: 'visible', item: { ...item, facts }, owner, viewer });
    renderItem();
    const sheet = await screen.findByRole('region', { name: 'About this piece' });
    expect([...sheet.querySelectorAll('dt')].map((n) => n.textContent)).toEqual(['Maker', 'Character', 'Edition', 'Condition']);
    expect([...sheet.querySelectorAll('dd')].map((n) => n.textContent)).toEqual(['Bandai Spirits', 'Zaku II', '12 of 500', 'Loose']);
    expect(screen.getByRole('link', { name: 'Bandai Spirits' }).getAttribute('href')).toBe('/explore?maker=Bandai+Spirits');
    expect(screen.getByRole('link', { name: 'Zaku II' }).getAttribute('href')).toBe('/explore?character=Zaku+II');
  });

  it('shows no fact sheet for an item without facts', async () => {
    answer({ access: 'visible', item, owner, viewer });
    renderItem();
    await screen.findByRole('heading', { level: 1, name: 'Tin robot' });
    expect(screen.queryByTestId('item-facts')).toBeNull();
  });

  it('asks a guest to log in to like, and the sign-in comes back to the item', async () => {
    answer({ access: 'visible', item, owner, viewer });
    renderWithProviders(
      <>
        <ItemPage itemId={ID} renderComments={() => <div data-testid="comments-slot" />} />
        <Where />
      </>,
      { route: `/i/${ID}` },
    );
    fireEvent.click(await screen.findByTestId('item-like'));
    expect(toasts).toHaveBeenCalledWith('Please log in to like items', expect.objectContaining({ action: expect.anything() }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(toasts).toHaveBeenCalledWith('Please log in to save items', expect.anything());
    const [, options] = toasts.mock.calls[0] as [string, { action: { onClick: () => void } }];
    act(() => options.action.onClick());
    expect(screen.getByTestId('where').textContent).toBe(`/login?next=${encodeURIComponent(`/i/${ID}`)}`);
  });

  it('gates NSFW items until the viewer confirms being 18 or older', async () => {
    answer({ access: 'visible', item: { ...item, nsfw: true }, owner, viewer });
    renderItem();
    const view = await screen.findByRole('button', { name: 'View content' });
    expect(screen.queryByTestId('comments-slot')).toBeNull();
    expect(screen.queryByTestId('item-photos')).toBeNull();
    expect(view).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'I am 18 years or older' }));
    expect(view).toHaveProperty('disabled', false);
    fireEvent.click(view);
    expect(screen.queryByTestId('nsfw-gate')).toBeNull();
    expect(screen.getByTestId('comments-slot')).toBeTruthy();
    expect(hasNsfwConsent(ID)).toBe(true);
  });

  it('does not gate the owner', async () => {
    answer({ access: 'visible', item: { ...item, nsfw: true }, owner, viewer: { ...viewer, signedIn: true, isOwner: true } });
    renderItem();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByTestId('nsfw-gate')).toBeNull();
    expect(screen.getByTestId('item-edit')).toBeTruthy();
    expect(screen.getByTestId('item-delete')).toBeTruthy();
  });

  it('shows the DMCA banner to an admin with a review link', async () => {
    answer({ access: 'visible', item: { ...item, hidden: true, hiddenSource: 'dmca' }, owner, viewer: { ...viewer, signedIn: true, isAdmin: true } });
    renderItem();
    const banner = await screen.findByTestId('item-hidden-banner');
    expect(banner.textContent).toContain('copyright');
    expect(screen.getByRole('link', { name: 'Review in admin' }).getAttribute('href')).toBe('/mod?tab=dmca');
    expect(screen.getByRole('link', { name: 'Learn more' }).getAttribute('href')).toBe('/dmca');
    expect(track).toHaveBeenCalledTimes(1);
  });

  it('shows the owner of a DMCA takedown the DMCA banner with learn-more and no review link', async () => {
    answer({ access: 'visible', item: { ...item, hidden: true, hiddenSource: 'dmca' }, owner, viewer: { ...viewer, signedIn: true, isOwner: true } });
    renderItem();
    const banner = await screen.findByTestId('item-hidden-banner');
    expect(banner.getAttribute('data-source')).toBe('dmca');
    expect(banner.textContent).toContain('This item is hidden because of a copyright notice');
    expect(banner.textContent).toContain("It was hidden after a copyright (DMCA) notice. Only you and the site's admins can see it.");
    expect(screen.getByRole('link', { name: 'Learn more' }).getAttribute('href')).toBe('/dmca');
    expect(screen.queryByRole('link', { name: 'Review in admin' })).toBeNull();
    expect(screen.queryByTestId('item-review-admin')).toBeNull();
    // The owner still sees and manages the item, and their view counts.
    expect(screen.getByRole('heading', { level: 1, name: 'Tin robot' })).toBeTruthy();
    expect(screen.getByTestId('item-edit')).toBeTruthy();
    expect(track).toHaveBeenCalledTimes(1);
  });

  it('shows the owner of an item hidden otherwise the other banner, learn-more to the terms and no review link', async () => {
    for (const hiddenSource of ['other', null]) {
      answer({ access: 'visible', item: { ...item, hidden: true, hiddenSource }, owner, viewer: { ...viewer, signedIn: true, isOwner: true } });
      const { unmount } = renderItem();
      const banner = await screen.findByTestId('item-hidden-banner');
      expect(banner.getAttribute('data-source')).toBe('other');
      expect(banner.textContent).toContain('This item is hidden from others');
      expect(banner.textContent).toContain("It was hidden by a moderator. Only you and the site's admins can see it.");
      expect(banner.textContent).not.toContain('copyright');
      expect(screen.getByRole('link', { name: 'Learn more' }).getAttribute('href')).toBe('/terms');
      expect(screen.queryByRole('link', { name: 'Review in admin' })).toBeNull();
      unmount();
    }
  });

  it('shows an admin the other banner with a review link to the reports', async () => {
    answer({ access: 'visible', item: { ...item, hidden: true, hiddenSource: 'other' }, owner, viewer: { ...viewer, signedIn: true, isAdmin: true } });
    renderItem();
    expect((await screen.findByTestId('item-hidden-banner')).textContent).toContain('This item is hidden from others');
    expect(screen.getByRole('link', { name: 'Review in admin' }).getAttribute('href')).toBe('/mod');
    expect(screen.getByRole('link', { name: 'Learn more' }).getAttribute('href')).toBe('/terms');
  });

  it('shows no banner on an item that is not hidden, even to its owner', async () => {
    answer({ access: 'visible', item, owner, viewer: { ...viewer, signedIn: true, isOwner: true } });
    renderItem();
    await screen.findByRole('heading', { level: 1, name: 'Tin robot' });
    expect(screen.queryByTestId('item-hidden-banner')).toBeNull();
  });

  it('opens the photo viewer and moves with the arrow keys', async () => {
    answer({ access: 'visible', item, owner, viewer });
    renderItem();
    fireEvent.click(await screen.findByRole('button', { name: /Open photo 2 of 2/ }));
    const dialog = await screen.findByRole('dialog');
    expect(screen.getByTestId('photo-viewer-counter').textContent).toContain('2 / 2');
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(screen.getByTestId('photo-viewer-counter').textContent).toContain('1 / 2');
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(screen.getByTestId('photo-viewer-counter').textContent).toContain('2 / 2');
  });

  it('gives focus back to the photo that opened the viewer when Escape closes it', async () => {
    answer({ access: 'visible', item, owner, viewer });
    renderItem();
    const opener = await screen.findByRole('button', { name: /Open photo 2 of 2/ });
    await userEvent.click(opener);
    await screen.findByRole('dialog');
    await userEvent.keyboard('{ArrowRight}');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('shows the removed page with a link to the owner', async () => {
    answer({ access: 'removed', item: { id: ID, hidden: true, hiddenSource: 'dmca' }, owner, viewer });
    renderItem();
    expect(await screen.findByRole('heading', { name: 'This item has been removed' })).toBeTruthy();
    expect(screen.getByText(/DMCA/)).toBeTruthy();
    expect(screen.getByTestId('item-removed-profile').getAttribute('href')).toBe('/u/alice');
    expect(track).not.toHaveBeenCalled();
  });

  it('shows the private message and "Item not found" for a 404', async () => {
    answer({ access: 'private', item: null, owner: null, viewer });
    const { unmount } = renderItem();
    expect(await screen.findByTestId('item-private')).toBeTruthy();
    unmount();
    answer({ error: { code: 'not_found', message: 'Item not found' } }, 404);
    renderItem();
    expect(await screen.findByRole('heading', { name: 'Item not found' })).toBeTruthy();
  });
});
