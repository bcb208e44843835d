import type { Arrangement } from '@curio/contract';
import { describe, expect, it } from 'vitest';
import {
  firstFreeCell,
  freeCellCount,
  gridArrangements,
  itemsOutside,
  nextFreeCell,
  occupancy,
  overflowItems,
  stepFocus,
  withMove,
  withOverflowPlaced,
  type ShelfItem,
} from './grid';

const layout = { cols: 4, rows: 3 };
const arr = (itemId: string, col: number, row: number, overflow = false): Arrangement => ({ itemId, col, row, overflow, zIndex: 0 });
const item = (id: string, createdAt = '2024-01-01T00:00:00Z'): ShelfItem => ({
  id,
  title: id,
  tags: [],
  imageId: `img-${id}`,
  altText: null,
  chosenCompositeId: null,
  createdAt,
});

describe('stepFocus', () => {
  it('moves one cell and stays inside the grid', () => {
    expect(stepFocus({ col: 1, row: 1 }, 'right', layout)).toEqual({ col: 2, row: 1 });
    expect(stepFocus({ col: 0, row: 0 }, 'left', layout)).toEqual({ col: 0, row: 0 });
    expect(stepFocus({ col: 0, row: 0 }, 'up', layout)).toEqual({ col: 0, row: 0 });
    expect(stepFocus({ col: 3, row: 2 }, 'down', layout)).toEqual({ col: 3, row: 2 });
    expect(stepFocus({ col: 3, row: 2 }, 'right', layout)).toEqual({ col: 3, row: 2 });
  });
});

describe('nextFreeCell', () => {
  const occupied = new Set(['1,0', '2,0', '0,1']);
  const isFree = (c: { col: number; row: number }) => !occupied.has(`${c.col},${c.row}`);

  it('skips occupied cells in the direction', () => {
    expect(nextFreeCell({ col: 0, row: 0 }, 'right', layout, isFree)).toEqual({ col: 3, row: 0 });
    expect(nextFreeCell({ col: 0, row: 0 }, 'down', layout, isFree)).toEqual({ col: 0, row: 2 });
  });

  it('returns the neighbour when it is free', () => {
    expect(nextFreeCell({ col: 3, row: 0 }, 'down', layout, isFree)).toEqual({ col: 3, row: 1 });
  });

  it('returns null at the edge or when only occupied cells remain', () => {
    expect(nextFreeCell({ col: 3, row: 0 }, 'right', layout, isFree)).toBeNull();
    expect(nextFreeCell({ col: 3, row: 0 }, 'up', layout, isFree)).toBeNull();
    expect(nextFreeCell({ col: 3, row: 0 }, 'left', layout, (c) => c.col === 3)).toBeNull();
  });
});

describe('occupancy and firstFreeCell', () => {
  it('maps only grid arrangements (overflow false, inside the layout)', () => {
    const map = occupancy([arr('a', 0, 0), arr('b', 1, 0, true), arr('c', 9, 9), arr('d', 3, 2)], layout);
    expect([...map.entries()]).toEqual([
      [0, 'a'],
      [11, 'd'],
    ]);
    expect(gridArrangements([arr('b', 1, 0, true)], layout)).toEqual([]);
  });

  it('scans row by row for the first free cell', () => {
    expect(firstFreeCell(layout, occupancy([arr('a', 0, 0), arr('b', 1, 0)], layout))).toEqual({ col: 2, row: 0 });
    const full = Array.from({ length: 12 }, (_, i) => arr(`i${i}`, i % 4, Math.floor(i / 4)));
    expect(firstFreeCell(layout, occupancy(full, layout))).toBeNull();
  });
});

describe('overflowItems', () => {
  it('lists overflow items sorted by row, then column, then age; unarranged last', () => {
    const items = [item('grid'), item('o3'), item('o1'), item('none'), item('o2b', '2024-02-01T00:00:00Z'), item('o2a')];
    const arrangements = [arr('grid', 0, 0), arr('o3', 0, 3, true), arr('o1', 0, 1, true), arr('o2b', 0, 2, true), arr('o2a', 0, 2, true)];
    expect(overflowItems(items, arrangements, layout).map((i) => i.id)).toEqual(['o1', 'o2a', 'o2b', 'o3', 'none']);
  });

  it('treats an arrangement outside the grid as overflow', () => {
    expect(overflowItems([item('x')], [arr('x', 8, 0)], layout).map((i) => i.id)).toEqual(['x']);
  });
});

describe('withMove and itemsOutside', () => {
  it('replaces the item arrangement with a grid placement', () => {
    expect(withMove([arr('a', 0, 0), arr('b', 1, 0)], 'a', { col: 2, row: 1 })).toEqual([arr('b', 1, 0), arr('a', 2, 1)]);
    expect(withMove([arr('a', 0, 4, true)], 'a', { col: 0, row: 0 })).toEqual([arr('a', 0, 0)]);
  });

  it('counts grid items that a smaller layout would push to overflow', () => {
    const list = [arr('a', 0, 0), arr('b', 3, 0), arr('c', 0, 2), arr('d', 0, 5, true)];
    expect(itemsOutside(list, layout, { cols: 3, rows: 2 })).toBe(2);
    expect(itemsOutside(list, layout, { cols: 6, rows: 6 })).toBe(0);
  });
});

describe('withOverflowPlaced', () => {
  it('brings overflow items back into free cells row by row, keeping placed items, until the grid is full', () => {
    const small = { cols: 2, rows: 2 };
    const current = [arr('a', 1, 0), arr('b', 0, 0, true), arr('c', 0, 0, true), arr('d', 0, 0, true)];
    const { arrangements, placed } = withOverflowPlaced(current, [item('b'), item('c'), item('d')], small);
    expect(placed).toBe(3);
    const at = (id: string) => arrangements.find((a) => a.itemId === id);
    expect(at('a')).toMatchObject({ col: 1, row: 0, overflow: false });
    expect(at('b')).toMatchObject({ col: 0, row: 0, overflow: false });
    expect(at('c')).toMatchObject({ col: 0, row: 1, overflow: false });
    expect(at('d')).toMatchObject({ col: 1, row: 1, overflow: false });
    expect(freeCellCount(small, occupancy(arrangements, small))).toBe(0);
  });

  it('leaves the rest in overflow when the grid fills up', () => {
    const tiny = { cols: 1, rows: 1 };
    const { arrangements, placed } = withOverflowPlaced([arr('b', 0, 0, true), arr('c', 0, 0, true)], [item('b'), item('c')], tiny);
    expect(placed).toBe(1);
    expect(arrangements.find((a) => a.itemId === 'c')).toMatchObject({ overflow: true });
  });
});
