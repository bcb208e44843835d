import type { Db } from '../../db/client';
import { lockKey } from '../../db/locks';
import type { NotificationsService } from '../notifications/notifications.service';
import { createReadService } from '../read/read.service';
import type { RolesService } from '../roles/roles.service';
import { socialRepository } from './social.repository';
import { statsRepository } from './stats.repository';

export function createSocialService(
  db: Db,
  deps: {
    roles: RolesService;
    notifications: NotificationsService;
    /** Told once a like or save changed the item's counts (this process's cached pages drop it). */
    itemTouched?: (itemId: string) => void;
    /** Awaited once a like or save of the user's is committed: every process forgets the marks it kept. */
    marksChanged?: (userId: string) => Promise<void>;
  },
) {
  const read = createReadService(db);
  /** The item, if this viewer may see it; otherwise "not found" (hidden and private look the same). */
  const visibleItem = (itemId: string, viewerId: string | null) => read.visibleItem(itemId, viewerId);

  return {
    visibleItem,

    /**
     * Likes or unlikes. With `target` the like ends in that state whatever it was (a repeated tap
     * changes nothing); without it the like toggles. The owner is notified of a new like only.
     */
    async toggleLike(userId: string, itemId: string, target?: boolean) {
      const item = await visibleItem(itemId, userId);
      const result = await db.transaction(async (tx) => {
        // One toggle per user and item at a time: twenty double-clicks end in a consistent state.
        await lockKey(tx, `like:${userId}:${itemId}`);
        const { on, added } = await socialRepository(tx).setLike(userId, itemId, target);
        const likeCount = await statsRepository(tx).recountLikes(itemId);
        if (added && item.userId !== userId) {
          await deps.notifications.create(tx, [{ userId: item.userId, kind: 'like', refId: itemId, actorId: userId }]);
        }
        return { liked: on, likeCount };
      });
      deps.itemTouched?.(itemId);
      await deps.marksChanged?.(userId);
      return result;
    },

    /** Saves or unsaves; `target` as for likes. */
    async toggleBookmark(userId: string, itemId: string, target?: boolean) {
      await visibleItem(itemId, userId);
      const result = await db.transaction(async (tx) => {
        await lockKey(tx, `save:${userId}:${itemId}`);
        const { on } = await socialRepository(tx).setBookmark(userId, itemId, target);
        await statsRepository(tx).recountSaves(itemId);
        return { saved: on };
      });
      deps.itemTouched?.(itemId);
      await deps.marksChanged?.(userId);
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
          nsfw: item.nsfw,
          savedAt: savedAt.toISOString(),
        })),
      };
    },
  };
}
export type SocialService = ReturnType<typeof createSocialService>;
