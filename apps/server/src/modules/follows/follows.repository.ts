import { and, desc, eq, sql } from 'drizzle-orm';
import { follows, profiles, profileStats } from '../../db/schema';
import { cursorKey, olderThan } from '../../db/keyset';
import type { Executor } from '../../db/types';
import type { Cursor } from '../../lib/cursor';
import { notBlockedBetween, profileVisibleTo } from '../../db/visibility';

export interface FollowCounts {
  followersCount: number;
  followingCount: number;
}

export function followsRepository(db: Executor) {
  /** Adds `delta` to one counter of one user (the row is created at zero first). */
  const bump = (userId: string, column: 'followersCount' | 'followingCount', delta: number) =>
    db
      .insert(profileStats)
      .values({ userId, followersCount: 0, followingCount: 0, [column]: Math.max(0, delta) })
      .onConflictDoUpdate({ target: profileStats.userId, set: { [column]: sql`greatest(0, ${profileStats[column]} + ${delta})` } });

  return {
    /** Sets the follow to `target`, or flips it without one. Reports whether this call added or removed the row. */
    async set(followerId: string, followeeId: string, target?: boolean) {
      if (target !== true) {
        const removed = await db
          .delete(follows)
          .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
          .returning({ id: follows.id });
        if (removed.length) return { on: false, added: false, removed: true };
        if (target === false) return { on: false, added: false, removed: false };
      }
      const added = await db.insert(follows).values({ followerId, followeeId }).onConflictDoNothing().returning({ id: follows.id });
      return { on: true, added: added.length > 0, removed: false };
    },
    /**
     * Moves both counters of a follow that was added (+1) or removed (-1). The two rows are changed in
     * the order of their ids, so concurrent follows between the same people cannot deadlock.
     */
    async adjust(followerId: string, followeeId: string, delta: 1 | -1) {
      const changes: [string, 'followersCount' | 'followingCount'][] = [
        [followerId, 'followingCount'],
        [followeeId, 'followersCount'],
      ];
      changes.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
      for (const [userId, column] of changes) await bump(userId, column, delta);
    },
    async counts(userId: string): Promise<FollowCounts> {
      const [row] = await db
        .select({ followersCount: profileStats.followersCount, followingCount: profileStats.followingCount })
        .from(profileStats)
        .where(eq(profileStats.userId, userId));
      return row ?? { followersCount: 0, followingCount: 0 };
    },
    async follows(followerId: string, followeeId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: follows.id })
        .from(follows)
        .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
      return Boolean(row);
    },
    /** Removes the follows between two people, both ways; answers the pairs removed (follower, followee). */
    async removeBetween(a: string, b: string) {
      return db
        .delete(follows)
        .where(sql`(${follows.followerId} = ${a} and ${follows.followeeId} = ${b}) or (${follows.followerId} = ${b} and ${follows.followeeId} = ${a})`)
        .returning({ followerId: follows.followerId, followeeId: follows.followeeId });
    },
    /**
     * A page of a person's followers or followings, newest follow first: the follow's id and key for
     * the cursor and the other person's user id (the read pipeline's `people` hydrates them). One row
     * more than `limit` tells whether more follow. Profiles the viewer may not see (private or hidden,
     * but their own) and people with a block with the viewer, either way, are left out.
     */
    async page(userId: string, kind: 'followers' | 'following', opts: { after: Cursor | null; limit: number; viewerId: string | null }) {
      const other = kind === 'followers' ? follows.followerId : follows.followeeId;
      const self = kind === 'followers' ? follows.followeeId : follows.followerId;
      const conditions = [eq(self, userId), profileVisibleTo(profiles, opts.viewerId)];
      if (opts.viewerId) conditions.push(notBlockedBetween(other, opts.viewerId));
      if (opts.after) conditions.push(olderThan(follows.createdAt, follows.id, opts.after));
      return db
        .select({ id: follows.id, key: cursorKey(follows.createdAt), userId: profiles.userId })
        .from(follows)
        .innerJoin(profiles, eq(profiles.userId, other))
        .where(and(...conditions))
        .orderBy(desc(follows.createdAt), desc(follows.id))
        .limit(opts.limit + 1);
    },
    /** Removes every follow from and of the user and keeps everyone else's counters right (call inside a transaction). */
    async removeAllOf(userId: string) {
      const out = await db.delete(follows).where(eq(follows.followerId, userId)).returning({ followeeId: follows.followeeId });
      for (const { followeeId } of out) await this.adjust(userId, followeeId, -1);
      const incoming = await db.delete(follows).where(eq(follows.followeeId, userId)).returning({ followerId: follows.followerId });
      for (const { followerId } of incoming) await this.adjust(followerId, userId, -1);
    },
  };
}
