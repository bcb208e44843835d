import type { Db } from '../../db/client';
import { lockKey, lockKeys } from '../../db/locks';
import { notFound } from '../../lib/errors';
import { createGroupCommit, type Settled } from '../../lib/group-commit';
import type { DomainEvents } from '../events/domain-events';
import type { NotificationsService } from '../notifications/notifications.service';
import { createReadService } from '../read/read.service';
import type { RolesService } from '../roles/roles.service';
import { socialRepository, type LikeOutcome, type MarkChange } from './social.repository';
import { statsRepository } from './stats.repository';

type LikeChange = MarkChange;
export interface LikeResult {
  liked: boolean;
  likeCount: number;
}
/** At most this many likes share a transaction. */
const LIKES_PER_BATCH = 64;

export function createSocialService(
  db: Db,
  deps: {
    roles: RolesService;
    notifications: NotificationsService;
    /**
     * Once likes or saves are committed: `item.touched` (the items' cached pages go, here and elsewhere; not
     * awaited), and `viewer.marks-changed` for each user (awaited: every process forgets the marks it kept).
     */
    domainEvents: DomainEvents;
  },
) {
  const read = createReadService(db);
  /** The item, if this viewer may see it; otherwise "not found" (hidden and private look the same). */
  const visibleItem = (itemId: string, viewerId: string | null) => read.visibleItem(itemId, viewerId);

  /**
   * A batch of likes, each as alone, in one transaction: the pairs' locks, then the marks on the
   * items each user may see (`setLikes`), the counts moved by what changed (`moveCounts`), the owners' notifications; after it the item
   * pages and the likers' marks are forgotten everywhere. A like of an item its user may not see
   * answers not found. Should the transaction fail, each like is tried alone, so that one like's
   * error is only its own.
   */
  async function writeLikes(batch: LikeChange[]): Promise<Settled<LikeResult>[]> {
    let outcomes: ({ seen: false } | (Extract<LikeOutcome, { seen: true }> & { likeCount: number }))[];
    try {
      outcomes = await db.transaction(async (tx) => {
        // One toggle per user and item at a time, in every process: twenty double-clicks end in a consistent state.
        await lockKeys(
          tx,
          batch.map((l) => `like:${l.userId}:${l.itemId}`),
        );
        const done = await socialRepository(tx).setLikes(batch);
        const deltas = new Map<string, number>();
        batch.forEach((l, n) => {
          const o = done[n]!;
          if (o.seen) deltas.set(l.itemId, (deltas.get(l.itemId) ?? 0) + (o.added ? 1 : 0) - (o.removed ? 1 : 0));
        });
        const counts = await statsRepository(tx).moveCounts('likes', deltas);
        const owners = batch.flatMap((l, n) => {
          const o = done[n]!;
          return o.seen && o.added && o.ownerId !== l.userId ? [{ userId: o.ownerId, kind: 'like' as const, refId: l.itemId, actorId: l.userId }] : [];
        });
        await deps.notifications.create(tx, owners);
        return done.map((o, n) => (o.seen ? { ...o, likeCount: counts.get(batch[n]!.itemId) ?? 0 } : o));
      });
    } catch (error) {
      if (batch.length === 1) throw error;
      return Promise.all(
        batch.map((like) =>
          writeLikes([like]).then(
            ([one]) => one!,
            (alone: unknown) => ({ ok: false as const, error: alone }),
          ),
        ),
      );
    }
    const changed = batch.filter((_, n) => outcomes[n]!.seen);
    if (changed.length) {
      void deps.domainEvents.publish('item.touched', { itemIds: [...new Set(changed.map((l) => l.itemId))] });
      await Promise.all([...new Set(changed.map((l) => l.userId))].map((userId) => deps.domainEvents.publish('viewer.marks-changed', { userId })));
    }
    return outcomes.map((o) => (o.seen ? { ok: true, value: { liked: o.on, likeCount: o.likeCount } } : { ok: false, error: notFound('Item not found') }));
  }
  const likes = createGroupCommit<LikeChange, LikeResult>({ max: LIKES_PER_BATCH, keyOf: (l) => `${l.userId}\n${l.itemId}`, run: writeLikes });

  return {
    visibleItem,

    /**
     * Likes or unlikes. With `target` the like ends in that state whatever it was (a repeated tap
     * changes nothing); without it the like toggles. The owner is notified of a new like only.
     * Likes that arrive while others are being written go together in one transaction (lib/group-commit.ts).
     */
    toggleLike: (userId: string, itemId: string, target?: boolean) => likes.call({ userId, itemId, target }),

    /** Saves or unsaves; `target` as for likes. */
    async toggleBookmark(userId: string, itemId: string, target?: boolean) {
      await visibleItem(itemId, userId);
      const result = await db.transaction(async (tx) => {
        await lockKey(tx, `save:${userId}:${itemId}`);
        const { on, added, removed } = await socialRepository(tx).setBookmark(userId, itemId, target);
        await statsRepository(tx).moveCounts('saves', new Map([[itemId, (added ? 1 : 0) - (removed ? 1 : 0)]]));
        return { saved: on };
      });
      void deps.domainEvents.publish('item.touched', { itemIds: [itemId] });
      await deps.domainEvents.publish('viewer.marks-changed', { userId });
      return result;
    },

    /** The viewer's saves they may still see, newest save first (through the read pipeline). */
    async saves(userId: string) {
      const rows = await read.saves(userId);
      return {
        items: rows.map(({ item, savedAt }) => ({
          itemId: item.id,
          title: item.title,
          imageUrl: item.imageId ? `/img/${item.imageId}/thumb` : null,
          altText: item.altText,
          nsfw: item.nsfw,
          savedAt: savedAt.toISOString(),
        })),
      };
    },
  };
}
export type SocialService = ReturnType<typeof createSocialService>;
