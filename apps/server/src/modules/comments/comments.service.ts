import { extractMentions, SOCIAL_MESSAGES, type Comment } from '@curio/contract';
import type { Db } from '../../db/client';
import { lockKey } from '../../db/locks';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';
import type { NotificationsService } from '../notifications/notifications.service';
import type { SocialService } from '../social/social.service';
import { statsRepository } from '../social/stats.repository';
import { commentsRepository, type CommentRow } from './comments.repository';

const encodeCursor = (c: CommentRow) => Buffer.from(`${c.createdAt.toISOString()}|${c.id}`).toString('base64url');
function decodeCursor(cursor: string) {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) throw badRequest('Not a valid cursor', { cursor: 'Not a valid cursor' });
  return { createdAt, id };
}

export function createCommentsService(
  db: Db,
  deps: {
    social: SocialService;
    notifications: NotificationsService;
    limits: { intervalSeconds: number; perHour: number };
    isAdmin: (userId: string) => Promise<boolean>;
  },
) {
  const repo = commentsRepository(db);
  const rateLimited = (retryAfter: number) =>
    new AppError(429, 'rate_limited', SOCIAL_MESSAGES.commentRateLimit, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfter))) });

  return {
    async list(input: { itemId: string; limit: number; cursor?: string }, viewerId: string | null) {
      const item = await deps.social.visibleItem(input.itemId, viewerId);
      const after = input.cursor ? decodeCursor(input.cursor) : null;
      const [rows, totalCount] = await Promise.all([repo.page(input.itemId, input.limit, after), repo.total(input.itemId)]);
      const page = rows.slice(0, input.limit);
      const comments: Comment[] = page.map((r) => ({
        id: r.comment.id,
        body: r.comment.body,
        createdAt: r.comment.createdAt.toISOString(),
        user: { id: r.comment.userId, handle: r.handle, avatarImageId: r.avatarImageId },
        canDelete: viewerId !== null && (viewerId === r.comment.userId || viewerId === item.userId),
      }));
      return { comments, totalCount, nextCursor: rows.length > input.limit ? encodeCursor(page.at(-1)!.comment) : null };
    },

    /** Posts a comment: rate limited per user, mentions of existing handles recorded and notified. */
    async create(userId: string, input: { itemId: string; body: string }) {
      const item = await deps.social.visibleItem(input.itemId, userId);
      const handles = extractMentions(input.body);
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
        const mentioned = (await r.usersByHandles(handles)).filter((m) => m.userId !== userId);
        await r.addMentions(comment.id, mentioned.map((m) => m.userId));
        const notes: { userId: string; kind: 'comment' | 'mention'; refId: string; actorId: string }[] = [];
        if (item.userId !== userId) notes.push({ userId: item.userId, kind: 'comment', refId: input.itemId, actorId: userId });
        for (const m of mentioned) if (m.userId !== item.userId) notes.push({ userId: m.userId, kind: 'mention', refId: input.itemId, actorId: userId });
        await deps.notifications.create(tx, notes);
        await statsRepository(tx).recountComments(input.itemId);
        return { comment, mentions: mentioned.map((m) => m.handle) };
      });
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
      if (row.comment.userId !== userId && row.itemOwnerId !== userId && !(await deps.isAdmin(userId))) throw forbidden('Only its author or the item owner can delete a comment');
      await db.transaction(async (tx) => {
        await commentsRepository(tx).delete(commentId);
        await statsRepository(tx).recountComments(row.itemId);
      });
      return { deleted: true };
    },

    async report(userId: string, input: { commentId: string; reason: string }) {
      const row = await repo.findWithItem(input.commentId);
      if (!row) throw notFound('Comment not found');
      await deps.social.visibleItem(row.itemId, userId);
      const id = await repo.report({ reporterId: userId, targetId: input.commentId, reason: input.reason });
      return { reportId: id };
    },

    async mentionSearch(q: string) {
      return { users: await repo.mentionCandidates(q) };
    },
  };
}
export type CommentsService = ReturnType<typeof createCommentsService>;
