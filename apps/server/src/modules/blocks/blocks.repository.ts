import { and, eq, sql } from 'drizzle-orm';
import { userBlocks } from '../../db/schema';
import type { Executor } from '../../db/types';

export function blocksRepository(db: Executor) {
  return {
    /** Sets the block to `target`, or flips it without one; answers whether it is on and whether this call added it. */
    async set(blockerId: string, blockedId: string, target?: boolean) {
      if (target !== true) {
        const removed = await db
          .delete(userBlocks)
          .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
          .returning({ id: userBlocks.blockedId });
        if (removed.length || target === false) return { on: false, added: false };
      }
      const added = await db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing().returning({ id: userBlocks.blockedId });
      return { on: true, added: added.length > 0 };
    },
    /**
     * Whether a block exists between the two, and who blocked whom: the one check of the writes a
     * block refuses (a follow, a message, a new thread) and of the profile's `blocking`. What a block
     * hides from reads is the read pipeline's (`notBlockedBetween`, `hiddenByBlock`).
     */
    async between(a: string, b: string): Promise<{ aBlockedB: boolean; bBlockedA: boolean }> {
      const rows = await db
        .select({ blockerId: userBlocks.blockerId })
        .from(userBlocks)
        .where(sql`(${userBlocks.blockerId} = ${a} and ${userBlocks.blockedId} = ${b}) or (${userBlocks.blockerId} = ${b} and ${userBlocks.blockedId} = ${a})`);
      return { aBlockedB: rows.some((r) => r.blockerId === a), bBlockedA: rows.some((r) => r.blockerId === b) };
    },
  };
}
