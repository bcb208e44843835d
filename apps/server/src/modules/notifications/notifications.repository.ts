import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { items, notifications, profiles } from '../../db/schema';
import { cursorKey, olderThan } from '../../db/keyset';
import { pgBool, rowsOf, textArray } from '../../db/rows';
import type { Executor } from '../../db/types';
import type { Cursor } from '../../lib/cursor';
import { UNSEEN_COUNT_CAP } from '@curio/contract';
import { blockedWithSql, itemVisibleTo, notBlockedBetween, notMutedPersonSql } from '../../db/visibility';

export type NewNotification = typeof notifications.$inferInsert;
type Kind = (typeof notifications.$inferSelect)['kind'];

/** One grouped entry of the list: likes or comments of one item together, follows together, every other notification alone. */
export interface NotificationGroupRow {
  /** The entry's newest notification (a group's, for likes): with `key`, its place for a cursor. */
  id: string;
  /** That notification's created_at as PostgreSQL renders it (lib/cursor.ts). */
  key: string;
  ids: string[];
  kind: Kind;
  refId: string | null;
  seen: boolean;
  createdAt: Date;
  /** The actors, newest first (repeats possible). */
  actorIds: (string | null)[];
  actorCount: number;
}

/** The kinds whose `ref_id` is an item (a follow names a person, a report outcome a report). */
const ITEM_KINDS = sql`('like', 'comment', 'mention', 'item_hidden', 'item_restored')`;

/**
 * Notifications about an item the user may still see (`itemVisibleTo`, db/visibility.ts: their own,
 * or a public owner's item that is not hidden); a deleted item's are gone with it. Looked up by the
 * items' primary key (the case keeps a follow's user id from being cast to a uuid).
 */
const aboutVisibleItem = (userId: string, n: { kind: unknown; refId: unknown }) => sql`(${n.kind} not in ${ITEM_KINDS} or exists (
  select 1 from ${items} i join ${profiles} p on p.user_id = i.user_id
  where i.id = (case when ${n.kind} in ${ITEM_KINDS} then ${n.refId}::uuid end)
    and ${itemVisibleTo({ item: 'i', owner: 'p' }, userId)}))`;

/** Kinds whose notifications of one target make one entry ("Ann and 22 others commented on …"): mentions and a moderator's decisions stay one by one. */
const GROUPED_KINDS = sql`('like', 'comment', 'follow')`;

export function notificationsRepository(db: Executor) {
  /** Unseen notifications the list would show (no block with the actor, an item the user may still see) of several users in one statement, by user id. */
  /**
   * How many unseen notifications the list would show `user` (a SQL expression: no block with the actor, an item they
   * may still see), up to {@link UNSEEN_COUNT_CAP}: the work stops there, whatever a busy collector has not read. The
   * people with a block with them are read once (a hashed list), not once per notification.
   */
  const unseenOf = (user: SQL) => sql`(
    select count(*)::int from (
      select 1 from ${notifications} n
      left join ${items} i on i.id = (case when n.kind in ${ITEM_KINDS} then n.ref_id::uuid end)
      left join ${profiles} p on p.user_id = i.user_id
      where n.user_id = ${user} and not n.seen
        and (n.kind not in ${ITEM_KINDS} or ${itemVisibleTo({ item: 'i', owner: 'p' }, user)})
        and (n.actor_id is null or n.actor_id not in (${blockedWithSql(user)}))
        and (n.actor_id is null or ${notMutedPersonSql(user, sql`n.actor_id`)})
      limit ${UNSEEN_COUNT_CAP}) unseen)`;

  /** Unseen notifications the list would show of several users in one statement, by user id. */
  async function unseenCounts(userIds: string[]): Promise<Map<string, number>> {
    if (!userIds.length) return new Map();
    const list = sql.join(
      userIds.map((id) => sql`(${id}::text)`),
      sql`, `,
    );
    const rows = rowsOf<{ user_id: string; n: number | string }>(
      await db.execute(sql`select u.id as user_id, ${unseenOf(sql`u.id`)} as n from (values ${list}) as u(id)`),
    );
    return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
  }

  return {
    /** One user's unseen notifications (`unseenCounts`). */
    async unseenCount(userId: string): Promise<number> {
      return (await unseenCounts([userId])).get(userId) ?? 0;
    },
    unseenCounts,
    /**
     * Stores the notifications whose recipient has no block with their actor (either way: `notBlockedBetween`) and
     * who did not mute the actor, in one statement, and answers the stored rows.
     */
    async insertUnblocked(rows: NewNotification[]): Promise<(typeof notifications.$inferSelect)[]> {
      if (!rows.length) return [];
      const input = sql.join(
        rows.map((r, n) => sql`(${n}::int, ${r.userId}::text, ${r.kind}::text, ${r.refId ?? null}::text, ${r.actorId ?? null}::text)`),
        sql`, `,
      );
      const stored = rowsOf<{
        id: string;
        user_id: string;
        kind: Kind;
        ref_id: string | null;
        actor_id: string | null;
        seen: unknown;
        created_at: string | Date;
      }>(
        await db.execute(sql`
          with input(n, user_id, kind, ref_id, actor_id) as (values ${input}),
          stored as (
            insert into ${notifications} (user_id, kind, ref_id, actor_id)
            select user_id, kind, ref_id, actor_id from input
            where actor_id is null or (${notBlockedBetween(sql`input.user_id`, sql`input.actor_id`)} and ${notMutedPersonSql(sql`input.user_id`, sql`input.actor_id`)})
            order by n
            returning id, user_id, kind, ref_id, actor_id, seen, created_at)
          select * from stored`),
      );
      return stored.map((r) => ({
        id: r.id,
        userId: r.user_id,
        kind: r.kind,
        refId: r.ref_id,
        actorId: r.actor_id,
        seen: pgBool(r.seen),
        createdAt: new Date(r.created_at),
      }));
    },
    /**
     * A page of the user's notifications, newest first, likes and comments of one item and every follow grouped into one
     * entry each (seen only when all of them are), notifications from people with a block either way left out.
     * An entry's place is its newest notification's (created_at, id): a total order, so neither
     * paging skips or repeats entries of one instant. Pages follow a cursor (`after`, the last
     * entry's place; lib/cursor.ts) or an offset (the spec's page number). One row more than
     * `limit` tells whether more follow.
     */
    async groupedPage(userId: string, from: { after: Cursor | null; offset: number }, limit: number): Promise<NotificationGroupRow[]> {
      const result = await db.execute(sql`
        with visible as (
          select n.id, n.kind, n.ref_id, n.seen, n.created_at, n.actor_id from ${notifications} n
          where n.user_id = ${userId} and ${notBlockedBetween(userId, sql`n.actor_id`)}
          and (n.actor_id is null or ${notMutedPersonSql(userId, sql`n.actor_id`)})
          and ${aboutVisibleItem(userId, { kind: sql`n.kind`, refId: sql`n.ref_id` })}
        ), entries as (
          select (array_agg(id order by created_at desc, id desc))[1] as head, max(created_at) as at,
                 array_agg(id::text order by created_at desc, id desc) as ids,
                 kind, (array_agg(ref_id order by created_at desc, id desc))[1] as ref_id, bool_and(seen) as seen,
                 array_agg(actor_id order by created_at desc, id desc) as actor_ids,
                 count(distinct actor_id)::int as actor_count
          from visible
          -- A follow's ref_id is its follower: follows group by kind alone, likes and comments by their item.
          group by kind, case when kind = 'follow' then '' else ref_id end, case when kind in ${GROUPED_KINDS} then '' else id::text end
        )
        select head::text as id, ${cursorKey(sql`at`)} as key, ids, kind, ref_id as "refId", seen,
               actor_ids as "actorIds", actor_count as "actorCount"
        from entries
        ${from.after ? sql`where ${olderThan(sql`at`, sql`head`, from.after)}` : sql``}
        order by at desc, head desc
        limit ${limit + 1} ${from.after ? sql`` : sql`offset ${from.offset}`}`);
      return rowsOf<{
        id: string;
        key: string;
        ids: string[] | string;
        kind: Kind;
        refId: string | null;
        seen: boolean;
        actorIds: (string | null)[] | string;
        actorCount: number | string;
      }>(result).map((r) => ({
        id: r.id,
        key: r.key,
        ids: textArray(r.ids),
        kind: r.kind,
        refId: r.refId,
        seen: r.seen,
        createdAt: new Date(r.key),
        actorIds: Array.isArray(r.actorIds) ? r.actorIds : textArray(r.actorIds).map((a) => (a === 'NULL' ? null : a)),
        actorCount: Number(r.actorCount),
      }));
    },
    /** Marks the user's notifications seen: all, or those of `ids`. */
    async markSeen(userId: string, ids?: string[]) {
      const own = and(eq(notifications.userId, userId), eq(notifications.seen, false));
      if (ids && !ids.length) return;
      await db
        .update(notifications)
        .set({ seen: true })
        .where(ids ? and(own, inArray(notifications.id, ids)) : own);
    },
    /** Profiles of these people. */
    async profilesOf(userIds: string[]) {
      if (!userIds.length) return [];
      return db
        .select({
          userId: profiles.userId,
          handle: profiles.handle,
          displayName: profiles.displayName,
          avatarImageId: profiles.avatarImageId,
          public: profiles.public,
          hidden: profiles.hidden,
        })
        .from(profiles)
        .where(inArray(profiles.userId, userIds));
    },
  };
}
