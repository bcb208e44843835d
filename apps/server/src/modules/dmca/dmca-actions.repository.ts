import { desc, eq, or, and, sql } from 'drizzle-orm';
import type { ModerationActionEntry } from '@curio/contract';
import { dmcaNotices, items, moderationActions, profiles } from '../../db/schema';
import type { Executor } from '../../db/types';

/** Moderation actions as the DMCA review shows them: the moderator's profile and a label of the target. */
export function dmcaActionsRepository(db: Executor) {
  const select = () =>
    db
      .select({
        a: moderationActions,
        actor: { userId: profiles.userId, handle: profiles.handle, displayName: profiles.displayName, avatarImageId: profiles.avatarImageId },
        itemTitle: items.title,
        reference: dmcaNotices.reference,
      })
      .from(moderationActions)
      .leftJoin(profiles, eq(profiles.userId, moderationActions.actorId))
      .leftJoin(items, and(eq(moderationActions.targetType, 'item'), sql`${items.id}::text = ${moderationActions.targetId}`))
      .leftJoin(dmcaNotices, eq(dmcaNotices.reference, moderationActions.dmcaId));
  type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
  const entry = (r: Row): ModerationActionEntry => ({
    id: r.a.id,
    actor: r.actor && r.actor.userId ? r.actor : null,
    targetType: r.a.targetType,
    targetId: r.a.targetId,
    reportId: r.a.reportId,
    dmcaId: r.a.dmcaId,
    action: r.a.action,
    note: r.a.note,
    createdAt: r.a.createdAt.toISOString(),
    targetLabel: r.a.targetType === 'item' ? r.itemTitle : r.a.targetType === 'dmca' ? (r.reference ?? r.a.targetId) : null,
  });
  return {
    /** Actions on this notice and on its item (reports' actions included), newest first. */
    async forNotice(reference: string, itemId: string | null): Promise<ModerationActionEntry[]> {
      const rows = await select()
        .where(
          itemId
            ? or(eq(moderationActions.dmcaId, reference), and(eq(moderationActions.targetType, 'item'), eq(moderationActions.targetId, itemId)))
            : eq(moderationActions.dmcaId, reference),
        )
        .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
        .limit(100);
      return rows.map(entry);
    },
    async describe(actionId: string): Promise<ModerationActionEntry> {
      const [row] = await select().where(eq(moderationActions.id, actionId));
      return entry(row!);
    },
  };
}
