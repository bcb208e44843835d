import { and, eq, isNotNull, lt } from 'drizzle-orm';
import { analyticsEvents, userSettings } from '../../db/schema';
import type { Executor } from '../../db/types';

export function analyticsRepository(db: Executor) {
  return {
    async insert(event: { name: string; props: Record<string, unknown>; path: string; userId: string | null; itemId?: string | null }) {
      await db.insert(analyticsEvents).values(event);
    },
    /** Removes the viewer from events older than `before`; answers how many were changed. */
    async anonymizeBefore(before: Date): Promise<number> {
      const rows = await db
        .update(analyticsEvents)
        .set({ userId: null })
        .where(and(lt(analyticsEvents.createdAt, before), isNotNull(analyticsEvents.userId)))
        .returning({ id: analyticsEvents.id });
      return rows.length;
    },
    async deleteBefore(before: Date): Promise<number> {
      const rows = await db.delete(analyticsEvents).where(lt(analyticsEvents.createdAt, before)).returning({ id: analyticsEvents.id });
      return rows.length;
    },
    async isOptedOut(userId: string): Promise<boolean> {
      const [row] = await db.select({ optOut: userSettings.analyticsOptOut }).from(userSettings).where(eq(userSettings.userId, userId));
      return row?.optOut ?? false;
    },
  };
}
