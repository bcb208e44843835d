import type { Db } from '../../db/client';
import type { Executor } from '../../db/types';
import { lockKey } from '../../db/locks';
import { badRequest, notFound } from '../../lib/errors';
import type { DomainEvents } from '../events/domain-events';
import { followWrites } from '../follows/follow-writes.service';
import { profileReads } from '../profiles/profiles.service';
import { blocksRepository } from './blocks.repository';

/**
 * Blocks: blocking someone removes the follows between the two, both ways (counters too), in the
 * same transaction. What a block hides (comments, messages, notifications, mentions) is applied by
 * the read pipeline (`hiddenByBlock` in read/visibility.ts, `notBlockedBetween` in its SQL form in
 * src/db/visibility.ts); the writes it refuses check `between` (other modules: `blockReads`).
 */
export function createBlocksService(
  db: Db,
  deps: {
    /**
     * Publishes `viewer.marks-changed` for each of the two people once a block or unblock is committed, and waits
     * until every process forgot the marks it kept for them (an item page's comment count leaves out what a block hides).
     */
    domainEvents: DomainEvents;
  },
) {
  return {
    async toggle(userId: string, targetUserId: string, target?: boolean) {
      if (targetUserId === userId) throw badRequest('You cannot block yourself');
      if (!(await profileReads(db).findByUser(targetUserId))) throw notFound('Profile not found');
      const result = await db.transaction(async (tx) => {
        // The pair locks of follows, both ways and always in the same order (no deadlock): a follow and
        // a block between two people never interleave.
        for (const key of [`follow:${userId}:${targetUserId}`, `follow:${targetUserId}:${userId}`].sort()) await lockKey(tx, key);
        const { on } = await blocksRepository(tx).set(userId, targetUserId, target);
        if (on) await followWrites(tx).removeBetween(userId, targetUserId);
        return { blocked: on };
      });
      await Promise.all([userId, targetUserId].map((id) => deps.domainEvents.publish('viewer.marks-changed', { userId: id })));
      return result;
    },
  };
}
export type BlocksService = ReturnType<typeof createBlocksService>;

/** Whether either of two people blocked the other, for other modules (follows), on `db`: the database or the caller's transaction. */
export function blockReads(db: Executor) {
  return { between: (a: string, b: string) => blocksRepository(db).between(a, b) };
}
