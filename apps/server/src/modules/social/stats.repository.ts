import { count, eq, sql } from 'drizzle-orm';
import { bookmarks, comments, itemStats, likes } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import type { Executor } from '../../db/types';

export type StatsRow = typeof itemStats.$inferSelect;
const zero = (itemId: string): StatsRow => ({ itemId, likeCount: 0, commentCount: 0, saveCount: 0, viewCount: 0 });

/**
 * Per-item counters. Likes and saves move by what changed under the row's lock (`moveCounts`); comments
 * are recounted from their rows inside the transaction that changed them; the recounts also repair
 * counts after rows went without a toggle (an account's deletion).
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
     * Moves each item's like or save count by its delta under the row's lock, in one statement, and
     * answers every item's count afterwards: two transactions that like one item at once both count,
     * where a recount would write what its own snapshot saw. An item without counts yet is counted
     * from its rows (or, should another transaction count it first, moved from that count).
     */
    async moveCounts(counter: 'likes' | 'saves', deltas: ReadonlyMap<string, number>): Promise<Map<string, number>> {
      if (!deltas.size) return new Map();
      const [column, marks] = counter === 'likes' ? [sql.raw('like_count'), likes] : [sql.raw('save_count'), bookmarks];
      const moves = sql.join(
        [...deltas].map(([itemId, d]) => sql`(${itemId}::uuid, ${d}::int)`),
        sql`, `,
      );
      const rows = rowsOf<{ item_id: string; n: number | string }>(
        await db.execute(sql`
          with delta(item_id, d) as (values ${moves}),
          moved as (
            update ${itemStats} st set ${column} = st.${column} + delta.d from delta
            where st.item_id = delta.item_id and delta.d <> 0
            returning st.item_id, st.${column} as n),
          counted as (
            insert into ${itemStats} (item_id, ${column})
            select delta.item_id, (select count(*)::int from ${marks} m where m.item_id = delta.item_id) from delta
            where delta.item_id not in (select item_id from moved) and not exists (select 1 from ${itemStats} st where st.item_id = delta.item_id)
            on conflict (item_id) do update set ${column} = ${itemStats}.${column} + (select d from delta where delta.item_id = excluded.item_id)
            returning item_id, ${column} as n)
          select item_id, n from moved
          union all select item_id, n from counted
          union all select st.item_id, st.${column} as n from ${itemStats} st join delta on delta.item_id = st.item_id
            where delta.d = 0`),
      );
      return new Map(rows.map((r) => [r.item_id, Number(r.n)]));
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
