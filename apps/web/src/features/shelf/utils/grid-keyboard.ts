import type { ShelfLayout } from '@curio/contract';
import { nextFreeCell, sameCell, stepFocus, type Cell, type Direction } from './grid';

/** An item picked up with the keyboard: where it came from, to return focus there on cancel. */
export type Carrying = { itemId: string; title: string; origin: Cell };
export type GridKeyState = { focus: Cell; carrying: Carrying | null };

export type Announcement =
  | { key: 'pickedUp'; title: string; row: number; col: number }
  | { key: 'movedTo'; row: number; col: number }
  | { key: 'dropped'; title: string; row: number; col: number }
  | { key: 'cellOccupied' }
  | { key: 'cancelled' };

export type GridKeyResult = {
  state: GridKeyState;
  /** True when the key belongs to the grid (the caller prevents the default action). */
  handled: boolean;
  announce?: Announcement;
  /** A drop onto another free cell: the caller moves the item. */
  move?: { itemId: string; from: Cell; to: Cell };
};

export type GridKeyContext = {
  layout: ShelfLayout;
  editMode: boolean;
  /** The item in a cell (by index), with its title. */
  itemAt: (cell: Cell) => { id: string; title: string } | null;
};

const ARROWS: Record<string, Direction> = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };

/** Rows and columns are announced 1-based. */
const at = (cell: Cell) => ({ row: cell.row + 1, col: cell.col + 1 });

/**
 * The shelf grid's keyboard model (spec §4 "Shelf editing"), as a pure function:
 * arrows move focus; Space picks up the focused item (or cancels a carry); arrows while carrying skip
 * occupied cells to the next free one and stay inside the grid; Enter drops onto a free cell or the
 * item's own cell; Escape cancels and returns focus to the origin. Picking up needs edit mode.
 */
export function handleGridKey(state: GridKeyState, key: string, ctx: GridKeyContext, modifiers: { ctrl?: boolean } = {}): GridKeyResult {
  const { layout } = ctx;
  const { focus, carrying } = state;
  const unhandled: GridKeyResult = { state, handled: false };
  const cancel = (): GridKeyResult =>
    carrying ? { state: { focus: carrying.origin, carrying: null }, handled: true, announce: { key: 'cancelled' } } : unhandled;

  const direction = ARROWS[key];
  if (direction) {
    if (!carrying) return { state: { focus: stepFocus(focus, direction, layout), carrying }, handled: true };
    const isFree = (cell: Cell) => sameCell(cell, carrying.origin) || !ctx.itemAt(cell);
    const next = nextFreeCell(focus, direction, layout, isFree);
    if (!next) {
      // Only occupied cells lie that way (at the very edge there is nothing to say).
      const blocked = !sameCell(stepFocus(focus, direction, layout), focus);
      return { state, handled: true, announce: blocked ? { key: 'cellOccupied' } : undefined };
    }
    return { state: { focus: next, carrying }, handled: true, announce: { key: 'movedTo', ...at(next) } };
  }

  if (!carrying && (key === 'Home' || key === 'End')) {
    const first = key === 'Home';
    const row = modifiers.ctrl ? (first ? 0 : layout.rows - 1) : focus.row;
    return { state: { focus: { row, col: first ? 0 : layout.cols - 1 }, carrying }, handled: true };
  }

  if (key === ' ' || key === 'Spacebar') {
    if (carrying) return cancel();
    const item = ctx.editMode ? ctx.itemAt(focus) : null;
    if (!item) return { state, handled: ctx.editMode };
    return {
      state: { focus, carrying: { itemId: item.id, title: item.title, origin: focus } },
      handled: true,
      announce: { key: 'pickedUp', title: item.title, ...at(focus) },
    };
  }

  if (key === 'Enter') {
    if (!carrying) return unhandled;
    const own = sameCell(focus, carrying.origin);
    const occupant = ctx.itemAt(focus);
    if (!own && occupant) return { state, handled: true, announce: { key: 'cellOccupied' } };
    return {
      state: { focus, carrying: null },
      handled: true,
      announce: { key: 'dropped', title: carrying.title, ...at(focus) },
      move: own ? undefined : { itemId: carrying.itemId, from: carrying.origin, to: focus },
    };
  }

  if (key === 'Escape') return cancel();

  return unhandled;
}
