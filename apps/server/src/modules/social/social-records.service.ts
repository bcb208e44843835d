import type { Executor } from '../../db/types';
import { reportsRepository, type ReportTarget } from './reports.repository';
import { socialRepository } from './social.repository';
import { statsRepository } from './stats.repository';

/**
 * What other modules ask of the social module's tables (likes, saves, item counters, reports), in the
 * database or in their own transaction (`db` may be the caller's `tx`): the social module's
 * repositories alone write them.
 */
export function socialRecords(db: Executor) {
  const stats = statsRepository(db);
  return {
    /**
     * Files a report once per reporter and target while it is open: a repeated report (even a
     * concurrent one) answers the open report's id.
     */
    fileReport: (row: { reporterId: string; targetType: ReportTarget; targetId: string; reason: string; note?: string | null }) =>
      reportsRepository(db).fileOnce(row),
    /** Closes reports as a moderator decided (hidden or dismissed). */
    closeReports: (ids: string[], status: 'hidden' | 'dismissed') => reportsRepository(db).close(ids, status),
    /** The item's comment counter, recounted from its visible comments. */
    recountComments: (itemId: string) => stats.recountComments(itemId),
    /** One more view of the item (its counter). */
    addView: (itemId: string) => stats.addView(itemId),
    /** A person's likes and saves go (their account is deleted); the items' counters are recounted. */
    async removeMarksOf(userId: string) {
      const { liked, saved } = await socialRepository(db).removeMarksOf(userId);
      for (const itemId of liked) await stats.recountLikes(itemId);
      for (const itemId of saved) await stats.recountSaves(itemId);
    },
  };
}
