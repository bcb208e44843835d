import type { Executor } from '../../db/types';
import { followsRepository } from './follows.repository';

/**
 * What other modules may change of follows (blocks, account deletion), on `db`: the database or the
 * caller's transaction. Counters move with the follows.
 */
export function followWrites(db: Executor) {
  const repo = followsRepository(db);
  return {
    /** Removes the follows between the two people, both ways, and moves their counters. */
    async removeBetween(a: string, b: string) {
      for (const removed of await repo.removeBetween(a, b)) await repo.adjust(removed.followerId, removed.followeeId, -1);
    },
    /** Removes every follow from and of the user; everyone else's counters stay right (call inside a transaction). */
    removeAllOf: (userId: string) => repo.removeAllOf(userId),
  };
}
