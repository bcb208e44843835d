import type { ShelfGetResult } from '@curio/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shelfKeys } from '@/lib/query-keys';
import { createTestQueryClient, jsonResponse } from '@/testing/test-utils';
import { pointerOrNearestCell, ShelfBoard } from './shelf-board';

const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast: toasts }));
vi.mock('@/lib/analytics', () => ({ track: vi.fn() }));

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';
const item = (id: string, title: string) => ({
  id,
  title,
  tags: [],
  imageId: `img-${title}`,
  altText: null,
  chosenCompositeId: null,
  createdAt: '2024-01-01T00:00:00Z',
});

const shelf: ShelfGetResult = {
  shelf: { id: '00000000-0000-4000-8000-000000000001', layout: { cols: 3, rows: 2 } },
  items: [item(A, 'Robot'), item(B, 'Camera'), item(C, 'Vinyl')],
  arrangements: [
    { itemId: A, col: 0, row: 0, overflow: false, zIndex: 0 },
    { itemId: B, col: 1, row: 0, overflow: false, zIndex: 0 },
    { itemId: C, col: 0, row: 4, overflow: true, zIndex: 0 },
  ],
};

const onBringBack = vi.fn();

function renderBoard(editMode = true) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(shelfKeys.mine(), shelf);
  // Re-renders from the cache, as the route does through useShelf.
  const board = function Board() {
    const data = useSyncExternalStore(
      (onChange) => queryClient.getQueryCache().subscribe(onChange),
      () => queryClient.getQueryData<ShelfGetResult>(shelfKeys.mine())!,
    );
    return (
      <QueryClientProvider client={queryClient}>
        <ShelfBoard shelf={data} editMode={editMode} onBringBack={onBringBack} bringBackPending={false} />
      </QueryClientProvider>
    );
  };
  const router = createMemoryRouter(
    [
      { path: '/me/shelf', Component: board },
      { path: '/i/:id', Component: () => <p data-testid="item-page">item</p> },
    ],
    { initialEntries: ['/me/shelf'] },
  );
  render(<RouterProvider router={router} />);
  return { queryClient, router };
}

const cell = (col: number, row: number) => document.querySelector<HTMLElement>(`[data-testid=shelf-cell][data-col="${col}"][data-row="${row}"]`)!;
const live = () => screen.getByTestId('shelf-live-region').textContent;
const press = (key: string) => fireEvent.keyDown(document.activeElement!, { key });

describe('ShelfBoard', () => {
  beforeEach(() => {
    onBringBack.mockReset();
    toasts.success.mockReset();
    toasts.error.mockReset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('is a grid with one tabbable cell; arrows move focus', () => {
    renderBoard(false);
    expect(screen.getByRole('grid')).toBeTruthy();
    expect(screen.getAllByRole('gridcell')).toHaveLength(6);
    expect(document.querySelectorAll('[role=gridcell][tabindex="0"]')).toHaveLength(1);
    act(() => cell(0, 0).focus());
    press('ArrowDown');
    expect(document.activeElement).toBe(cell(0, 1));
    expect(cell(0, 1).tabIndex).toBe(0);
    expect(cell(0, 0).tabIndex).toBe(-1);
  });

  it('lists overflow items in the side panel', () => {
    renderBoard();
    const panel = screen.getByRole('complementary', { name: 'Overflow' });
    expect(panel.textContent).toContain('Vinyl');
    expect(screen.getAllByTestId('overflow-item')).toHaveLength(1);
  });

  it('picks up, carries over occupied cells, drops with Enter and moves the item', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ arrangement: { itemId: A, col: 2, row: 0, overflow: false, zIndex: 0 } }));
    vi.stubGlobal('fetch', fetchMock);
    renderBoard();
    act(() => cell(0, 0).focus());
    press(' ');
    expect(live()).toBe('Picked up Robot at row 1, column 1');
    press('ArrowRight');
    expect(live()).toBe('Moved to row 1, column 3');
    expect(document.activeElement).toBe(cell(2, 0));
    await act(async () => press('Enter'));
    expect(live()).toBe('Dropped Robot at row 1, column 3');
    expect(document.activeElement).toBe(cell(2, 0));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/functions/v1/shelf-move');
    expect(JSON.parse(init.body as string)).toEqual({ itemId: A, col: 2, row: 0 });
    expect(cell(2, 0).dataset.itemId).toBe(A);
    expect(toasts.success).toHaveBeenCalledWith('Item moved');
  });

  it('reverts and says so when the move fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ error: { code: 'internal_error', message: 'boom' } }, 500)),
    );
    renderBoard();
    act(() => cell(0, 0).focus());
    press(' ');
    press('ArrowDown');
    await act(async () => press('Enter'));
    await vi.waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Failed to move item'));
    expect(live()).toBe('Failed to move item');
    expect(cell(0, 0).dataset.itemId).toBe(A);
    expect(cell(0, 1).dataset.itemId).toBeUndefined();
  });

  it('cancels with Escape, returns focus to the origin and clears the announcement after 1 s', () => {
    renderBoard();
    act(() => cell(1, 0).focus());
    press(' ');
    press('ArrowDown');
    expect(document.activeElement).toBe(cell(1, 1));
    vi.useFakeTimers();
    press('Escape');
    expect(live()).toBe('Cancelled');
    expect(document.activeElement).toBe(cell(1, 0));
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(live()).toBe('');
  });

  it('does not pick up outside edit mode', () => {
    renderBoard(false);
    act(() => cell(0, 0).focus());
    press(' ');
    expect(live()).toBe('');
    expect(screen.getByRole('grid').dataset.carrying).toBeUndefined();
  });

  it('opens an item page with Enter on its cell in view mode, and by click on the item', () => {
    const { router } = renderBoard(false);
    act(() => cell(0, 0).focus());
    press('Enter');
    expect(router.state.location.pathname).toBe(`/i/${A}`);
  });

  it('in view mode an item is a link to its page; in edit mode it has an Open link and Enter without a carry opens it', () => {
    renderBoard(false);
    const link = cell(1, 0).querySelector('a');
    expect(link?.getAttribute('href')).toBe(`/i/${B}`);
  });

  it('opens with Enter in edit mode when nothing is carried', () => {
    const { router } = renderBoard(true);
    expect(cell(0, 0).querySelector('[data-testid=shelf-item-open]')?.getAttribute('href')).toBe(`/i/${A}`);
    act(() => cell(0, 0).focus());
    press('Enter');
    expect(router.state.location.pathname).toBe(`/i/${A}`);
  });

  it('offers to bring overflow items back when the grid has room', () => {
    renderBoard(false);
    expect(screen.getByTestId('overflow-bring-back').textContent).toContain('Bring 1 item back onto the shelf?');
    fireEvent.click(screen.getByTestId('overflow-bring-back-action'));
    expect(onBringBack).toHaveBeenCalledWith([expect.objectContaining({ id: C })]);
  });
});

describe('where a pointer drop lands', () => {
  // Two cells of one column, 100 × 125, with a 40 px plank between them.
  const rects = new Map([
    ['c-0-0', { top: 0, left: 0, width: 100, height: 125, bottom: 125, right: 100 }],
    ['c-0-1', { top: 165, left: 0, width: 100, height: 125, bottom: 290, right: 100 }],
  ]);
  const containers = [...rects.keys()].map((id) => ({
    id,
    data: { current: undefined },
    disabled: false,
    node: { current: null },
    rect: { current: rects.get(id)! },
  }));
  const over = (x: number, y: number) =>
    pointerOrNearestCell({
      active: { id: 'a', data: { current: undefined }, rect: { current: { initial: null, translated: null } } },
      collisionRect: { top: y, left: x, width: 1, height: 1, bottom: y + 1, right: x + 1 },
      droppableRects: rects,
      droppableContainers: containers,
      pointerCoordinates: { x, y },
    } as unknown as Parameters<typeof pointerOrNearestCell>[0]).map((c) => c.id);

  it('is the cell under the pointer', () => {
    expect(over(50, 200)).toEqual(['c-0-1']);
  });

  it('on the plank between two rows, is the nearer cell instead of nothing', () => {
    expect(over(50, 135)).toEqual(['c-0-0']);
    expect(over(50, 158)).toEqual(['c-0-1']);
  });

  it('is nothing far from every cell (the drop is cancelled)', () => {
    expect(over(50, 400)).toEqual([]);
    expect(over(200, 60)).toEqual([]);
  });
});
