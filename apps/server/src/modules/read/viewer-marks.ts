import type { Role } from '@curio/contract';

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
 */
export function createViewerMarksCache(opts: { ttlMs?: number; max?: number; now?: () => number } = {}) {
  const ttl = opts.ttlMs ?? VIEWER_MARKS_MS;
  const max = opts.max ?? 50_000;
  const now = opts.now ?? Date.now;
  const entries = new Map<string, { marks: ViewerMarks; until: number }>();
  const keysOf = new Map<string, Set<string>>();
  // Bumped by every forget: a read that started before one is used once but not kept.
  let generation = 0;
  const keyOf = (viewerId: string, itemId: string) => `${viewerId}\n${itemId}`;

  function drop(key: string) {
    if (!entries.delete(key)) return;
    const viewerId = key.slice(0, key.indexOf('\n'));
    const keys = keysOf.get(viewerId);
    keys?.delete(key);
    if (keys && !keys.size) keysOf.delete(viewerId);
  }

  return {
    /** Pass to {@link set}: taken before the read whose result is to be kept. */
    generation: () => generation,
    get(viewerId: string, itemId: string): ViewerMarks | null {
      const key = keyOf(viewerId, itemId);
      const hit = entries.get(key);
      if (!hit) return null;
      if (hit.until <= now()) {
        drop(key);
        return null;
      }
      return hit.marks;
    },
    set(viewerId: string, itemId: string, marks: ViewerMarks, readAt: number) {
      if (ttl <= 0 || readAt !== generation) return;
      const key = keyOf(viewerId, itemId);
      drop(key);
      entries.set(key, { marks, until: now() + ttl });
      let keys = keysOf.get(viewerId);
      if (!keys) keysOf.set(viewerId, (keys = new Set()));
      keys.add(key);
      while (entries.size > max) drop(entries.keys().next().value!);
    },
    /** Drops everything kept about a viewer (their marks or roles changed, here or elsewhere). */
    forgetViewer(viewerId: string) {
      generation++;
      for (const key of keysOf.get(viewerId) ?? []) entries.delete(key);
      keysOf.delete(viewerId);
    },
    /** Drops every kept mark (a change that may touch any viewer's: an owner's DM setting). */
    clear() {
      generation++;
      entries.clear();
      keysOf.clear();
    },
    /** How many marks are kept (tests). */
    get size() {
      return entries.size;
    },
  };
}
export type ViewerMarksCache = ReturnType<typeof createViewerMarksCache>;
