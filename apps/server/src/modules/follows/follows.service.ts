import type { FollowsListResult } from '@curio/contract';
import type { Db } from '../../db/client';
import { lockKey } from '../../db/locks';
import { decodeCursor, nextCursor } from '../../lib/cursor';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { blockReads } from '../blocks/blocks.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { profileReads } from '../profiles/profiles.service';
import { createReadService } from '../read/read.service';
import { profileVisible } from '../read/visibility';
import { followsRepository } from './follows.repository';

export const profilePrivate = () => new AppError(403, 'profile_private', 'This profile is private');

export function createFollowsService(db: Db, deps: { notifications: NotificationsService }) {
  const repo = followsRepository(db);
  const read = createReadService(db);
  return {
    /**
     * Follows or unfollows (`target` sets the state, without it the call toggles) and answers the new
     * state with the target's counts. Following needs a visible profile and no block either way;
     * unfollowing always works. Counters move in the same transaction, under a lock per pair.
     */
    async toggle(userId: string, targetUserId: string, target?: boolean) {
      if (targetUserId === userId) throw badRequest('You cannot follow yourself');
      const profile = await profileReads(db).findByUser(targetUserId);
      if (!profile) throw notFound('Profile not found');
      const visible = profileVisible(profile, userId);
      const result = await db.transaction(async (tx) => {
        await lockKey(tx, `follow:${userId}:${targetUserId}`);
        const r = followsRepository(tx);
        const wouldFollow = target ?? !(await r.follows(userId, targetUserId));
        if (wouldFollow) {
          if (!visible) throw profilePrivate();
          const b = await blockReads(tx).between(userId, targetUserId);
          if (b.aBlockedB || b.bBlockedA) throw new AppError(403, 'blocked', 'You cannot follow this person');
        }
        const change = await r.set(userId, targetUserId, wouldFollow);
        if (change.added) {
          await r.adjust(userId, targetUserId, 1);
          await deps.notifications.create(tx, [{ userId: targetUserId, kind: 'follow', refId: userId, actorId: userId }]);
        }
        if (change.removed) await r.adjust(userId, targetUserId, -1);
        return { following: change.on, ...(await r.counts(targetUserId)) };
      });
      // A private profile's counts are not shown to others.
      return visible ? result : { ...result, followersCount: 0, followingCount: 0 };
    },

    /** A person's followers or followings, newest first; a private profile's lists only to its owner. */
    async list(
      viewerId: string | null,
      input: { handle: string; kind: 'followers' | 'following'; cursor?: string; limit: number },
    ): Promise<FollowsListResult> {
      const profile = await profileReads(db).findByHandle(input.handle);
      if (!profile) throw notFound('Profile not found');
      if (!profileVisible(profile, viewerId)) throw profilePrivate();
      const after = input.cursor ? decodeCursor(input.cursor) : null;
      // The page of ids (keyset paging, visibility and blocks in SQL), then the people pipeline: hydrate and the viewer's follows.
      const rows = await repo.page(profile.userId, input.kind, { after, limit: input.limit, viewerId });
      const people = await read.people(
        rows.slice(0, input.limit).map((r) => r.userId),
        viewerId,
      );
      return {
        users: people
          .filter((p) => p.access === 'visible')
          .map(({ person, state }) => ({
            userId: person.userId,
            handle: person.handle,
            displayName: person.displayName,
            avatarImageId: person.avatarImageId,
            viewerFollows: state.following,
          })),
        nextCursor: nextCursor(rows, input.limit, (r) => ({ at: r.key, id: r.id })),
      };
    },
  };
}
export type FollowsService = ReturnType<typeof createFollowsService>;
