import { eq } from 'drizzle-orm';
import { analyticsEvents, userSettings } from '../../db/schema';
import type { Executor } from '../../db/types';

export function analyticsRepository(db: Executor) {
  return {
    async insert(event: { name: string; props: Record<string, unknown>; path: string; userId: string | null; itemId?: string | null }) {
      await db.insert(analyticsEvents).values(event);
    },
    async isOptedOut(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ optOut: userSettings.analyticsOptOut })
        .from(userSettings)
        .where(eq(userSettings.userId, userId));
      return row?.optOut ?? false;
    },
  };
}
