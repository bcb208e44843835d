import type { AdminFeedbackListResult, FeedbackCategory } from '@curio/contract';
import type { Db } from '../../db/client';
import { feedbackRepository, type FeedbackCategoryFilter } from './feedback.repository';

export interface FeedbackInput {
  category: FeedbackCategory;
  message: string;
  email: string | null;
  path: string | null;
}

export function createFeedbackService(db: Db) {
  return {
    /** Stores one submission (validated and rate limited by the contract). */
    async submit(input: FeedbackInput, userId: string | null) {
      const row = await feedbackRepository(db).insert({ ...input, userId });
      return { id: row.id };
    },
    async list(input: { category: FeedbackCategoryFilter; page: number; pageSize: number }): Promise<AdminFeedbackListResult> {
      const { rows, total } = await feedbackRepository(db).list(input.category, input.page, input.pageSize);
      return {
        entries: rows.map(({ entry, handle }) => ({
          id: entry.id,
          category: entry.category,
          message: entry.message,
          email: entry.email,
          path: entry.path,
          createdAt: entry.createdAt.toISOString(),
          user: entry.userId ? { id: entry.userId, handle: handle ?? null } : null,
        })),
        total,
        page: input.page,
        pageSize: input.pageSize,
      };
    },
  };
}
export type FeedbackService = ReturnType<typeof createFeedbackService>;
