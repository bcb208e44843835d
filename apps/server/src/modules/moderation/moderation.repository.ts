import { moderationActions } from '../../db/schema';
import type { Executor } from '../../db/types';

export type ModerationActionRow = typeof moderationActions.$inferSelect;
export type NewModerationAction = {
  actorId: string;
  targetType: ModerationActionRow['targetType'];
  targetId: string;
  action: ModerationActionRow['action'];
  note: string;
  reportId?: string | null;
  dmcaId?: string | null;
};

/**
 * Records one moderation action (append-only). Call it with the transaction that makes the change,
 * so that the history holds exactly the actions that happened.
 */
export async function recordAction(db: Executor, action: NewModerationAction): Promise<ModerationActionRow> {
  const [row] = await db
    .insert(moderationActions)
    .values({ ...action, reportId: action.reportId ?? null, dmcaId: action.dmcaId ?? null })
    .returning();
  return row!;
}
