import { and, eq } from 'drizzle-orm';
import { bookmarks, likes } from '../../db/schema';
import type { Executor } from '../../db/types';

export function socialRepository(db: Executor) {
  /** Returns the mark's state afterwards and whether this call added it. */
  async function setMark(table: typeof likes | typeof bookmarks, userId: string, itemId: string, target?: boolean) {
    if (target !== true) {
      const removed = await db.delete(table).where(and(eq(table.userId, userId), eq(table.itemId, itemId))).returning({ id: table.id });
      if (removed.length || target === false) return { on: false, added: false };
    }
    const added = await db.insert(table).values({ userId, itemId }).onConflictDoNothing().returning({ id: table.id });
    return { on: true, added: added.length > 0 };
  }
  return {
    /** Sets the like to `target`, or flips it when no target is given (the unique index settles double clicks). */
    setLike: (userId: string, itemId: string, target?: boolean) => setMark(likes, userId, itemId, target),
    setBookmark: (userId: string, itemId: string, target?: boolean) => setMark(bookmarks, userId, itemId, target),
  };
}
