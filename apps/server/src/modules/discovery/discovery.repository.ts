import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Cursor } from '../../lib/cursor';
import { cursorKey, olderThan } from '../../db/keyset';
import { rowsOf, textArray } from '../../db/rows';
import { profiles } from '../../db/schema';
import { textArraySql } from '../../db/sql-values';
import type { Executor } from '../../db/types';
import {
  blockedWithSql,
  discoverable,
  itemVisibleTo,
  notBlockedBetween,
  notMutedPersonSql,
  notMutedSql,
  notTaggedWithSql,
  nsfwAllowedSql,
  profileVisibleTo,
} from '../../db/visibility';
import { tagFollows, tagMutes, userMutes } from './discovery.schema';

export interface FeedPageOptions {
  after: Cursor | null;
  limit: number;
  tags: { followed: readonly string[]; muted: readonly string[] };
}

/** The statements of the home feed (the benchmark explains them too). */
export const feedQueries = {
  /**
   * A page of the home feed's item ids, newest first (keyset on (created_at, id)), one row more than `limit`:
   * - items of the people the viewer follows, read per followed person from `items_user_feed_idx` (a backward
   *   range scan of at most `limit + 1` index entries each, which carry `hidden` and `nsfw`: with no muted tags the
   *   table itself is not visited) and merged, so the work grows with the people followed, not with the site;
   * - items carrying a tag the viewer follows (the GIN index).
   * `tags` are the viewer's followed and muted tags, read beforehand so that the planner sees them.
   * Never: the viewer's own items, private or hidden profiles, hidden items, items without an image, people with a
   * block either way, muted people or tags, NSFW unless the viewer's `include_nsfw` is on.
   */
  page(viewerId: string, opts: FeedPageOptions): SQL {
    const n = opts.limit + 1;
    const after = opts.after ? sql`and ${olderThan(sql`i.created_at`, sql`i.id`, opts.after)}` : sql``;
    const shown = sql`i.chosen_composite_id is not null and not i.hidden and ${nsfwAllowedSql(viewerId, 'i')}
      and ${notTaggedWithSql(opts.tags.muted, 'i')}`;
    const followed = sql`select c.id, c.created_at from (
        select f.followee_id from follows f
        join profiles p on p.user_id = f.followee_id
        where f.follower_id = ${viewerId} and ${profileVisibleTo('p', null)}
          and f.followee_id not in (${blockedWithSql(viewerId)})
          and ${notMutedPersonSql(viewerId, sql`f.followee_id`)}
      ) src
      cross join lateral (
        select i.id, i.created_at from items i
        where i.user_id = src.followee_id and ${shown} ${after}
        order by i.created_at desc, i.id desc
        limit ${n}
      ) c`;
    const tagged = opts.tags.followed.length
      ? sql` union select i.id, i.created_at from items i
          join profiles p on p.user_id = i.user_id
          where i.tags && ${textArraySql(opts.tags.followed)} and ${itemVisibleTo({ item: 'i', owner: 'p' }, null)} and ${shown}
            and ${notMutedSql(viewerId, 'i')} and i.user_id <> ${viewerId} and i.user_id not in (${blockedWithSql(viewerId)}) ${after}
          order by created_at desc, id desc
          limit ${n}`
      : sql``;
    return sql`select x.id, ${cursorKey(sql`x.created_at`)} as key
        from ((${followed})${tagged}) x
        order by x.created_at desc, x.id desc
        limit ${n}`;
  },
};

/** Follows of tags, mutes of tags and people, and the discovery reads built on them (feed, suggestions, tag pages). */
export function discoveryRepository(db: Executor) {
  return {
    /** The tags the viewer follows and those they muted, in one read (the feed names them in its query). */
    async viewerTags(userId: string) {
      const rows = rowsOf<{ kind: 'follow' | 'mute'; tag: string }>(
        await db.execute(sql`select 'follow' as kind, tag from ${tagFollows} where user_id = ${userId}
          union all select 'mute' as kind, tag from ${tagMutes} where user_id = ${userId}`),
      );
      return { followed: rows.filter((r) => r.kind === 'follow').map((r) => r.tag), muted: rows.filter((r) => r.kind === 'mute').map((r) => r.tag) };
    },
    async followedTags(userId: string) {
      return db
        .select({ tag: tagFollows.tag, createdAt: tagFollows.createdAt })
        .from(tagFollows)
        .where(eq(tagFollows.userId, userId))
        .orderBy(desc(tagFollows.createdAt), tagFollows.tag);
    },
    async followsTag(userId: string, tag: string) {
      const [row] = await db
        .select({ tag: tagFollows.tag })
        .from(tagFollows)
        .where(and(eq(tagFollows.userId, userId), eq(tagFollows.tag, tag)));
      return Boolean(row);
    },
    async countFollowedTags(userId: string) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(tagFollows)
        .where(eq(tagFollows.userId, userId));
      return Number(row?.n ?? 0);
    },
    async setTagFollow(userId: string, tag: string, on: boolean) {
      if (on) await db.insert(tagFollows).values({ userId, tag }).onConflictDoNothing();
      else await db.delete(tagFollows).where(and(eq(tagFollows.userId, userId), eq(tagFollows.tag, tag)));
    },

    async mutesTag(userId: string, tag: string) {
      const [row] = await db
        .select({ tag: tagMutes.tag })
        .from(tagMutes)
        .where(and(eq(tagMutes.userId, userId), eq(tagMutes.tag, tag)));
      return Boolean(row);
    },
    async mutesPerson(userId: string, mutedId: string) {
      const [row] = await db
        .select({ id: userMutes.mutedId })
        .from(userMutes)
        .where(and(eq(userMutes.userId, userId), eq(userMutes.mutedId, mutedId)));
      return Boolean(row);
    },
    async countMutes(userId: string) {
      const [row] = await db
        .execute<{ n: number }>(
          sql`select (select count(*) from ${tagMutes} where user_id = ${userId}) + (select count(*) from ${userMutes} where user_id = ${userId}) as n`,
        )
        .then((r) => rowsOf<{ n: number }>(r));
      return Number(row?.n ?? 0);
    },
    async setTagMute(userId: string, tag: string, on: boolean) {
      if (on) await db.insert(tagMutes).values({ userId, tag }).onConflictDoNothing();
      else await db.delete(tagMutes).where(and(eq(tagMutes.userId, userId), eq(tagMutes.tag, tag)));
    },
    async setPersonMute(userId: string, mutedId: string, on: boolean) {
      if (on) await db.insert(userMutes).values({ userId, mutedId }).onConflictDoNothing();
      else await db.delete(userMutes).where(and(eq(userMutes.userId, userId), eq(userMutes.mutedId, mutedId)));
    },
    async mutedTags(userId: string) {
      return db
        .select({ tag: tagMutes.tag, createdAt: tagMutes.createdAt })
        .from(tagMutes)
        .where(eq(tagMutes.userId, userId))
        .orderBy(desc(tagMutes.createdAt), tagMutes.tag);
    },
    /** The people the user muted, newest first, with what a list shows of them (a mute outlives a profile gone private). */
    async mutedPeople(userId: string) {
      return db
        .select({
          userId: userMutes.mutedId,
          handle: profiles.handle,
          displayName: profiles.displayName,
          avatarImageId: profiles.avatarImageId,
          createdAt: userMutes.createdAt,
        })
        .from(userMutes)
        .innerJoin(profiles, eq(profiles.userId, userMutes.mutedId))
        .where(eq(userMutes.userId, userId))
        .orderBy(desc(userMutes.createdAt), userMutes.mutedId);
    },

    /** A page of the home feed's item ids, newest first, one row more than `limit` (`feedQueries.page`). */
    async feedPage(viewerId: string, opts: FeedPageOptions) {
      return rowsOf<{ id: string; key: string }>(await db.execute(feedQueries.page(viewerId, opts)));
    },

    /**
     * People to suggest to the viewer: those whose visible items share tags with the viewer's own items (more shared
     * items first), then the most followed. Never the viewer, people they follow, private or hidden profiles, people
     * with a block either way, or people they muted.
     */
    async suggest(viewerId: string, limit: number) {
      const result = await db.execute(sql`
        with mine as (
          select coalesce(array_agg(distinct t.tag), '{}'::text[]) as tags
          from items i cross join lateral unnest(i.tags) t(tag)
          where i.user_id = ${viewerId} and i.chosen_composite_id is not null
        ),
        shared as (
          select i.user_id, count(distinct i.id)::int as n, array_agg(distinct t.tag) as tags
          from items i
          join profiles p on p.user_id = i.user_id
          cross join mine m
          cross join lateral unnest(i.tags) t(tag)
          where i.tags && m.tags and t.tag = any(m.tags)
            and ${discoverable({ includeNsfw: true })} and i.user_id <> ${viewerId}
          group by i.user_id
        )
        select p.user_id as "userId", p.handle, p.display_name as "displayName", p.avatar_image_id as "avatarImageId",
          coalesce(ps.followers_count, 0)::int as "followersCount", coalesce(s.tags, '{}'::text[]) as "sharedTags"
        from profiles p
        left join shared s on s.user_id = p.user_id
        left join profile_stats ps on ps.user_id = p.user_id
        where ${profileVisibleTo('p', null)} and p.user_id <> ${viewerId}
          and not exists (select 1 from follows f where f.follower_id = ${viewerId} and f.followee_id = p.user_id)
          and p.user_id not in (${blockedWithSql(viewerId)})
          and ${notMutedPersonSql(viewerId, sql`p.user_id`)}
        order by coalesce(s.n, 0) desc, coalesce(ps.followers_count, 0) desc, p.created_at desc, p.user_id
        limit ${limit}`);
      return rowsOf<{
        userId: string;
        handle: string;
        displayName: string;
        avatarImageId: string | null;
        followersCount: number;
        sharedTags: string[] | string;
      }>(result).map((r) => ({ ...r, followersCount: Number(r.followersCount), sharedTags: textArray(r.sharedTags).sort() }));
    },

    /**
     * A tag's page header for this viewer: how many items carrying it they may find (explore's rules, with their NSFW
     * choice and mutes), and the tags most often found beside it on those items.
     */
    async tagSummary(tag: string, viewerId: string | null, opts: { relatedMax: number }) {
      const found = sql`select i.id, i.tags from items i join profiles p on p.user_id = i.user_id
        where i.tags @> array[${tag}]::text[] and ${discoverable({ includeNsfw: true })} and ${nsfwAllowedSql(viewerId, 'i')} and ${notMutedSql(viewerId, 'i')}
          ${viewerId ? sql`and i.user_id not in (${blockedWithSql(viewerId)})` : sql``}`;
      const result = await db.execute(sql`
        with found as (${found})
        select (select count(*) from found)::int as count,
          coalesce((select json_agg(r) from (
            select t.tag, count(*)::int as count from found cross join lateral unnest(found.tags) t(tag)
            where t.tag <> ${tag}
            group by t.tag order by count(*) desc, t.tag limit ${opts.relatedMax}
          ) r), '[]'::json) as related`);
      const [row] = rowsOf<{ count: number; related: { tag: string; count: number }[] | string }>(result);
      const related = typeof row?.related === 'string' ? (JSON.parse(row.related) as { tag: string; count: number }[]) : (row?.related ?? []);
      return { count: Number(row?.count ?? 0), related: related.map((r) => ({ tag: r.tag, count: Number(r.count) })) };
    },

    /** Of these viewers, those whose home feed shows the item now (the same rules as `feedPage`). */
    async feedAudience(itemId: string, viewerIds: readonly string[]) {
      if (!viewerIds.length) return [];
      const result = await db.execute(sql`
        select v.id from unnest(${textArraySql(viewerIds)}) v(id)
        join items i on i.id = ${itemId}
        join profiles p on p.user_id = i.user_id
        where i.chosen_composite_id is not null and ${itemVisibleTo({ item: 'i', owner: 'p' }, null)}
          and i.user_id <> v.id
          and (exists (select 1 from follows f where f.follower_id = v.id and f.followee_id = i.user_id)
               or exists (select 1 from ${tagFollows} tf where tf.user_id = v.id and tf.tag = any(i.tags)))
          and ${notBlockedBetween(sql`v.id`, sql`i.user_id`)}
          and ${notMutedSql(sql`v.id`, 'i')}
          and ${nsfwAllowedSql(sql`v.id`, 'i')}`);
      return rowsOf<{ id: string }>(result).map((r) => r.id);
    },
  };
}
