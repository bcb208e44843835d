import { lt } from 'drizzle-orm';
import { profileViews } from '../../db/schema';
import type { Executor } from '../../db/types';

export function profileViewsRepository(db: Executor) {
  return {
    /** Records a view once per viewer, profile and day: true when this was the viewer's first that day (even under a race). */
    async record(row: { profileUserId: string; day: string; viewer: string }): Promise<boolean> {
      const inserted = await db.insert(profileViews).values(row).onConflictDoNothing().returning({ day: profileViews.day });
      return inserted.length === 1;
    },
    /** Forgets counted profile views older than `before` (retention); answers how many. */
    async deleteBefore(before: Date): Promise<number> {
      const rows = await db.delete(profileViews).where(lt(profileViews.createdAt, before)).returning({ day: profileViews.day });
      return rows.length;
    },
  };
}
