import type { Arrangement } from '@curio/contract';

/** The undo history: each entry is a full arrangement list that shelf-apply can restore. Newest last. */
export type UndoStack = readonly (readonly Arrangement[])[];

export const UNDO_LIMIT = 20;

/** Pushes a copy of `entry`; the oldest entries drop off beyond `limit`. */
export function pushUndo(stack: UndoStack, entry: readonly Arrangement[], limit = UNDO_LIMIT): UndoStack {
  const next = [...stack, entry.map((a) => ({ ...a }))];
  return next.length > limit ? next.slice(next.length - limit) : next;
}

/** The newest entry and the stack without it; `null` when there is no history. */
export function popUndo(stack: UndoStack): { entry: readonly Arrangement[]; rest: UndoStack } | null {
  if (stack.length === 0) return null;
  return { entry: stack[stack.length - 1]!, rest: stack.slice(0, -1) };
}

export function canUndo(stack: UndoStack): boolean {
  return stack.length > 0;
}
