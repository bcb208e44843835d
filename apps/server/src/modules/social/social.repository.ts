import { and, eq, sql } from 'drizzle-orm';
import { bookmarks, items, likes, profiles } from '../../db/schema';
import { pgBool, rowsOf } from '../../db/rows';
import type { Executor } from '../../db/types';
import { itemVisibleToViewer } from '../../db/visibility';

/** One mark to set: to `target`, or flipped when there is none. */
export interface MarkChange {
  userId: string;
  itemId: string;
  target?: boolean;
}
/** A mark's state afterwards, and whether this change added it. */
export interface MarkOutcome {
  on: boolean;
  added: boolean;
}
/** A save's outcome: also whether this change removed it. */
export type SaveOutcome = MarkOutcome & { removed: boolean };
/** A like's outcome: not seen (no such item, or one its user may not see), or the mark and the item's owner. */
export type LikeOutcome = { seen: false } | ({ seen: true; ownerId: string } & SaveOutcome);

export function socialRepository(db: Executor) {
  /** Returns the mark's state afterwards and whether this call added or removed it. */
  async function setMark(table: typeof likes | typeof bookmarks, userId: string, itemId: string, target?: boolean): Promise<SaveOutcome> {
    if (target !== true) {
      const removed = await db
        .delete(table)
        .where(and(eq(table.userId, userId), eq(table.itemId, itemId)))
        .returning({ id: table.id });
      if (removed.length || target === false) return { on: false, added: false, removed: removed.length > 0 };
    }
    const added = await db.insert(table).values({ userId, itemId }).onConflictDoNothing().returning({ id: table.id });
    return { on: true, added: added.length > 0, removed: false };
  }

  /**
   * Likes of different (user, item) pairs, each as {@link setMark} sets one, in two statements
   * whatever their number: on the items each user may see (`itemVisibleToViewer`; the others are
   * left alone and answer `seen: false`) the unwanted marks go, then the wanted ones come (the
   * unique index settles a concurrent add; the two in one statement made the engagement roll-up lose
   * unlikes among concurrent roll-ups, explore.engagement.test.ts). Outcomes in the order of
   * `changes`; the counts are the stats repository's to move, in a statement of their own: the insert's
   * engagement trigger runs at the end of its statement, so counts moved in the same statement would lock
   * item_stats before the engagement rows, the reverse of a save's order (such a batch and a save deadlocked
   * on PostgreSQL in explore.engagement.test.ts).
   */
  async function setLikes(changes: MarkChange[]): Promise<LikeOutcome[]> {
    if (!changes.length) return [];
    const input = sql.join(
      changes.map((c, n) => sql`(${n}::int, ${c.userId}::text, ${c.itemId}::uuid, ${c.target ?? null}::boolean)`),
      sql`, `,
    );
    const found = rowsOf<{ n: number; owner_id: string | null; removed: unknown }>(
      await db.execute(sql`
        with input(n, user_id, item_id, target) as (values ${input}),
        seen as (
          select i.*, it.user_id as owner_id from input i
          join ${items} it on it.id = i.item_id
          join ${profiles} p on p.user_id = it.user_id
          where ${itemVisibleToViewer({ item: 'it', owner: 'p' }, sql`i.user_id`)}),
        removed as (
          delete from ${likes} m using seen s
          where m.user_id = s.user_id and m.item_id = s.item_id and s.target is not true
          returning s.n)
        select i.n, s.owner_id, i.n in (select n from removed) as removed
        from input i left join seen s on s.n = i.n
        order by i.n`),
    );
    const outcome = changes.map((c, n) => {
      const f = found[n]!;
      return { change: c, seen: f.owner_id !== null, ownerId: f.owner_id, removed: pgBool(f.removed) };
    });
    const wanted = outcome.filter((o) => o.seen && (o.change.target === true || (o.change.target === undefined && !o.removed)));
    const added = new Set(
      wanted.length
        ? (
            await db
              .insert(likes)
              .values(wanted.map((o) => ({ userId: o.change.userId, itemId: o.change.itemId })))
              .onConflictDoNothing()
              .returning({ userId: likes.userId, itemId: likes.itemId })
          ).map((a) => `${a.userId}\n${a.itemId}`)
        : [],
    );
    return outcome.map((o) => {
      if (!o.seen) return { seen: false as const };
      const isAdded = added.has(`${o.change.userId}\n${o.change.itemId}`);
      return { seen: true as const, ownerId: o.ownerId!, on: !o.removed && o.change.target !== false, added: isAdded, removed: o.removed };
    });
  }

  return {
    setLikes,
    /** Deletes every like and save of a person; answers the items whose counters changed. */
    async removeMarksOf(userId: string) {
      const liked = await db.delete(likes).where(eq(likes.userId, userId)).returning({ itemId: likes.itemId });
      const saved = await db.delete(bookmarks).where(eq(bookmarks.userId, userId)).returning({ itemId: bookmarks.itemId });
      return { liked: liked.map((l) => l.itemId), saved: saved.map((s) => s.itemId) };
    },
    /** Sets the save to `target`, or flips it when no target is given. */
    setBookmark: (userId: string, itemId: string, target?: boolean) => setMark(bookmarks, userId, itemId, target),
  };
}
