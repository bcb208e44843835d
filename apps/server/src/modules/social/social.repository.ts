import { and, eq, sql } from 'drizzle-orm';
import { bookmarks, items, likes, profiles } from '../../db/schema';
import { pgBool, rowsOf } from '../../db/rows';
import type { Executor } from '../../db/types';
import { itemVisibleToViewer } from '../../db/visibility';
import { countMoves } from './stats.repository';

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
   * unlikes among concurrent roll-ups, explore.engagement.test.ts) and the items' like counts move by
   * what left and came (`countMoves`, stats.repository.ts). Outcomes in the order of `changes`, and
   * every seen item's like count afterwards.
   */
  async function setLikes(changes: MarkChange[]): Promise<{ outcomes: LikeOutcome[]; counts: Map<string, number> }> {
    if (!changes.length) return { outcomes: [], counts: new Map() };
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
    const seen = outcome.filter((o) => o.seen);
    if (!seen.length) return { outcomes: outcome.map(() => ({ seen: false as const })), counts: new Map() };
    // The wanted marks come, and every item's count moves by what left and came (`countMoves`), in one more statement.
    const wanted = seen.filter((o) => o.change.target === true || (o.change.target === undefined && !o.removed));
    const left = new Map<string, number>();
    for (const o of seen) left.set(o.change.itemId, (left.get(o.change.itemId) ?? 0) - (o.removed ? 1 : 0));
    const wantedRows = wanted.length
      ? sql.join(
          wanted.map((o) => sql`(${o.change.userId}::text, ${o.change.itemId}::uuid)`),
          sql`, `,
        )
      : sql`(null::text, null::uuid)`;
    const leftRows = sql.join(
      [...left].map(([itemId, d]) => sql`(${itemId}::uuid, ${d}::int)`),
      sql`, `,
    );
    const move = countMoves('likes');
    const rows = rowsOf<{ item_id: string; n: number | string | null; user_id: string | null }>(
      await db.execute(sql`
        with wanted(user_id, item_id) as (values ${wantedRows}),
        left_marks(item_id, d) as (values ${leftRows}),
        added as (
          insert into ${likes} (user_id, item_id) select user_id, item_id from wanted where user_id is not null
          on conflict do nothing
          returning user_id, item_id),
        delta as (
          select item_id, sum(d)::int as d, sum(unseen)::int as unseen from (
            select item_id, d, 0 as unseen from left_marks
            union all select item_id, 1, 1 from added) changes
          group by item_id),${move.ctes}
        select item_id::text, n, null::text as user_id from (${move.counts}) counts
        union all select item_id::text, null::int, user_id from added`),
    );
    const counts = new Map(rows.filter((r) => r.user_id === null).map((r) => [r.item_id, Number(r.n)]));
    const added = new Set(rows.filter((r) => r.user_id !== null).map((r) => `${r.user_id}\n${r.item_id}`));
    return {
      outcomes: outcome.map((o): LikeOutcome => {
        if (!o.seen) return { seen: false };
        const isAdded = added.has(`${o.change.userId}\n${o.change.itemId}`);
        return { seen: true, ownerId: o.ownerId!, on: !o.removed && o.change.target !== false, added: isAdded, removed: o.removed };
      }),
      counts,
    };
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
