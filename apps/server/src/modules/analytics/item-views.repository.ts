import { lt } from 'drizzle-orm';
import { itemViews } from '../../db/schema';
import type { Executor } from '../../db/types';

export function itemViewsRepository(db: Executor) {
  return {
    /** Records a view once per viewer, item and day: true when this was the viewer's first that day (even under a race). */
    async record(row: { itemId: string; day: string; viewer: string }): Promise<boolean> {
      const inserted = await db.insert(itemViews).values(row).onConflictDoNothing().returning({ itemId: itemViews.itemId });
      return inserted.length === 1;
    },
    /** Forgets counted views older than `before` (retention); answers how many. */
    async deleteBefore(before: Date): Promise<number> {
      const rows = await db.delete(itemViews).where(lt(itemViews.createdAt, before)).returning({ itemId: itemViews.itemId });
      return rows.length;
    },
  };
}
