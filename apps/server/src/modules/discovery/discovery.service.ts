import {
  FEED_EVENTS,
  MUTES_MAX,
  TAG_FOLLOWS_MAX,
  TAG_RELATED_MAX,
  type FeedListResult,
  type MutesListResult,
  type RealtimeStream,
  type TagGetResult,
  type TagsFollowedListResult,
} from '@curio/contract';
import type { Db } from '../../db/client';
import { lockKey } from '../../db/locks';
import { decodeCursor, nextCursor } from '../../lib/cursor';
import { badRequest, notFound } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { DomainEvents } from '../events/domain-events';
import { profileReads } from '../profiles/profiles.service';
import { createReadService, itemCard } from '../read/read.service';
import { discoveryRepository } from './discovery.repository';

/** The live streams open in this process, as the home feed's "new items" needs them (the events module's stream hub). */
export interface FeedStreams {
  users(name: RealtimeStream): string[];
  sendTo(name: RealtimeStream, userIds: readonly string[], event: string, data: unknown): Promise<void>;
}

/**
 * The home feed (followed collectors and tags), suggestions of people to follow, tag pages' headers and tag follows,
 * and one's own filters (muted tags and people). Every read composes the SQL rules of db/visibility.ts.
 */
export function createDiscoveryService(db: Db, deps: { domainEvents: Pick<DomainEvents, 'on'>; streams?: FeedStreams; logger?: Logger }) {
  const repo = discoveryRepository(db);
  const read = createReadService(db);

  // An item got its first image, in any process (a hint): the open home feeds here that show it count one more new
  // item. A missed hint only leaves the count short; pressing the pill reads the feed itself.
  deps.domainEvents.on('item.published', ({ itemId }) => {
    const streams = deps.streams;
    if (!streams) return;
    const open = streams.users('feed');
    if (!open.length) return;
    void repo
      .feedAudience(itemId, open)
      .then((audience) => (audience.length ? streams.sendTo('feed', audience, FEED_EVENTS.item, { itemId }) : undefined))
      .catch((err: unknown) => deps.logger?.warn({ err, itemId }, 'feed hint not sent'));
  });

  return {
    /** A page of the viewer's home feed, newest first (keyset paging: nothing repeats or is skipped while others post). */
    async feed(viewerId: string, input: { cursor?: string; limit: number }): Promise<FeedListResult> {
      const after = input.cursor ? decodeCursor(input.cursor) : null;
      const tags = await repo.viewerTags(viewerId);
      const rows = await repo.feedPage(viewerId, { after, limit: input.limit, tags });
      const page = rows.slice(0, input.limit);
      // The read pipeline applies the rules again (something may have changed since) and adds the viewer's marks.
      const listed = await read.list(
        page.map((r) => r.id),
        viewerId,
        { excludeNsfw: false, requireImage: true },
      );
      return {
        items: listed.map(({ item, state }) => ({
          ...itemCard(item),
          createdAt: item.createdAt.toISOString(),
          liked: state.liked,
          saved: state.saved,
        })),
        nextCursor: nextCursor(rows, input.limit, (r) => ({ at: r.key, id: r.id })),
      };
    },

    /** People the viewer might follow: shared tags first, then the most followed. */
    async suggest(viewerId: string, input: { limit: number }) {
      return { users: await repo.suggest(viewerId, input.limit) };
    },

    /** A tag page's header: its count and related tags for this viewer, and whether they follow or muted it. */
    async tag(tag: string, viewerId: string | null): Promise<TagGetResult> {
      const [summary, following, muted] = await Promise.all([
        repo.tagSummary(tag, viewerId, { relatedMax: TAG_RELATED_MAX }),
        viewerId ? repo.followsTag(viewerId, tag) : false,
        viewerId ? repo.mutesTag(viewerId, tag) : false,
      ]);
      return { tag, ...summary, following, muted };
    },

    /** Follows or unfollows a tag (`following` sets the state; without it the call toggles). */
    async toggleTagFollow(userId: string, tag: string, target?: boolean) {
      return db.transaction(async (tx) => {
        await lockKey(tx, `tag-follow:${userId}`);
        const r = discoveryRepository(tx);
        const on = target ?? !(await r.followsTag(userId, tag));
        if (on && !(await r.followsTag(userId, tag)) && (await r.countFollowedTags(userId)) >= TAG_FOLLOWS_MAX) {
          throw badRequest(`At most ${TAG_FOLLOWS_MAX} tags can be followed`, { tag: 'too_big' });
        }
        await r.setTagFollow(userId, tag, on);
        return { following: on };
      });
    },

    async followedTags(userId: string): Promise<TagsFollowedListResult> {
      const rows = await repo.followedTags(userId);
      return { tags: rows.map((r) => ({ tag: r.tag, createdAt: r.createdAt.toISOString() })) };
    },

    /**
     * Mutes or unmutes a tag or a person (`muted` sets the state; without it the call toggles). Silent: the muted
     * person is told nothing. Muting needs a person who exists and is not the viewer; unmuting always works.
     */
    async toggleMute(userId: string, input: { tag?: string; userId?: string; muted?: boolean }) {
      return db.transaction(async (tx) => {
        await lockKey(tx, `mutes:${userId}`);
        const r = discoveryRepository(tx);
        if (input.tag !== undefined) {
          const tag = input.tag;
          const current = await r.mutesTag(userId, tag);
          const on = input.muted ?? !current;
          if (on && !current && (await r.countMutes(userId)) >= MUTES_MAX) throw badRequest(`At most ${MUTES_MAX} mutes`, { tag: 'too_big' });
          await r.setTagMute(userId, tag, on);
          return { muted: on };
        }
        const target = input.userId!;
        if (target === userId) throw badRequest('You cannot mute yourself', { userId: 'invalid_value' });
        const current = await r.mutesPerson(userId, target);
        const on = input.muted ?? !current;
        if (on && !current) {
          if (!(await profileReads(tx).findByUser(target))) throw notFound('Profile not found');
          if ((await r.countMutes(userId)) >= MUTES_MAX) throw badRequest(`At most ${MUTES_MAX} mutes`, { userId: 'too_big' });
        }
        await r.setPersonMute(userId, target, on);
        return { muted: on };
      });
    },

    async mutes(userId: string): Promise<MutesListResult> {
      const [tags, users] = await Promise.all([repo.mutedTags(userId), repo.mutedPeople(userId)]);
      return {
        tags: tags.map((t) => ({ tag: t.tag, createdAt: t.createdAt.toISOString() })),
        users: users.map((u) => ({ ...u, createdAt: u.createdAt.toISOString() })),
      };
    },
  };
}
export type DiscoveryService = ReturnType<typeof createDiscoveryService>;
