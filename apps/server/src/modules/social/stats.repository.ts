import { count, eq, sql } from 'drizzle-orm';
import { bookmarks, comments, itemStats, likes } from '../../db/schema';
import type { Executor } from '../../db/types';

export type StatsRow = typeof itemStats.$inferSelect;
const zero = (itemId: string): StatsRow => ({ itemId, likeCount: 0, commentCount: 0, saveCount: 0, viewCount: 0 });

/**
 * Per-item counters. Each is recomputed from its rows inside the transaction that changed them, so
 * the counter always equals the truth, even after concurrent toggles.
 */
export function statsRepository(db: Executor) {
  const upsert = (itemId: string, set: Partial<Omit<StatsRow, 'itemId'>>) =>
    db
      .insert(itemStats)
      .values({ ...zero(itemId), ...set })
      .onConflictDoUpdate({ target: itemStats.itemId, set });
  return {
    async get(itemId: string): Promise<StatsRow> {
      const [row] = await db.select().from(itemStats).where(eq(itemStats.itemId, itemId));
      return row ?? zero(itemId);
    },
    async recountLikes(itemId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(likes).where(eq(likes.itemId, itemId));
      await upsert(itemId, { likeCount: row!.n });
      return row!.n;
    },
    async recountSaves(itemId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(bookmarks).where(eq(bookmarks.itemId, itemId));
      await upsert(itemId, { saveCount: row!.n });
      return row!.n;
    },
    /**
     * Moves the item's save count by `delta` under the row's lock: two transactions that save one item
     * at once both count, where a recount would write what its own snapshot saw. An item without counts
     * yet is counted from its rows (or, should another transaction count it first, moved from that count).
     */
    async moveSaves(itemId: string, delta: number): Promise<void> {
      if (delta !== 0) {
        const moved = await db
          .update(itemStats)
          .set({ saveCount: sql`${itemStats.saveCount} + ${delta}` })
          .where(eq(itemStats.itemId, itemId))
          .returning({ itemId: itemStats.itemId });
        if (moved.length) return;
      }
      const [row] = await db.select({ n: count() }).from(bookmarks).where(eq(bookmarks.itemId, itemId));
      await db
        .insert(itemStats)
        .values({ ...zero(itemId), saveCount: row!.n })
        .onConflictDoUpdate({ target: itemStats.itemId, set: { saveCount: sql`${itemStats.saveCount} + ${delta}` } });
    },
    async recountComments(itemId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(comments)
        .where(sql`${comments.itemId} = ${itemId} and not ${comments.hidden}`);
      await upsert(itemId, { commentCount: row!.n });
      return row!.n;
    },
    async addView(itemId: string) {
      await db
        .insert(itemStats)
        .values({ ...zero(itemId), viewCount: 1 })
        .onConflictDoUpdate({ target: itemStats.itemId, set: { viewCount: sql`${itemStats.viewCount} + 1` } });
    },
  };
}
