import { describe, expect, it } from 'vitest';
import { autoArrange, firstFreeCell, outsideLayout, placement, relocate, validateArrangements } from './shelf-logic';

const at = (itemId: string, col: number, row: number, overflow = false) => ({ itemId, col, row, overflow, zIndex: 0 });

describe('placing a new item', () => {
  it('takes the first free cell scanning row by row', () => {
    const layout = { cols: 3, rows: 2 };
    expect(firstFreeCell(layout, [])).toEqual({ col: 0, row: 0 });
    expect(firstFreeCell(layout, [at('a', 0, 0), at('b', 1, 0)])).toEqual({ col: 2, row: 0 });
    expect(firstFreeCell(layout, [at('a', 0, 0), at('b', 1, 0), at('c', 2, 0)])).toEqual({ col: 0, row: 1 });
  });

  it('ignores overflow entries when looking for a free cell', () => {
    expect(firstFreeCell({ cols: 1, rows: 1 }, [at('a', 0, 0, true)])).toEqual({ col: 0, row: 0 });
  });

  it('goes to col 0, row 0 in overflow when the shelf is full', () => {
    const full = [at('a', 0, 0), at('b', 1, 0)];
    expect(placement({ cols: 2, rows: 1 }, full, 'c')).toEqual(at('c', 0, 0, true));
  });
});

describe('auto-arrange', () => {
  const items = [
    { id: 'robot-old', tags: ['Robots'], createdAt: '2026-01-01' },
    { id: 'plain', tags: [], createdAt: '2026-06-01' },
    { id: 'anime', tags: ['anime', 'robots'], createdAt: '2026-02-01' },
    { id: 'robot-new', tags: ['robots'], createdAt: '2026-03-01' },
  ];

  it('groups by first tag alphabetically, newest first in a group, untagged last, row by row', () => {
    expect(autoArrange({ cols: 3, rows: 2 }, items)).toEqual([at('anime', 0, 0), at('robot-new', 1, 0), at('robot-old', 2, 0), at('plain', 0, 1)]);
  });

  it('sends what does not fit to overflow, in order', () => {
    expect(autoArrange({ cols: 1, rows: 2 }, items)).toEqual([at('anime', 0, 0), at('robot-new', 0, 1), at('robot-old', 0, 0, true), at('plain', 0, 1, true)]);
  });
});

describe('validating an arrangement', () => {
  const layout = { cols: 2, rows: 2 };
  const own = new Set(['a', 'b', 'c']);
  it('accepts a valid arrangement with overflow entries', () => {
    expect(validateArrangements(layout, [at('a', 0, 0), at('b', 1, 1), at('c', 5, 5, true)], own)).toBeNull();
  });
  it('refuses foreign items, duplicates, out-of-bounds cells and collisions', () => {
    expect(validateArrangements(layout, [at('x', 0, 0)], own)).toEqual({ kind: 'unknown_item', itemId: 'x' });
    expect(validateArrangements(layout, [at('a', 0, 0), at('a', 1, 0)], own)).toEqual({ kind: 'duplicate_item', itemId: 'a' });
    expect(validateArrangements(layout, [at('a', 2, 0)], own)).toEqual({ kind: 'out_of_bounds', itemId: 'a' });
    expect(validateArrangements(layout, [at('a', 1, 1), at('b', 1, 1)], own)).toEqual({ kind: 'collision', itemId: 'b' });
  });
});

describe('resizing', () => {
  it('lists the placed items whose cell is gone', () => {
    expect(outsideLayout({ cols: 2, rows: 1 }, [at('a', 0, 0), at('b', 2, 0), at('c', 0, 1), at('d', 3, 3, true)])).toEqual(['b', 'c']);
  });
});

describe('relocate (a resize)', () => {
  const at = (itemId: string, col: number, row: number, overflow = false) => ({ itemId, col, row, overflow, zIndex: 0 });
  it('puts the items a shrink pushes off into the free cells left, in reading order, and only the rest in overflow', () => {
    // 3 x 2 with (1, 0) and (2, 1) free; shrunk to 3 x 1: C and D are pushed off, C takes (1, 0), D has no cell.
    const list = [at('a', 0, 0), at('b', 2, 0), at('d', 1, 1), at('c', 0, 1), at('z', 0, 0, true)];
    expect(relocate({ cols: 3, rows: 1 }, list)).toEqual([
      { itemId: 'c', cell: { col: 1, row: 0 } },
      { itemId: 'd', cell: null },
    ]);
  });
  it('moves nothing when every item still has its cell', () => {
    expect(relocate({ cols: 4, rows: 4 }, [at('a', 3, 3), at('b', 0, 0, true)])).toEqual([]);
  });
});
