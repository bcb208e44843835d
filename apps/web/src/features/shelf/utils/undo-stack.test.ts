import type { Arrangement } from '@curio/contract';
import { describe, expect, it } from 'vitest';
import { canUndo, popUndo, pushUndo, type UndoStack } from './undo-stack';

const list = (n: number): Arrangement[] => [{ itemId: `item-${n}`, col: n, row: 0, overflow: false, zIndex: 0 }];

describe('undo stack', () => {
  it('starts empty and cannot undo', () => {
    expect(canUndo([])).toBe(false);
    expect(popUndo([])).toBeNull();
  });

  it('pops the newest entry first', () => {
    let stack: UndoStack = [];
    stack = pushUndo(stack, list(1));
    stack = pushUndo(stack, list(2));
    expect(canUndo(stack)).toBe(true);
    const first = popUndo(stack)!;
    expect(first.entry).toEqual(list(2));
    const second = popUndo(first.rest)!;
    expect(second.entry).toEqual(list(1));
    expect(canUndo(second.rest)).toBe(false);
  });

  it('stores copies, so later edits of the list do not leak in', () => {
    const entry = list(1);
    const stack = pushUndo([], entry);
    entry[0]!.col = 9;
    expect(stack[0]![0]!.col).toBe(1);
  });

  it('keeps at most `limit` entries, dropping the oldest', () => {
    let stack: UndoStack = [];
    for (let i = 0; i < 5; i++) stack = pushUndo(stack, list(i), 3);
    expect(stack.map((e) => e[0]!.col)).toEqual([2, 3, 4]);
  });
});
