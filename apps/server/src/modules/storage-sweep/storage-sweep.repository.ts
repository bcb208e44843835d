import { inArray } from 'drizzle-orm';
import { images } from '../../db/schema';
import type { Executor } from '../../db/types';

export function storageSweepRepository(db: Executor) {
  return {
    /** Which of these image ids have a row. */
    async existingImageIds(ids: string[]): Promise<Set<string>> {
      if (!ids.length) return new Set();
      const rows = await db.select({ id: images.id }).from(images).where(inArray(images.id, ids));
      return new Set(rows.map((r) => r.id));
    },
  };
}
