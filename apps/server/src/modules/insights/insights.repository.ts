import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import { composites, items, itemViews, profileViews } from '../../db/schema';
import type { Executor } from '../../db/types';

/** Counted views (item_views, profile_views: never the owner's own) of one person, per UTC day. */
export function insightsRepository(db: Executor) {
  return {
    async profileViewsByDay(userId: string, since: string) {
      return db
        .select({ day: profileViews.day, views: count() })
        .from(profileViews)
        .where(and(eq(profileViews.profileUserId, userId), gte(profileViews.day, since)))
        .groupBy(profileViews.day);
    },
    async itemViewsByDay(userId: string, since: string) {
      return db
        .select({ day: itemViews.day, views: count() })
        .from(itemViews)
        .innerJoin(items, eq(items.id, itemViews.itemId))
        .where(and(eq(items.userId, userId), gte(itemViews.day, since)))
        .groupBy(itemViews.day);
    },
    async topItems(userId: string, since: string, limit: number) {
      const views = count();
      return db
        .select({ itemId: items.id, title: items.title, imageId: composites.imageId, views })
        .from(itemViews)
        .innerJoin(items, eq(items.id, itemViews.itemId))
        .leftJoin(composites, eq(composites.id, items.chosenCompositeId))
        .where(and(eq(items.userId, userId), gte(itemViews.day, since)))
        .groupBy(items.id, items.title, composites.imageId)
        .orderBy(desc(views), sql`${items.createdAt} desc`)
        .limit(limit);
    },
  };
}
