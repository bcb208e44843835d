import { DM_MESSAGES, MESSAGE_EVENTS, type DmMessage, type DmThread, type MessageEvent } from '@curio/contract';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/types';
import { decodeCursor, nextCursor } from '../../lib/cursor';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { EventsService } from '../events/events.service';
import type { RateLimitsService } from '../rate-limits/rate-limits.service';
import { profileVisible } from '../read/visibility';
import { socialRecords } from '../social/social-records.service';
import { messagesRepository, type MessageRow, type ThreadListRow } from './messages.repository';

export interface MessageLimits {
  /** One message per this many seconds (0: no limit). */
  intervalSeconds: number;
  perHour: number;
}

const mapMessage = (m: MessageRow): DmMessage => ({
  id: m.id,
  threadId: m.threadId,
  text: m.text,
  senderId: m.senderId,
  createdAt: m.createdAt.toISOString(),
});
const threadNotFound = () => notFound('Conversation not found');
const blocked = () => new AppError(403, 'blocked', DM_MESSAGES.blocked);
const notAllowed = () => new AppError(403, 'dm_not_allowed', DM_MESSAGES.notAllowed);

/**
 * Direct messages: one thread per pair of people. Only its two participants can read a thread
 * (anyone else gets 404). Who may message whom is the one DM rule (`dmRule` in src/db/visibility.ts):
 * a message is refused when either side blocked the other, or when the recipient accepts messages
 * only from people they follow, does not follow the sender and has not written in the thread
 * themselves. Each message is recorded on the `messages` stream of both.
 */
export function createMessagesService(db: Db, deps: { events: EventsService; rateLimits: RateLimitsService; limits: MessageLimits }) {
  const repo = messagesRepository(db);

  /** Why `senderId` may not write to `recipientId` now, or null when they may: the DM rule (`dmRule` in src/db/visibility.ts). */
  async function refusal(tx: Executor, senderId: string, recipientId: string): Promise<AppError | null> {
    const { unblocked, admitted } = await messagesRepository(tx).admission(senderId, recipientId);
    if (!unblocked) return blocked();
    return admitted ? null : notAllowed();
  }

  /** The thread if the user takes part in it; 404 otherwise (and for a thread hidden by a block). */
  async function ownThread(userId: string, threadId: string) {
    const thread = await repo.findThread(threadId);
    if (!thread || (thread.userA !== userId && thread.userB !== userId)) throw threadNotFound();
    const otherId = thread.userA === userId ? thread.userB : thread.userA;
    return { thread, otherId };
  }

  function shapeThread(row: ThreadListRow): DmThread {
    return {
      id: row.id,
      other: { userId: row.otherId ?? '', handle: row.handle ?? '', displayName: row.displayName ?? '', avatarImageId: row.avatarImageId },
      // The other person deleted their account (the thread and the viewer's own messages stay).
      ...(row.otherId === null ? { otherDeleted: true } : {}),
      lastMessage:
        row.lastId && row.lastText !== null && row.lastSenderId && row.lastCreatedAt
          ? { id: row.lastId, threadId: row.id, text: row.lastText, senderId: row.lastSenderId, createdAt: row.lastCreatedAt }
          : null,
      unreadCount: row.unread,
      updatedAt: row.lastMessageAt,
      canSend: row.canSend && row.otherId !== null,
    };
  }

  /** The thread as the list shows it, or 404 when the user may not see it (not theirs, or blocked). */
  async function threadView(userId: string, threadId: string): Promise<DmThread> {
    const [row] = await repo.threadsPage(userId, null, 1, threadId);
    if (!row) throw threadNotFound();
    return shapeThread(row);
  }

  return {
    unreadTotal: (userId: string) => repo.unreadTotal(userId),

    /** Whether `senderId` may message `recipientId` now (the profile's Message button). */
    canMessage: (senderId: string, recipientId: string): Promise<boolean> => repo.allowed(senderId, recipientId),

    /**
     * The pair's thread, created when there is none. Refused with a block either way; a new thread
     * also needs the other's DM setting to admit the user, and a profile the user may not see
     * (private, or hidden by a moderator: `profileVisible`) is not found unless the two already
     * have a thread.
     */
    async upsert(userId: string, otherUserId: string) {
      if (otherUserId === userId) throw badRequest('You cannot message yourself');
      const other = await repo.profileOf(otherUserId);
      if (!other) throw notFound('Profile not found');
      const existing = await repo.findThreadOfPair(userId, otherUserId);
      if (!existing && !profileVisible(other, userId)) throw notFound('Profile not found');
      const why = await refusal(db, userId, otherUserId);
      if (why && (why.code === 'blocked' || !existing)) throw why;
      const thread = existing ?? (await repo.upsertThread(userId, otherUserId));
      return { thread: { id: thread.id } };
    },

    async threads(userId: string, input: { cursor?: string; limit: number }) {
      const after = input.cursor ? decodeCursor(input.cursor) : null;
      const [rows, unreadTotal] = await Promise.all([repo.threadsPage(userId, after, input.limit), repo.unreadTotal(userId)]);
      const page = rows.slice(0, input.limit);
      return {
        threads: page.map(shapeThread),
        nextCursor: nextCursor(rows, input.limit, (r) => ({ at: r.key, id: r.id })),
        unreadTotal,
      };
    },

    async messages(userId: string, input: { threadId: string; cursor?: string; limit: number }) {
      const thread = await threadView(userId, input.threadId);
      const after = input.cursor ? decodeCursor(input.cursor) : null;
      const rows = await repo.messagesPage(input.threadId, after, input.limit);
      return {
        thread,
        messages: rows.slice(0, input.limit).map((r) => mapMessage(r.message)),
        nextCursor: nextCursor(rows, input.limit, (r) => ({ at: r.key, id: r.message.id })),
      };
    },

    /**
     * Sends a message: only a participant, not past the limits ("Please wait before sending another
     * message" at 1 per second, "Hourly message limit reached" at 100 per hour, counted in the
     * database), and only when the recipient accepts it. Both participants' streams get it.
     */
    async send(userId: string, input: { threadId: string; text: string }) {
      const { thread, otherId } = await ownThread(userId, input.threadId);
      // The other person deleted their account: nobody reads this thread any more.
      if (otherId === null) throw notAllowed();
      const why = await refusal(db, userId, otherId);
      if (why) throw why;
      if (deps.limits.intervalSeconds > 0) {
        await deps.rateLimits.hit('dm-interval', userId, { max: 1, windowSeconds: deps.limits.intervalSeconds, message: DM_MESSAGES.tooFast });
      }
      await deps.rateLimits.hit('dm-hourly', userId, { max: deps.limits.perHour, windowSeconds: 3600, message: DM_MESSAGES.hourly, code: 'dm_hourly_limit' });
      const message = await db.transaction(async (tx) => {
        const r = messagesRepository(tx);
        const created = mapMessage(await r.insertMessage({ threadId: thread.id, senderId: userId, text: input.text }));
        // The sender has read their own thread up to their message.
        await r.markRead(thread, userId);
        for (const to of [otherId, userId]) {
          const payload: MessageEvent = { threadId: thread.id, message: created, unreadTotal: await r.unreadTotal(to) };
          await deps.events.record(tx, { userId: to, stream: 'messages', type: MESSAGE_EVENTS.message, payload });
        }
        return created;
      });
      return { message };
    },

    /** The user has read the thread; their other tabs hear the new unread total. */
    async markRead(userId: string, threadId: string) {
      await threadView(userId, threadId);
      const { thread } = await ownThread(userId, threadId);
      const unreadTotal = await db.transaction(async (tx) => {
        const r = messagesRepository(tx);
        await r.markRead(thread, userId);
        const total = await r.unreadTotal(userId);
        await deps.events.record(tx, { userId, stream: 'messages', type: MESSAGE_EVENTS.read, payload: { threadId, unreadTotal: total } });
        return total;
      });
      return { unreadTotal };
    },

    /** Reports a thread to the moderators (one open report per reporter and thread). */
    async report(userId: string, input: { threadId: string; reason: string }) {
      await ownThread(userId, input.threadId);
      // One report per reporter and thread: a repeated report answers the existing one.
      return { reportId: await socialRecords(db).fileReport({ reporterId: userId, targetType: 'thread', targetId: input.threadId, reason: input.reason }) };
    },

    async recipients(userId: string, q: string) {
      return { users: await repo.recipients(userId, q) };
    },
  };
}
export type MessagesService = ReturnType<typeof createMessagesService>;

/** What other modules may change of direct messages, on `db`: the database or the caller's transaction. */
export function messageWrites(db: Executor) {
  const repo = messagesRepository(db);
  return {
    /** A moderator hides the sender's messages in the thread sent until now, or shows all of them again. */
    setThreadHidden: (threadId: string, senderId: string, hidden: boolean) => repo.setThreadHidden(threadId, senderId, hidden),
    /** The person's own messages go; a thread goes when nothing is left in it. How many messages went. */
    removeSentBy: (userId: string) => repo.removeSentBy(userId),
  };
}
