import {
  MODERATION_MESSAGES,
  MODERATION_PAGE,
  type FunctionParsedInput,
  type ModActionsListResult,
  type ModReportActResult,
  type ModReportGetResult,
  type ModReportsListResult,
  type ReportTarget,
} from '@curio/contract';
import type { Db } from '../../db/client';
import { conflict, badRequest, notFound } from '../../lib/errors';
import { decodeCursor, nextCursor } from '../../lib/cursor';
import { commentWrites } from '../comments/comments.service';
import { itemRecords } from '../items/item-records.service';
import { messageWrites } from '../messages/messages.service';
import type { DomainEventMap, DomainEvents } from '../events/domain-events';
import type { NotificationsService } from '../notifications/notifications.service';
import { profileReads, profileWrites } from '../profiles/profiles.service';
import { createReadService } from '../read/read.service';
import { profileVisible } from '../read/visibility';
import { socialRecords } from '../social/social-records.service';
import { moderationRepository } from './moderation.repository';

type Visibility = DomainEventMap['moderation.visibility'];

/**
 * Reports and the moderation of reported content (spec part 2 §4 "Report statuses"): hide hides
 * the content and marks its open reports hidden; unhide shows it again and marks its open reports
 * dismissed; dismiss closes its open reports and changes nothing else. Every act is recorded
 * (moderation_actions) and every reporter whose report it closes is told the outcome, in the same
 * transaction; an unhide is also told to the item's owner and to the reporters who had been told it was removed.
 */
export function createModerationService(
  db: Db,
  deps: {
    notifications: NotificationsService;
    /** Publishes `moderation.visibility` in the transaction of a hide or an unhide. */
    domainEvents: DomainEvents;
  },
) {
  const repo = moderationRepository(db);
  const read = createReadService(db);

  async function target(report: { targetType: string; targetId: string; reporterId: string | null; createdAt: Date }): Promise<ReportTarget> {
    switch (report.targetType) {
      case 'item': {
        const item = await repo.modItem(report.targetId);
        return item ? { type: 'item', item } : { type: 'missing' };
      }
      case 'comment': {
        const comment = await repo.comment(report.targetId);
        const item = comment ? await repo.modItem(comment.itemId) : null;
        if (!comment || !item) return { type: 'missing' };
        // A comment whose author deleted their account has no author (null) any more.
        const people = await repo.people(comment.userId ? [comment.userId] : []);
        return {
          type: 'comment',
          comment: {
            id: comment.id,
            body: comment.body,
            hidden: comment.hidden,
            author: (comment.userId && people.get(comment.userId)) || null,
            createdAt: comment.createdAt.toISOString(),
          },
          item,
        };
      }
      case 'profile': {
        const p = await repo.profileById(report.targetId);
        if (!p) return { type: 'missing' };
        return {
          type: 'profile',
          profile: {
            userId: p.userId,
            handle: p.handle,
            displayName: p.displayName,
            avatarImageId: p.avatarImageId,
            bio: p.bio,
            hidden: p.hidden,
            public: p.public,
            createdAt: p.createdAt.toISOString(),
          },
        };
      }
      case 'thread': {
        const t = await repo.thread(report.targetId);
        if (!t) return { type: 'missing' };
        const reportedId = report.reporterId === null ? null : t.userA === report.reporterId ? t.userB : t.userA;
        if (!reportedId) return { type: 'thread', threadId: t.id, reported: null, hidden: false, messages: [] };
        const [messages, people, hidden] = await Promise.all([
          repo.threadMessages(t.id, reportedId, report.createdAt, MODERATION_PAGE),
          repo.people([reportedId]),
          repo.threadHidden(t.id, reportedId),
        ]);
        const reported = people.get(reportedId) ?? null;
        return {
          type: 'thread',
          threadId: t.id,
          reported,
          hidden,
          messages: messages.map((m) => ({ id: m.id, text: m.text, sender: reported, createdAt: m.createdAt.toISOString(), hidden: m.hidden })),
        };
      }
      default:
        return { type: 'missing' };
    }
  }

  const stripKey = <T extends { key: string }>({ key: _key, ...rest }: T): Omit<T, 'key'> => rest;

  return {
    /** A signed-in user reports an item they can see (not their own). */
    async reportItem(userId: string, input: FunctionParsedInput<'item-report'>) {
      const item = await read.visibleItem(input.itemId, userId);
      if (item.userId === userId) throw badRequest(MODERATION_MESSAGES.ownContent);
      const reportId = await socialRecords(db).fileReport({
        reporterId: userId,
        targetType: 'item',
        targetId: item.id,
        reason: input.reason,
        note: input.note ?? null,
      });
      return { reportId };
    },

    /** A signed-in user reports a profile they can see (not their own), named by user id or handle. */
    async reportProfile(userId: string, input: FunctionParsedInput<'profile-report'>) {
      const profiles = profileReads(db);
      const profile = input.userId ? await profiles.findByUser(input.userId) : await profiles.findByHandle(input.handle!);
      if (!profile || !profileVisible(profile, userId)) throw notFound('Profile not found');
      if (profile.userId === userId) throw badRequest(MODERATION_MESSAGES.ownContent);
      const reportId = await socialRecords(db).fileReport({
        reporterId: userId,
        targetType: 'profile',
        targetId: profile.id,
        reason: input.reason,
        note: input.note ?? null,
      });
      return { reportId };
    },

    async listReports(input: FunctionParsedInput<'mod-reports-list'>): Promise<ModReportsListResult> {
      const after = input.cursor ? decodeCursor(input.cursor) : null;
      const [rows, counts] = await Promise.all([
        repo.listReports({ status: input.status, targetType: input.targetType, after }, MODERATION_PAGE),
        repo.counts(input.targetType),
      ]);
      return {
        reports: rows.slice(0, MODERATION_PAGE).map(stripKey),
        counts,
        nextCursor: nextCursor(rows, MODERATION_PAGE, (r) => ({ at: r.key, id: r.id })),
      };
    },

    async getReport(reportId: string): Promise<ModReportGetResult> {
      const report = await repo.report(reportId);
      const row = report ? await repo.reportRow(reportId) : null;
      if (!report || !row) throw notFound('Report not found');
      const [content, others, actions] = await Promise.all([
        target(row),
        repo.otherReports({ type: report.targetType, id: report.targetId }, report.id),
        repo.actionsOn({ type: report.targetType, id: report.targetId }),
      ]);
      return { report: stripKey(report), target: content, otherReports: others.map(stripKey), actions: actions.map(stripKey) };
    },

    async act(actorId: string, input: FunctionParsedInput<'mod-report-act'>): Promise<ModReportActResult> {
      const outcome = await deps.domainEvents.transaction(db, async (tx, publish) => {
        const r = moderationRepository(tx);
        const report = await r.lockReport(input.reportId);
        if (!report) throw notFound('Report not found');
        const targetRef = { type: report.targetType, id: report.targetId };
        const open = await r.openReports(targetRef);
        const gone = () => conflict('moderation_state', MODERATION_MESSAGES.targetGone);

        // The target's current state, and how to change it.
        let hidden = false;
        let exists = true;
        let setHidden: (h: boolean) => Promise<void> = async () => undefined;
        let announce: Visibility | null = null;
        let afterChange: () => Promise<unknown> = async () => undefined;
        let itemOwnerId: string | null = null;
        switch (report.targetType) {
          case 'item': {
            const item = await r.itemOwner(report.targetId);
            itemOwnerId = item?.userId ?? null;
            exists = Boolean(item);
            hidden = Boolean(item?.hidden);
            if (item && input.action === 'unhide' && item.hiddenSource === 'dmca') throw conflict('moderation_state', MODERATION_MESSAGES.dmcaHidden);
            setHidden = (h) => itemRecords(tx).setHiddenByModerator(report.targetId, h);
            announce = { type: 'item', itemId: report.targetId };
            break;
          }
          case 'comment': {
            const comment = await r.comment(report.targetId);
            exists = Boolean(comment);
            hidden = Boolean(comment?.hidden);
            setHidden = (h) => commentWrites(tx).setHidden(report.targetId, h);
            if (comment) {
              afterChange = () => commentWrites(tx).recount(comment.itemId);
              // The item's comment count changes: its cached pages go in every process.
              announce = { type: 'item', itemId: comment.itemId };
            }
            break;
          }
          case 'profile': {
            const profile = await r.profileById(report.targetId);
            exists = Boolean(profile);
            hidden = Boolean(profile?.hidden);
            setHidden = (h) => profileWrites(tx).setHiddenById(report.targetId, h);
            announce = { type: 'profile', profileId: report.targetId };
            break;
          }
          case 'thread': {
            const thread = await r.thread(report.targetId);
            const reported = thread && report.reporterId ? (thread.userA === report.reporterId ? thread.userB : thread.userA) : null;
            exists = Boolean(reported);
            hidden = reported ? await r.threadHidden(report.targetId, reported) : false;
            if (reported) setHidden = (h) => messageWrites(tx).setThreadHidden(report.targetId, reported, h);
            break;
          }
        }

        let closeAs: 'hidden' | 'dismissed';
        if (input.action === 'hide') {
          if (!exists) throw gone();
          if (hidden && !open.length) throw conflict('moderation_state', MODERATION_MESSAGES.alreadyHidden);
          if (!hidden) {
            await setHidden(true);
            // The owner of a hidden item hears of it (their item page shows the banner).
            if (itemOwnerId) await deps.notifications.create(tx, [{ userId: itemOwnerId, kind: 'item_hidden', refId: report.targetId, actorId: null }]);
          }
          closeAs = 'hidden';
        } else if (input.action === 'unhide') {
          if (!exists) throw gone();
          if (!hidden) throw conflict('moderation_state', MODERATION_MESSAGES.notHidden);
          await setHidden(false);
          // A reversal is told to whoever heard of the decision: the owner of the item, and each reporter who was told
          // the content was removed (their earlier notification stays true of its time).
          const told = (await r.hiddenReports(targetRef)).filter((o) => o.reporterId && o.reporterId !== actorId);
          await deps.notifications.create(tx, [
            ...(itemOwnerId ? [{ userId: itemOwnerId, kind: 'item_restored' as const, refId: report.targetId, actorId: null }] : []),
            ...told.map((o) => ({ userId: o.reporterId!, kind: 'report_reversed' as const, refId: o.id, actorId: null })),
          ]);
          closeAs = 'dismissed';
        } else {
          if (!open.length) throw conflict('moderation_state', MODERATION_MESSAGES.alreadyClosed);
          closeAs = 'dismissed';
        }
        const changed = input.action !== 'dismiss' && (input.action === 'unhide' || !hidden);
        if (changed) {
          await afterChange();
          if (announce) await publish('moderation.visibility', announce);
        }

        await socialRecords(tx).closeReports(
          open.map((o) => o.id),
          closeAs,
        );
        const action = await r.recordAction({
          actorId,
          targetType: report.targetType,
          targetId: report.targetId,
          reportId: report.id,
          action: input.action,
          note: input.note,
        });
        // Each reporter whose report this closed hears the outcome (the report names it: its status).
        const reporters = open.filter((o) => o.reporterId && o.reporterId !== actorId);
        await deps.notifications.create(
          tx,
          reporters.map((o) => ({ userId: o.reporterId!, kind: 'report_outcome' as const, refId: o.id, actorId: null })),
        );
        return { actionId: action.id, closed: open.length, changed };
      });
      const [report, action] = await Promise.all([repo.report(input.reportId), repo.actionById(outcome.actionId)]);
      return { report: stripKey(report!), action: stripKey(action), closedReports: outcome.closed };
    },

    async listActions(input: FunctionParsedInput<'mod-actions-list'>): Promise<ModActionsListResult> {
      const after = input.cursor ? decodeCursor(input.cursor) : null;
      const rows = await repo.listActions({ targetType: input.targetType, after }, MODERATION_PAGE);
      return { actions: rows.slice(0, MODERATION_PAGE).map(stripKey), nextCursor: nextCursor(rows, MODERATION_PAGE, (r) => ({ at: r.key, id: r.id })) };
    },
  };
}
export type ModerationService = ReturnType<typeof createModerationService>;
