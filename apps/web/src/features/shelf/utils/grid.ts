import type { Arrangement, ShelfGetResult, ShelfLayout } from '@curio/contract';

export type Cell = { col: number; row: number };
export type Direction = 'up' | 'down' | 'left' | 'right';
export type ShelfItem = ShelfGetResult['items'][number];

const DELTAS: Record<Direction, Cell> = {
  up: { col: 0, row: -1 },
  down: { col: 0, row: 1 },
  left: { col: -1, row: 0 },
  right: { col: 1, row: 0 },
};

/** Grid cell index = row * cols + col (spec §3). */
export function cellIndex(cell: Cell, layout: ShelfLayout): number {
  return cell.row * layout.cols + cell.col;
}

export function sameCell(a: Cell | null | undefined, b: Cell | null | undefined): boolean {
  return !!a && !!b && a.col === b.col && a.row === b.row;
}

export function inGrid(cell: Cell, layout: ShelfLayout): boolean {
  return cell.col >= 0 && cell.row >= 0 && cell.col < layout.cols && cell.row < layout.rows;
}

export function clampCell(cell: Cell, layout: ShelfLayout): Cell {
  return {
    col: Math.min(Math.max(cell.col, 0), Math.max(layout.cols - 1, 0)),
    row: Math.min(Math.max(cell.row, 0), Math.max(layout.rows - 1, 0)),
  };
}

/** The arrangements that are drawn in the grid: overflow false and inside the layout. */
export function gridArrangements(arrangements: readonly Arrangement[], layout: ShelfLayout): Arrangement[] {
  return arrangements.filter((a) => !a.overflow && inGrid(a, layout));
}

/** Cell index → item id, for the cells that hold an item. */
export function occupancy(arrangements: readonly Arrangement[], layout: ShelfLayout): Map<number, string> {
  const map = new Map<number, string>();
  for (const a of gridArrangements(arrangements, layout)) {
    if (!map.has(cellIndex(a, layout))) map.set(cellIndex(a, layout), a.itemId);
  }
  return map;
}

/** One step in a direction, staying inside the grid (no wrapping). */
export function stepFocus(from: Cell, direction: Direction, layout: ShelfLayout): Cell {
  const d = DELTAS[direction];
  return clampCell({ col: from.col + d.col, row: from.row + d.row }, layout);
}

/**
 * While carrying: the next free cell from `from` in `direction`, skipping occupied cells. The carried item's
 * own cell counts as free. `null` when there is none before the edge of the grid.
 */
export function nextFreeCell(from: Cell, direction: Direction, layout: ShelfLayout, isFree: (cell: Cell) => boolean): Cell | null {
  const d = DELTAS[direction];
  let cell = { col: from.col + d.col, row: from.row + d.row };
  while (inGrid(cell, layout)) {
    if (isFree(cell)) return cell;
    cell = { col: cell.col + d.col, row: cell.row + d.row };
  }
  return null;
}

/** The first free cell scanning row by row (as items-place does), or null when the grid is full. */
export function firstFreeCell(layout: ShelfLayout, occupied: ReadonlyMap<number, string>): Cell | null {
  for (let row = 0; row < layout.rows; row++) {
    for (let col = 0; col < layout.cols; col++) {
      if (!occupied.has(row * layout.cols + col)) return { col, row };
    }
  }
  return null;
}

/**
 * The overflow list: items whose arrangement is overflow (or lies outside the grid), sorted by row, then
 * column, then age. Items without any arrangement come last.
 */
export function overflowItems(items: readonly ShelfItem[], arrangements: readonly Arrangement[], layout: ShelfLayout): ShelfItem[] {
  const byItem = new Map(arrangements.map((a) => [a.itemId, a]));
  const rank = (item: ShelfItem) => byItem.get(item.id);
  return items
    .filter((item) => {
      const a = rank(item);
      return !a || a.overflow || !inGrid(a, layout);
    })
    .sort((x, y) => {
      const a = rank(x);
      const b = rank(y);
      if (!a || !b) return (a ? 0 : 1) - (b ? 0 : 1) || x.createdAt.localeCompare(y.createdAt);
      return a.row - b.row || a.col - b.col || x.createdAt.localeCompare(y.createdAt);
    });
}

/** Replaces one item's arrangement with a grid placement (what shelf-move stores: overflow false, z 0). */
export function withMove(arrangements: readonly Arrangement[], itemId: string, to: Cell): Arrangement[] {
  const next = arrangements.filter((a) => a.itemId !== itemId);
  next.push({ itemId, col: to.col, row: to.row, overflow: false, zIndex: 0 });
  return next;
}

/** How many grid items would no longer fit a new layout (they go to overflow on resize). */
export function itemsOutside(arrangements: readonly Arrangement[], current: ShelfLayout, next: ShelfLayout): number {
  return gridArrangements(arrangements, current).filter((a) => !inGrid(a, next)).length;
}

/**
 * The arrangements with overflow items brought back: each item of `overflow` (in its order) takes the
 * next free cell, row by row, until the grid is full. Items already on the grid keep their cells.
 */
export function withOverflowPlaced(
  arrangements: readonly Arrangement[],
  overflow: readonly ShelfItem[],
  layout: ShelfLayout,
): { arrangements: Arrangement[]; placed: number } {
  const occupied = new Map(occupancy(arrangements, layout));
  let next = [...arrangements];
  let placed = 0;
  for (const item of overflow) {
    const cell = firstFreeCell(layout, occupied);
    if (!cell) break;
    occupied.set(cellIndex(cell, layout), item.id);
    next = withMove(next, item.id, cell);
    placed++;
  }
  return { arrangements: next, placed };
}

/** How many cells of the grid hold no item. */
export function freeCellCount(layout: ShelfLayout, occupied: ReadonlyMap<number, string>): number {
  return layout.cols * layout.rows - occupied.size;
}
