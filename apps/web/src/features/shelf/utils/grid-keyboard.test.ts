import { describe, expect, it } from 'vitest';
import type { Cell } from './grid';
import { handleGridKey, type GridKeyContext, type GridKeyState } from './grid-keyboard';

// 4 × 3 grid; A at (0,0), B at (1,0), C at (2,0), D at (1,1).
const items: Record<string, { id: string; title: string }> = {
  '0,0': { id: 'a', title: 'Robot' },
  '1,0': { id: 'b', title: 'Camera' },
  '2,0': { id: 'c', title: 'Vinyl' },
  '1,1': { id: 'd', title: 'Dino' },
};
const ctx = (editMode = true): GridKeyContext => ({
  layout: { cols: 4, rows: 3 },
  editMode,
  itemAt: (cell: Cell) => items[`${cell.col},${cell.row}`] ?? null,
});
const idle = (col: number, row: number): GridKeyState => ({ focus: { col, row }, carrying: null });
const carrying = (col: number, row: number, origin: Cell = { col: 0, row: 0 }): GridKeyState => ({
  focus: { col, row },
  carrying: { itemId: 'a', title: 'Robot', origin },
});

describe('handleGridKey: moving focus', () => {
  it('moves focus with the arrows, inside the grid, in view mode too', () => {
    expect(handleGridKey(idle(0, 0), 'ArrowRight', ctx(false))).toMatchObject({ handled: true, state: idle(1, 0) });
    expect(handleGridKey(idle(0, 0), 'ArrowLeft', ctx()).state).toEqual(idle(0, 0));
    expect(handleGridKey(idle(3, 2), 'ArrowDown', ctx()).state).toEqual(idle(3, 2));
    expect(handleGridKey(idle(1, 1), 'ArrowUp', ctx()).announce).toBeUndefined();
  });

  it('goes to the row ends with Home and End, and the grid corners with Ctrl', () => {
    expect(handleGridKey(idle(2, 1), 'Home', ctx()).state).toEqual(idle(0, 1));
    expect(handleGridKey(idle(0, 1), 'End', ctx()).state).toEqual(idle(3, 1));
    expect(handleGridKey(idle(2, 1), 'End', ctx(), { ctrl: true }).state).toEqual(idle(3, 2));
    expect(handleGridKey(idle(2, 1), 'Home', ctx(), { ctrl: true }).state).toEqual(idle(0, 0));
  });

  it('leaves other keys alone', () => {
    expect(handleGridKey(idle(0, 0), 'a', ctx()).handled).toBe(false);
    expect(handleGridKey(idle(0, 0), 'Escape', ctx()).handled).toBe(false);
    expect(handleGridKey(idle(0, 0), 'Enter', ctx()).handled).toBe(false);
  });
});

describe('handleGridKey: picking up', () => {
  it('picks up the focused item with Space in edit mode (1-based announcement)', () => {
    const result = handleGridKey(idle(1, 1), ' ', ctx());
    expect(result.state.carrying).toEqual({ itemId: 'd', title: 'Dino', origin: { col: 1, row: 1 } });
    expect(result.announce).toEqual({ key: 'pickedUp', title: 'Dino', row: 2, col: 2 });
  });

  it('does nothing on an empty cell or outside edit mode', () => {
    expect(handleGridKey(idle(3, 2), ' ', ctx()).state.carrying).toBeNull();
    const view = handleGridKey(idle(0, 0), ' ', ctx(false));
    expect(view.state.carrying).toBeNull();
    expect(view.handled).toBe(false);
  });

  it('cancels with Space when an item is already picked up', () => {
    const result = handleGridKey(carrying(3, 0), ' ', ctx());
    expect(result.state).toEqual(idle(0, 0));
    expect(result.announce).toEqual({ key: 'cancelled' });
  });
});

describe('handleGridKey: carrying', () => {
  it('skips occupied cells to the next free one', () => {
    const result = handleGridKey(carrying(0, 0), 'ArrowRight', ctx());
    expect(result.state.focus).toEqual({ col: 3, row: 0 });
    expect(result.announce).toEqual({ key: 'movedTo', row: 1, col: 4 });
  });

  it('counts the origin cell as free', () => {
    expect(handleGridKey(carrying(0, 1), 'ArrowUp', ctx()).state.focus).toEqual({ col: 0, row: 0 });
  });

  it('stays inside the grid at the edge, silently', () => {
    const result = handleGridKey(carrying(3, 0), 'ArrowRight', ctx());
    expect(result.state.focus).toEqual({ col: 3, row: 0 });
    expect(result.announce).toBeUndefined();
    expect(result.handled).toBe(true);
  });

  it('says the cell is occupied when only occupied cells lie in that direction', () => {
    const result = handleGridKey(carrying(1, 2, { col: 3, row: 2 }), 'ArrowUp', { ...ctx(), itemAt: (c) => (c.col === 1 ? { id: 'x', title: 'X' } : null) });
    expect(result.state.focus).toEqual({ col: 1, row: 2 });
    expect(result.announce).toEqual({ key: 'cellOccupied' });
  });

  it('drops on a free cell with Enter and asks for the move; focus stays on the target', () => {
    const result = handleGridKey(carrying(3, 2), 'Enter', ctx());
    expect(result.state).toEqual(idle(3, 2));
    expect(result.announce).toEqual({ key: 'dropped', title: 'Robot', row: 3, col: 4 });
    expect(result.move).toEqual({ itemId: 'a', from: { col: 0, row: 0 }, to: { col: 3, row: 2 } });
  });

  it('drops on its own cell without a move', () => {
    const result = handleGridKey(carrying(0, 0), 'Enter', ctx());
    expect(result.state).toEqual(idle(0, 0));
    expect(result.move).toBeUndefined();
    expect(result.announce).toMatchObject({ key: 'dropped', row: 1, col: 1 });
  });

  it('refuses to drop on an occupied cell', () => {
    const state = carrying(1, 0);
    const result = handleGridKey(state, 'Enter', ctx());
    expect(result.state).toEqual(state);
    expect(result.announce).toEqual({ key: 'cellOccupied' });
    expect(result.move).toBeUndefined();
  });

  it('cancels with Escape and returns focus to the origin', () => {
    const result = handleGridKey(carrying(3, 2, { col: 1, row: 1 }), 'Escape', ctx());
    expect(result.state).toEqual(idle(1, 1));
    expect(result.announce).toEqual({ key: 'cancelled' });
  });
});
