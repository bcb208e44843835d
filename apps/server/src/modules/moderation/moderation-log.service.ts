import type { Executor } from '../../db/types';
import { moderationRepository, recordAction, type NewModerationAction } from './moderation.repository';

/**
 * The moderation log as other modules use it, on `db` (the database or the caller's transaction):
 * DMCA records its actions in it, notifications read what came of a person's reports.
 */
export function moderationLog(db: Executor) {
  return {
    /** Records an action, in the caller's transaction. */
    record: (action: NewModerationAction) => recordAction(db, action),
    /** What came of these reports. */
    outcomes: (reportIds: string[]) => moderationRepository(db).outcomes(reportIds),
  };
}
