import type { Role } from '@curio/contract';
import { createKept } from '../../lib/kept';

/** A signed-in viewer's marks on one item and their roles: what an item page reads besides the item. */
export interface ViewerMarks {
  liked: boolean;
  saved: boolean;
  roles: Role[];
  /**
   * The DM rule's answer for the viewer and the item's owner (the Message button). Kept only while the
   * owner's DM setting admits everyone: a block forgets both people's marks, a change of the setting
   * clears every kept mark (`clear`).
   */
  canMessage: boolean;
}

/** How long marks are kept at most: a safety net, since every change forgets them at once. */
export const VIEWER_MARKS_MS = 60_000;

/**
 * Signed-in viewers' marks on items (liked, saved) and their roles, kept in this process, so that an
 * item page served from the page cache needs no query for a viewer seen recently. Only viewers
 * without any block are kept (a block hides comments from the page's count, read each time); a
 * block, and whatever changes the marks (a like, a save, a change of roles), forgets the viewer in
 * every process before it answers (modules/events/forget-everywhere.ts); `ttlMs` bounds what anything else could leave behind.
 * At most `max` marks are kept, the least recently read going first (lib/kept.ts).
 */
export function createViewerMarksCache(opts: { ttlMs?: number; max?: number; now?: () => number } = {}) {
  const kept = createKept<ViewerMarks>({ max: opts.max ?? 50_000, ttlMs: opts.ttlMs ?? VIEWER_MARKS_MS, now: opts.now });
  const keyOf = (viewerId: string, itemId: string) => `${viewerId}\n${itemId}`;
  return {
    /** Pass to {@link set}: taken before the read whose result is to be kept. */
    generation: kept.generation,
    get: (viewerId: string, itemId: string): ViewerMarks | null => kept.get(keyOf(viewerId, itemId)),
    set(viewerId: string, itemId: string, marks: ViewerMarks, readAt: number) {
      kept.set(keyOf(viewerId, itemId), marks, readAt, { group: viewerId });
    },
    /** Drops everything kept about a viewer (their marks or roles changed, here or elsewhere). */
    forgetViewer: (viewerId: string) => kept.forgetGroup(viewerId),
    /** Drops every kept mark (a change that may touch any viewer's: an owner's DM setting). */
    clear: () => kept.clear(),
    /** How many marks are kept (tests). */
    get size() {
      return kept.size;
    },
  };
}
export type ViewerMarksCache = ReturnType<typeof createViewerMarksCache>;
