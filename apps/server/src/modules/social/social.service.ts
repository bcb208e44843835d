import type { Db } from '../../db/client';
import { lockKey } from '../../db/locks';
import { notFound } from '../../lib/errors';
import { itemPagesRepository } from '../items/item-pages.repository';
import { itemAccess } from '../items/visibility';
import type { NotificationsService } from '../notifications/notifications.service';
import type { RolesService } from '../roles/roles.service';
import { socialRepository } from './social.repository';
import { statsRepository } from './stats.repository';

export function createSocialService(db: Db, deps: { roles: RolesService; notifications: NotificationsService }) {
  /** The item, if this viewer may see it; otherwise "not found" (hidden and private look the same). */
  async function visibleItem(itemId: string, viewerId: string | null) {
    const row = await itemPagesRepository(db).findWithOwner(itemId);
    if (!row) throw notFound('Item not found');
    const isAdmin = viewerId ? await deps.roles.hasRole(viewerId, 'admin') : false;
    if (itemAccess(row.item, row.owner.public, { id: viewerId, isAdmin }) !== 'visible') throw notFound('Item not found');
    return row.item;
  }

  return {
    visibleItem,

    async toggleLike(userId: string, itemId: string) {
      const item = await visibleItem(itemId, userId);
      return db.transaction(async (tx) => {
        // One toggle per user and item at a time: twenty double-clicks end in a consistent state.
        await lockKey(tx, `like:${userId}:${itemId}`);
        const liked = await socialRepository(tx).toggleLike(userId, itemId);
        const likeCount = await statsRepository(tx).recountLikes(itemId);
        if (liked && item.userId !== userId) {
          await deps.notifications.create(tx, [{ userId: item.userId, kind: 'like', refId: itemId, actorId: userId }]);
        }
        return { liked, likeCount };
      });
    },

    async toggleBookmark(userId: string, itemId: string) {
      await visibleItem(itemId, userId);
      return db.transaction(async (tx) => {
        await lockKey(tx, `save:${userId}:${itemId}`);
        const saved = await socialRepository(tx).toggleBookmark(userId, itemId);
        await statsRepository(tx).recountSaves(itemId);
        return { saved };
      });
    },

    async saves(userId: string) {
      const isAdmin = await deps.roles.hasRole(userId, 'admin');
      const rows = await socialRepository(db).saves(userId);
      return {
        items: rows
          .filter((r) => itemAccess({ userId: r.ownerId, hidden: r.hidden }, r.ownerPublic, { id: userId, isAdmin }) === 'visible')
          .map((r) => ({
            itemId: r.itemId,
            title: r.title,
            imageUrl: r.imageId ? `/img/${r.imageId}/thumb` : null,
            nsfw: r.nsfw,
            savedAt: r.savedAt.toISOString(),
          })),
      };
    },
  };
}
export type SocialService = ReturnType<typeof createSocialService>;
