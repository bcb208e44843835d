import { extractMentions, SOCIAL_MESSAGES, type Comment } from '@curio/contract';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/types';
import { lockKey } from '../../db/locks';
import { decodeCursor, nextCursor } from '../../lib/cursor';
import { AppError, forbidden, notFound, unauthorized } from '../../lib/errors';
import { createReadService } from '../read/read.service';
import { hiddenByBlock, profileVisible } from '../read/visibility';
import type { DomainEvents } from '../events/domain-events';
import type { NotificationsService } from '../notifications/notifications.service';
import type { RolesService } from '../roles/roles.service';
import type { SocialService } from '../social/social.service';
import { socialRecords } from '../social/social-records.service';
import { commentsRepository } from './comments.repository';

export function createCommentsService(
  db: Db,
  deps: {
    social: SocialService;
    notifications: NotificationsService;
    limits: { intervalSeconds: number; perHour: number };
    roles: Pick<RolesService, 'hasRole'>;
    /** Publishes `item.touched` once a comment changed the item's count (its cached pages go, here and elsewhere). */
    domainEvents: DomainEvents;
  },
) {
  const repo = commentsRepository(db);
  const read = createReadService(db);
  const rateLimited = (retryAfter: number) =>
    new AppError(429, 'rate_limited', SOCIAL_MESSAGES.commentRateLimit, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfter))) });

  return {
    async list(input: { itemId: string; limit: number; cursor?: string }, viewerId: string | null) {
      const item = await read.visibleItem(input.itemId, viewerId);
      const after = input.cursor ? decodeCursor(input.cursor) : null;
      // A block, either way, hides each side's comments from the other (read/visibility.ts, hiddenByBlock).
      const hidden = [...(await read.blocks(viewerId)).blocked];
      // The viewer's muted people's comments are left out of their view too (silently: the count goes with them).
      const [rows, totalCount] = await Promise.all([repo.page(input.itemId, input.limit, after, hidden, viewerId), repo.total(input.itemId, hidden, viewerId)]);
      const page = rows.slice(0, input.limit);
      const comments: Comment[] = page.map((r) => {
        const authorId = r.comment.userId;
        // A private (or moderator-hidden) author is named to themselves only: to everyone else, the
        // item's owner and admins included, the comment shows its text without who wrote it.
        const named = authorId !== null && profileVisible({ userId: authorId, public: r.authorPublic ?? false, hidden: r.authorHidden ?? false }, viewerId);
        return {
          id: r.comment.id,
          body: r.comment.body,
          createdAt: r.comment.createdAt.toISOString(),
          user: named ? { id: authorId, handle: r.handle ?? '', avatarImageId: r.avatarImageId } : null,
          // Kept for its thread after the author deleted their account: "deleted user", no text.
          ...(authorId === null ? { deletedUser: true } : {}),
          canDelete: viewerId !== null && (viewerId === authorId || viewerId === item.userId),
        };
      });
      return { comments, totalCount, nextCursor: nextCursor(rows, input.limit, (r) => ({ at: r.key, id: r.comment.id })) };
    },

    /**
     * Posts a comment: refused across a block with the item's owner (either way, like a message or a
     * follow); rate limited per user; mentions of existing handles recorded and notified.
     */
    async create(userId: string, input: { itemId: string; body: string }) {
      const item = await read.visibleItem(input.itemId, userId);
      const handles = extractMentions(input.body);
      const blocks = await read.blocks(userId);
      if (item.userId !== userId && hiddenByBlock(item.userId, blocks)) throw new AppError(403, 'blocked', SOCIAL_MESSAGES.commentBlocked);
      const created = await db.transaction(async (tx) => {
        const r = commentsRepository(tx);
        await lockKey(tx, `comment:${userId}`);
        const now = Date.now();
        const interval = deps.limits.intervalSeconds * 1000;
        if (interval > 0 && (await r.countByUserSince(userId, new Date(now - interval))) > 0) {
          const last = await r.oldestSince(userId, new Date(now - interval));
          throw rateLimited(((last?.getTime() ?? now) + interval - now) / 1000);
        }
        const hourAgo = new Date(now - 3_600_000);
        if ((await r.countByUserSince(userId, hourAgo)) >= deps.limits.perHour) {
          const oldest = await r.oldestSince(userId, hourAgo);
          throw rateLimited(((oldest?.getTime() ?? now) + 3_600_000 - now) / 1000);
        }
        const comment = await r.insert({ itemId: input.itemId, userId, body: input.body });
        // A private profile cannot be mentioned: it is not recorded and not notified.
        // Nor anyone with a block with the author, either way.
        const mentioned = (await r.mentionableByHandles(handles)).filter((m) => m.userId !== userId && !hiddenByBlock(m.userId, blocks));
        await r.addMentions(
          comment.id,
          mentioned.map((m) => m.userId),
        );
        const notes: { userId: string; kind: 'comment' | 'mention'; refId: string; actorId: string }[] = [];
        if (item.userId !== userId) notes.push({ userId: item.userId, kind: 'comment', refId: input.itemId, actorId: userId });
        for (const m of mentioned) if (m.userId !== item.userId) notes.push({ userId: m.userId, kind: 'mention', refId: input.itemId, actorId: userId });
        await deps.notifications.create(tx, notes);
        await socialRecords(tx).recountComments(input.itemId);
        return { comment, mentions: mentioned.map((m) => m.handle) };
      });
      void deps.domainEvents.publish('item.touched', { itemIds: [input.itemId] });
      const author = await repo.profileOf(userId);
      return {
        comment: {
          id: created.comment.id,
          body: created.comment.body,
          createdAt: created.comment.createdAt.toISOString(),
          user: { id: userId, handle: author?.handle ?? '', avatarImageId: author?.avatarImageId ?? null },
          canDelete: true,
        } satisfies Comment,
        mentions: created.mentions,
      };
    },

    /** The author or the item's owner may delete a comment (admins too). */
    async delete(userId: string, commentId: string) {
      const row = await repo.findWithItem(commentId);
      if (!row) throw notFound('Comment not found');
      if (row.comment.userId !== userId && row.itemOwnerId !== userId && !(await deps.roles.hasRole(userId, 'admin')))
        throw forbidden('Only its author or the item owner can delete a comment');
      await db.transaction(async (tx) => {
        await commentsRepository(tx).delete(commentId);
        await socialRecords(tx).recountComments(row.itemId);
      });
      void deps.domainEvents.publish('item.touched', { itemIds: [row.itemId] });
      return { deleted: true as const };
    },

    async report(userId: string, input: { commentId: string; reason: string }) {
      const row = await repo.findWithItem(input.commentId);
      if (!row) throw notFound('Comment not found');
      await deps.social.visibleItem(row.itemId, userId);
      // One report per reporter and comment: a repeated report (even a concurrent one) answers the existing one.
      const id = await socialRecords(db).fileReport({ reporterId: userId, targetType: 'comment', targetId: input.commentId, reason: input.reason });
      return { reportId: id };
    },

    /** Handles to mention: for signed-in people only, and never a private profile. */
    async mentionSearch(q: string, viewerId?: string | null) {
      if (!viewerId) throw unauthorized();
      // Nobody with a block either way, nor oneself, is suggested.
      const hidden = [...(await read.blocks(viewerId)).blocked];
      return { users: await repo.mentionCandidates(q, hidden) };
    },
  };
}
export type CommentsService = ReturnType<typeof createCommentsService>;

/** What other modules may change of comments, on `db`: the database or the caller's transaction. */
export function commentWrites(db: Executor) {
  return {
    /** A moderator hides the comment or shows it again (the caller recounts: `recount`). */
    setHidden: (commentId: string, hidden: boolean) => commentsRepository(db).setHidden(commentId, hidden),
    /** The item's comment counter, recounted. */
    recount: (itemId: string) => socialRecords(db).recountComments(itemId),
    /**
     * The person's comments: one that others answered after it on the same item (a thread needs it)
     * stays without author and text ("deleted user"); every other one goes. Counters are recounted.
     */
    async removeAllBy(userId: string) {
      const { kept, removed, itemIds } = await commentsRepository(db).removeAllBy(userId);
      const stats = socialRecords(db);
      for (const itemId of itemIds) await stats.recountComments(itemId);
      return { kept, removed };
    },
  };
}
