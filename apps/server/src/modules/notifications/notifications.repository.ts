import { and, count, eq } from 'drizzle-orm';
import { notifications } from '../../db/schema';
import type { Executor } from '../../db/types';

export type NewNotification = typeof notifications.$inferInsert;

export function notificationsRepository(db: Executor) {
  return {
    async unseenCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.seen, false)));
      return row?.n ?? 0;
    },
    async insert(rows: NewNotification[]) {
      if (!rows.length) return [];
      return db.insert(notifications).values(rows).returning();
    },
  };
}
