import { count, desc, eq } from 'drizzle-orm';
import { feedback, profiles } from '../../db/schema';
import type { Executor } from '../../db/types';

export type FeedbackRow = typeof feedback.$inferSelect;
export type NewFeedback = typeof feedback.$inferInsert;
export type FeedbackCategoryFilter = FeedbackRow['category'] | 'all';

export function feedbackRepository(db: Executor) {
  return {
    async insert(row: NewFeedback): Promise<FeedbackRow> {
      const [created] = await db.insert(feedback).values(row).returning();
      return created!;
    },
    /** One page, newest first, with the sender's handle when they have a profile. */
    async list(category: FeedbackCategoryFilter, page: number, pageSize: number) {
      const where = category === 'all' ? undefined : eq(feedback.category, category);
      const rows = await db
        .select({ entry: feedback, handle: profiles.handle })
        .from(feedback)
        .leftJoin(profiles, eq(profiles.userId, feedback.userId))
        .where(where)
        .orderBy(desc(feedback.createdAt), desc(feedback.id))
        .limit(pageSize)
        .offset(page * pageSize);
      const [total] = await db.select({ n: count() }).from(feedback).where(where);
      return { rows, total: total?.n ?? 0 };
    },
  };
}
