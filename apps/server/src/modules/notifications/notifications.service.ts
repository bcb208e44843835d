import type { NotificationCreatedEvent, NotificationListEntry, NotificationsListResult } from '@curio/contract';
import { NOTIFICATION_EVENTS, NOTIFICATION_GROUP_ACTORS } from '@curio/contract';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/types';
import { decodeCursor, nextCursor } from '../../lib/cursor';
import type { EventsService } from '../events/events.service';
import { moderationLog } from '../moderation/moderation-log.service';
import { createReadService, itemReads } from '../read/read.service';
import { itemAccess, profileVisible } from '../read/visibility';
import { notificationsRepository, type NewNotification } from './notifications.repository';

/**
 * A new notification as its event is recorded: the entry alone. The unseen count a bell shows with it is counted when
 * the event is sent on an open stream (`withUnseenCount`), so that a notification nobody is watching for costs no count
 * (a batch of likes notifies many owners, most of them away).
 */
export type RecordedNotificationCreated = Omit<NotificationCreatedEvent, 'unseenCount'>;

const ITEM_KINDS = new Set(['like', 'comment', 'mention', 'item_hidden', 'item_restored']);
/** Kinds whose ref is a report (its target's label and its outcome are read with the page). */
const REPORT_KINDS = new Set(['report_outcome', 'report_reversed']);

export function createNotificationsService(db: Db, deps: { events: EventsService }) {
  const repo = notificationsRepository(db);
  const read = createReadService(db);

  /** Records the user's unseen count on their `notifications` stream (every open bell follows it). */
  async function announceUnseen(tx: Executor, userId: string) {
    const count = await notificationsRepository(tx).unseenCount(userId);
    await deps.events.record(tx, { userId, stream: 'notifications', type: NOTIFICATION_EVENTS.unseen, payload: { count } });
    return count;
  }

  return {
    unseenCount: (userId: string) => repo.unseenCount(userId),

    /** A recorded `created` event as an open stream sends it: with the user's unseen count now. */
    async withUnseenCount(userId: string, event: RecordedNotificationCreated): Promise<NotificationCreatedEvent> {
      return { ...event, unseenCount: await repo.unseenCount(userId) };
    },

    /**
     * Stores notifications in the caller's transaction and records, for each, a `notifications`
     * event carrying the entry (its stream adds the unseen count as it sends it), so every open bell updates at
     * commit: two statements whatever the number of rows (a batch of likes notifies many owners at once), a
     * third when one is a mention.
     * Left out: one's own acts, acts of someone with a block with the recipient (either way), and
     * notifications about an item the recipient may not see (a private profile's item).
     */
    async create(tx: Executor, rows: NewNotification[]) {
      const candidates = rows.filter((n) => !(n.actorId && n.actorId === n.userId));
      // Likes and comments go to the item's owner, who always sees it; a mention may reach someone who may not.
      const mentionItems = [...new Set(candidates.filter((n) => n.kind === 'mention' && n.refId).map((n) => n.refId!))];
      const items = mentionItems.length ? new Map((await itemReads(tx).hydrate(mentionItems)).map((i) => [i.id, i])) : null;
      const kept = items
        ? candidates.filter((n) => {
            if (n.kind !== 'mention' || !n.refId) return true;
            const item = items.get(n.refId);
            return Boolean(item && itemAccess(item, { id: n.userId, isAdmin: false }) === 'visible');
          })
        : candidates;
      // A block either way between recipient and actor (the read pipeline's rule, `notBlockedBetween`) is checked as
      // they are stored; each stored one comes with its recipient's unseen count after all of these (a bell shows the last).
      const inserted = await notificationsRepository(tx).insertUnblocked(kept);
      if (!inserted.length) return;
      await deps.events.recordMany(
        tx,
        inserted.map((n) => {
          const payload: RecordedNotificationCreated = {
            notification: { id: n.id, kind: n.kind, refId: n.refId, actorId: n.actorId, createdAt: n.createdAt.toISOString() },
          };
          return { userId: n.userId, stream: 'notifications', type: NOTIFICATION_EVENTS.created, payload };
        }),
      );
    },

    /**
     * The notifications page: newest first, likes of one item grouped ("Ana and 3 others liked …"),
     * each with its actors' profiles (a private profile's person is not named) and the item's title.
     * Entries about an item the user may no longer see (deleted, hidden, a private profile's) are left out.
     * Pages by the spec's page number, or by `cursor` (the previous answer's `nextCursor`, lib/cursor.ts),
     * which new notifications arriving between pages never shift; `nextPage` answers only the former.
     */
    async list(userId: string, input: { page: number; pageSize: number; cursor?: string }): Promise<NotificationsListResult> {
      const after = input.cursor ? decodeCursor(input.cursor) : null;
      const rows = await repo.groupedPage(userId, { after, offset: input.page * input.pageSize }, input.pageSize);
      const page = rows.slice(0, input.pageSize);
      const actorIds = [...new Set(page.flatMap((r) => r.actorIds).filter((a): a is string => Boolean(a)))];
      const itemIds = [...new Set(page.filter((r) => ITEM_KINDS.has(r.kind) && r.refId).map((r) => r.refId!))];
      const reportIds = [...new Set(page.filter((r) => REPORT_KINDS.has(r.kind) && r.refId).map((r) => r.refId!))];
      const [people, items, unseenCount, outcomes] = await Promise.all([
        repo.profilesOf(actorIds),
        read.list(itemIds, userId, { excludeNsfw: false, requireImage: false }),
        repo.unseenCount(userId),
        moderationLog(db).outcomes(reportIds),
      ]);
      const shown = new Map(
        people
          .filter((p) => profileVisible(p, userId))
          .map((p) => [p.userId, { user_id: p.userId, handle: p.handle, display_name: p.displayName, avatar_image_id: p.avatarImageId }]),
      );
      const titles = new Map(items.map(({ item }) => [item.id, item.title]));
      const notifications: NotificationListEntry[] = [];
      for (const r of page) {
        const itemTitle = r.refId ? (titles.get(r.refId) ?? null) : null;
        if (ITEM_KINDS.has(r.kind) && itemTitle === null) continue;
        const outcome = REPORT_KINDS.has(r.kind) && r.refId ? outcomes.get(r.refId) : undefined;
        // A report outcome whose report is gone (its reporter deleted it with their account) or still open says nothing.
        if (REPORT_KINDS.has(r.kind) && (!outcome || outcome.status === 'open')) continue;
        const distinct = [...new Set(r.actorIds.filter((a): a is string => Boolean(a)))];
        const latest = distinct[0] ?? null;
        notifications.push({
          id: r.id,
          ids: r.ids,
          kind: r.kind,
          ref_id: r.refId,
          seen: r.seen,
          created_at: r.createdAt.toISOString(),
          actorProfile: latest ? (shown.get(latest) ?? null) : null,
          actors: distinct.flatMap((a) => shown.get(a) ?? []).slice(0, NOTIFICATION_GROUP_ACTORS),
          actorCount: r.actorCount,
          itemTitle,
          report: outcome
            ? { outcome: outcome.status === 'hidden' ? 'hidden' : 'dismissed', targetType: outcome.targetType, targetLabel: outcome.targetLabel }
            : null,
        });
      }
      return {
        notifications,
        nextPage: rows.length > input.pageSize && !after ? input.page + 1 : null,
        nextCursor: nextCursor(rows, input.pageSize, (r) => ({ at: r.key, id: r.id })),
        unseenCount,
      };
    },

    /** Marks all the user's notifications seen, or those of `ids`; every open bell hears the new count. */
    async markRead(userId: string, ids?: string[]) {
      const unseenCount = await db.transaction(async (tx) => {
        await notificationsRepository(tx).markSeen(userId, ids);
        return announceUnseen(tx, userId);
      });
      return { unseenCount };
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
