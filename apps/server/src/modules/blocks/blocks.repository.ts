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
    /** Of these pairs, those with a block between them, either way (as `a|b` keys of the given order); one query. */
    async blockedPairs(pairs: [string, string][]): Promise<Set<string>> {
      if (!pairs.length) return new Set();
      const conditions = pairs.map(
        ([a, b]) => sql`(${userBlocks.blockerId} = ${a} and ${userBlocks.blockedId} = ${b}) or (${userBlocks.blockerId} = ${b} and ${userBlocks.blockedId} = ${a})`,
      );
      const rows = await db
        .select({ blockerId: userBlocks.blockerId, blockedId: userBlocks.blockedId })
        .from(userBlocks)
        .where(sql.join(conditions, sql` or `));
      const found = new Set(rows.flatMap((r) => [`${r.blockerId}|${r.blockedId}`, `${r.blockedId}|${r.blockerId}`]));
      return new Set(pairs.map(([a, b]) => `${a}|${b}`).filter((k) => found.has(k)));
    },
    /** Whether a block exists between the two, either way. */
    async between(a: string, b: string): Promise<{ aBlockedB: boolean; bBlockedA: boolean }> {
      const rows = await db
        .select({ blockerId: userBlocks.blockerId })
        .from(userBlocks)
        .where(sql`(${userBlocks.blockerId} = ${a} and ${userBlocks.blockedId} = ${b}) or (${userBlocks.blockerId} = ${b} and ${userBlocks.blockedId} = ${a})`);
      return { aBlockedB: rows.some((r) => r.blockerId === a), bBlockedA: rows.some((r) => r.blockerId === b) };
    },
  };
}
