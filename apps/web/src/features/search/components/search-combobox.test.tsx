import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { createTestQueryClient, jsonResponse } from '@/testing/test-utils';
import { moveActive } from '../utils/suggestions';
import { SearchCombobox } from './search-combobox';

const answer = {
  items: [
    {
      itemId: '00000000-0000-4000-8000-000000000001',
      title: 'Gundam RX-78',
      imageUrl: '/img/abc/thumb',
      nsfw: false,
      likeCount: 0,
      commentCount: 0,
      saveCount: 0,
      user: { handle: 'model_maker', avatarImageId: null },
    },
  ],
  people: [{ id: 'u1', handle: 'gundam_fan', displayName: 'Gundam Fan', avatarImageId: null, followersCount: 3, viewerFollows: false }],
  tags: [{ tag: 'gundam', count: 12 }],
  nextCursor: null,
};

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

function renderBox() {
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter initialEntries={['/']}>
        <SearchCombobox variant="header" />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole<HTMLInputElement>('combobox');
}
const where = () => screen.getByTestId('where').textContent;
const options = () => screen.queryAllByRole('option');
const activeId = (box: HTMLElement) => box.getAttribute('aria-activedescendant');

describe('SearchCombobox', () => {
  let fetchMock: Mock<(url: string) => Promise<Response>>;
  beforeEach(() => {
    fetchMock = vi.fn(async () => jsonResponse(answer));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks once typing pauses and lists people, tags, items and all results, collapsed until then', async () => {
    const box = renderBox();
    expect(box.getAttribute('aria-expanded')).toBe('false');
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'g' } });
    fireEvent.change(box, { target: { value: 'gun' } });
    await waitFor(() => expect(options()).toHaveLength(4));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toContain('q=gun');
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
    expect(options().map((o) => o.dataset.kind)).toEqual(['person', 'tag', 'item', 'all']);
    expect(options()[3]!.textContent).toContain('All results for “gun”');
  });

  it('moves the active option with the arrows (wrapping) and opens it with Enter', async () => {
    const box = renderBox();
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'gundam' } });
    await waitFor(() => expect(options()).toHaveLength(4));
    expect(activeId(box)).toBeNull();
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(activeId(box)).toBe(options()[0]!.id);
    expect(options()[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(activeId(box)).toBe(options()[3]!.id);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(activeId(box)).toBe(options()[1]!.id);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(where()).toBe('/t/gundam');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.value).toBe('');
  });

  it('goes to the results page on Enter with no active option', async () => {
    const box = renderBox();
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: '高达 模型' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(where()).toBe(`/search?q=${encodeURIComponent('高达 模型').replace(/%20/g, '+')}`);
  });

  it('closes on Escape, then clears the field on a second Escape', async () => {
    const box = renderBox();
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'gundam' } });
    await waitFor(() => expect(options()).toHaveLength(4));
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(options()).toHaveLength(0);
    expect(activeId(box)).toBeNull();
    expect(box.value).toBe('gundam');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(box, { key: 'Escape' });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box.value).toBe('');
  });

  it('says when nothing matches and when suggestions fail', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ items: [], people: [], tags: [], nextCursor: null }));
    const box = renderBox();
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'zzz' } });
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('No quick matches for “zzz”'), { timeout: 3000 });
    expect(options().map((o) => o.dataset.kind)).toEqual(['all']);
    fetchMock.mockImplementation(async () => jsonResponse({ error: { code: 'internal_error', message: 'boom' } }, 500));
    fireEvent.change(box, { target: { value: 'yyy' } });
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Suggestions failed to load'));
  });
});

describe('moveActive', () => {
  it('wraps both ways and starts from the ends', () => {
    expect(moveActive(-1, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(2, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(-1, 3, 'ArrowUp')).toBe(2);
    expect(moveActive(0, 3, 'ArrowUp')).toBe(2);
    expect(moveActive(0, 0, 'ArrowDown')).toBe(-1);
  });
});
