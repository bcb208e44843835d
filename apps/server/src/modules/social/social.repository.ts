import { and, desc, eq } from 'drizzle-orm';
import { bookmarks, composites, items, likes, notifications, profiles } from '../../db/schema';
import type { Executor } from '../../db/types';

export function socialRepository(db: Executor) {
  return {
    /** Removes the like if there is one; otherwise adds it (the unique index settles double clicks). */
    async toggleLike(userId: string, itemId: string): Promise<boolean> {
      const removed = await db.delete(likes).where(and(eq(likes.userId, userId), eq(likes.itemId, itemId))).returning({ id: likes.id });
      if (removed.length) return false;
      await db.insert(likes).values({ userId, itemId }).onConflictDoNothing();
      return true;
    },
    async toggleBookmark(userId: string, itemId: string): Promise<boolean> {
      const removed = await db
        .delete(bookmarks)
        .where(and(eq(bookmarks.userId, userId), eq(bookmarks.itemId, itemId)))
        .returning({ id: bookmarks.id });
      if (removed.length) return false;
      await db.insert(bookmarks).values({ userId, itemId }).onConflictDoNothing();
      return true;
    },
    async notify(row: typeof notifications.$inferInsert) {
      await db.insert(notifications).values(row);
    },
    /** The user's saved items that they may still see, newest save first. */
    async saves(userId: string) {
      return db
        .select({
          itemId: items.id,
          title: items.title,
          imageId: composites.imageId,
          nsfw: items.nsfw,
          hidden: items.hidden,
          ownerId: items.userId,
          ownerPublic: profiles.public,
          savedAt: bookmarks.createdAt,
        })
        .from(bookmarks)
        .innerJoin(items, eq(items.id, bookmarks.itemId))
        .innerJoin(profiles, eq(profiles.userId, items.userId))
        .leftJoin(composites, eq(composites.id, items.chosenCompositeId))
        .where(eq(bookmarks.userId, userId))
        .orderBy(desc(bookmarks.createdAt));
    },
  };
}
