import type { Arrangement, ShelfLayout } from '@curio/contract';

const cellKey = (col: number, row: number) => `${col}:${row}`;

/** The first free grid cell scanning row by row, or null when the grid is full. */
export function firstFreeCell(layout: ShelfLayout, placed: readonly Arrangement[]): { col: number; row: number } | null {
  const taken = new Set(placed.filter((a) => !a.overflow).map((a) => cellKey(a.col, a.row)));
  for (let row = 0; row < layout.rows; row++) {
    for (let col = 0; col < layout.cols; col++) if (!taken.has(cellKey(col, row))) return { col, row };
  }
  return null;
}

/** Where a newly saved item goes: the first free cell, or col 0, row 0 in overflow when full. */
export function placement(layout: ShelfLayout, placed: readonly Arrangement[], itemId: string): Arrangement {
  const cell = firstFreeCell(layout, placed);
  return cell ? { itemId, ...cell, overflow: false, zIndex: 0 } : { itemId, col: 0, row: 0, overflow: true, zIndex: 0 };
}

export interface ArrangeableItem {
  id: string;
  tags: readonly string[];
  createdAt: Date | string;
}

/**
 * The auto-arrange proposal: grouped by first tag (alphabetically, untagged last), newest first
 * inside a group, filled row by row; what does not fit goes to overflow in the same order.
 */
export function autoArrange(layout: ShelfLayout, items: readonly ArrangeableItem[]): Arrangement[] {
  const groupOf = (i: ArrangeableItem) => i.tags[0]?.toLocaleLowerCase() ?? null;
  const sorted = [...items].sort((a, b) => {
    const ga = groupOf(a);
    const gb = groupOf(b);
    if (ga !== gb) {
      if (ga === null) return 1;
      if (gb === null) return -1;
      return ga.localeCompare(gb);
    }
    const diff = new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime();
    return diff !== 0 ? diff : a.id.localeCompare(b.id);
  });
  const capacity = layout.cols * layout.rows;
  return sorted.map((item, i) =>
    i < capacity
      ? { itemId: item.id, col: i % layout.cols, row: Math.floor(i / layout.cols), overflow: false, zIndex: 0 }
      : { itemId: item.id, col: 0, row: i - capacity, overflow: true, zIndex: 0 },
  );
}

export type ArrangementProblem =
  | { kind: 'unknown_item'; itemId: string }
  | { kind: 'duplicate_item'; itemId: string }
  | { kind: 'out_of_bounds'; itemId: string }
  | { kind: 'collision'; itemId: string };

/** Checks a full arrangement: own items only, each once, inside the grid, one item per cell. */
export function validateArrangements(layout: ShelfLayout, list: readonly Arrangement[], ownItemIds: ReadonlySet<string>): ArrangementProblem | null {
  const seenItems = new Set<string>();
  const cells = new Set<string>();
  for (const a of list) {
    if (!ownItemIds.has(a.itemId)) return { kind: 'unknown_item', itemId: a.itemId };
    if (seenItems.has(a.itemId)) return { kind: 'duplicate_item', itemId: a.itemId };
    seenItems.add(a.itemId);
    if (a.overflow) continue;
    if (a.col >= layout.cols || a.row >= layout.rows) return { kind: 'out_of_bounds', itemId: a.itemId };
    const key = cellKey(a.col, a.row);
    if (cells.has(key)) return { kind: 'collision', itemId: a.itemId };
    cells.add(key);
  }
  return null;
}

/** After a resize: the items whose cell no longer exists. */
export function outsideLayout(layout: ShelfLayout, list: readonly Arrangement[]): string[] {
  return list.filter((a) => !a.overflow && (a.col >= layout.cols || a.row >= layout.rows)).map((a) => a.itemId);
}

/**
 * Where the items a resize pushed off the grid go: each, in reading order of its old cell, into the first free cell of
 * the new grid, and only when none is left into overflow. A shrink never leaves a cell empty while it sends an item
 * away. Answers the cell (or null for overflow) of every displaced item.
 */
export function relocate(layout: ShelfLayout, list: readonly Arrangement[]): { itemId: string; cell: { col: number; row: number } | null }[] {
  const gone = new Set(outsideLayout(layout, list));
  const displaced = list.filter((a) => gone.has(a.itemId)).sort((a, b) => a.row - b.row || a.col - b.col);
  const placed: Arrangement[] = list.filter((a) => !a.overflow && !gone.has(a.itemId));
  return displaced.map((a) => {
    const cell = firstFreeCell(layout, placed);
    if (cell) placed.push({ itemId: a.itemId, ...cell, overflow: false, zIndex: 0 });
    return { itemId: a.itemId, cell };
  });
}
