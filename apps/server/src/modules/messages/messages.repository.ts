import { and, desc, eq, or, sql } from 'drizzle-orm';
import { dmMessages, dmThreads, profiles } from '../../db/schema';
import { cursorKey, olderThan } from '../../db/keyset';
import { pgBool, rowsOf } from '../../db/rows';
import type { Executor } from '../../db/types';
import type { Cursor } from '../../lib/cursor';
import { dmAllowed, dmRule, profileVisibleTo } from '../../db/visibility';

export type ThreadRow = typeof dmThreads.$inferSelect;
export type MessageRow = typeof dmMessages.$inferSelect;

/** The pair in the order the table keeps it (byte order, as its check constraint). */
export const orderedPair = (x: string, y: string): [string, string] => (Buffer.compare(Buffer.from(x), Buffer.from(y)) < 0 ? [x, y] : [y, x]);

export interface ThreadListRow {
  id: string;
  key: string;
  otherId: string;
  handle: string | null;
  displayName: string | null;
  avatarImageId: string | null;
  lastMessageAt: string;
  lastId: string | null;
  lastText: string | null;
  lastSenderId: string | null;
  lastCreatedAt: string | null;
  unread: number;
  /** The other party's DM setting admits the user (the thread is listed only without a block). */
  canSend: boolean;
}

/** Messages of the thread `t` sent by the other party after the user read it, as SQL. */
const unreadOf = (userId: string) => sql`(select count(*)::int from ${dmMessages} m
  where m.thread_id = t.id and m.sender_id <> ${userId} and not m.hidden
    and m.created_at > coalesce(case when t.user_a = ${userId} then t.a_read_at else t.b_read_at end, '-infinity'::timestamptz))`;
/** The other party of thread `t`, as SQL. */
const otherOf = (userId: string) => sql`case when t.user_a = ${userId} then t.user_b else t.user_a end`;
/** Threads of the user whose other party has no block with them, either way, as SQL over `t` (the DM rule's `unblocked`). */
const unblocked = (userId: string) => dmRule(userId, otherOf(userId)).unblocked;

export function messagesRepository(db: Executor) {
  return {
    /** The pair's thread, created when there is none (the unique pair settles concurrent calls). */
    async upsertThread(x: string, y: string): Promise<ThreadRow> {
      const [userA, userB] = orderedPair(x, y);
      const [created] = await db.insert(dmThreads).values({ userA, userB }).onConflictDoNothing().returning();
      if (created) return created;
      const [existing] = await db
        .select()
        .from(dmThreads)
        .where(and(eq(dmThreads.userA, userA), eq(dmThreads.userB, userB)));
      return existing!;
    },
    async findThreadOfPair(x: string, y: string): Promise<ThreadRow | null> {
      const [userA, userB] = orderedPair(x, y);
      const [row] = await db
        .select()
        .from(dmThreads)
        .where(and(eq(dmThreads.userA, userA), eq(dmThreads.userB, userB)));
      return row ?? null;
    },
    async findThread(id: string): Promise<ThreadRow | null> {
      const [row] = await db.select().from(dmThreads).where(eq(dmThreads.id, id));
      return row ?? null;
    },
    /** The user's threads (the other party without a block either way), latest activity first, one row more than `limit`. */
    async threadsPage(userId: string, after: Cursor | null, limit: number, only?: string): Promise<ThreadListRow[]> {
      const result = await db.execute(sql`
        select t.id, ${cursorKey(sql`t.last_message_at`)} as key,
               case when t.user_a = ${userId} then t.user_b else t.user_a end as "otherId",
               p.handle, p.display_name as "displayName",
               -- The avatar of someone the user may no longer see (private, hidden) is theirs alone (image delivery refuses it).
               case when ${profileVisibleTo('p', userId)} then p.avatar_image_id end as "avatarImageId",
               t.last_message_at as "lastMessageAt",
               lm.id as "lastId", lm.text as "lastText", lm.sender_id as "lastSenderId", lm.created_at as "lastCreatedAt",
               ${unreadOf(userId)} as unread,
               ${dmRule(userId, otherOf(userId)).admitted} as "canSend"
        from ${dmThreads} t
        left join ${profiles} p on p.user_id = case when t.user_a = ${userId} then t.user_b else t.user_a end
        left join lateral (select m.id, m.text, m.sender_id, m.created_at from ${dmMessages} m where m.thread_id = t.id and not m.hidden
                           order by m.created_at desc, m.id desc limit 1) lm on true
        where (t.user_a = ${userId} or t.user_b = ${userId}) and ${unblocked(userId)}
          ${only ? sql`and t.id = ${only}::uuid` : sql``}
          ${after ? sql`and ${olderThan(sql`t.last_message_at`, sql`t.id`, after)}` : sql``}
        order by t.last_message_at desc, t.id desc
        limit ${limit + 1}`);
      return rowsOf<
        Omit<ThreadListRow, 'lastMessageAt' | 'lastCreatedAt' | 'unread' | 'canSend'> & {
          lastMessageAt: string | Date;
          lastCreatedAt: string | Date | null;
          unread: number | string;
          canSend: boolean | string;
        }
      >(result).map((r) => ({
        ...r,
        canSend: pgBool(r.canSend),
        lastMessageAt: new Date(r.lastMessageAt).toISOString(),
        lastCreatedAt: r.lastCreatedAt ? new Date(r.lastCreatedAt).toISOString() : null,
        unread: Number(r.unread),
      }));
    },
    /** Unread messages over all the user's threads (blocked parties' left out). */
    async unreadTotal(userId: string): Promise<number> {
      const [row] = rowsOf<{ n: number | string }>(
        await db.execute(sql`select coalesce(sum(${unreadOf(userId)}), 0)::int as n from ${dmThreads} t
          where (t.user_a = ${userId} or t.user_b = ${userId}) and ${unblocked(userId)}`),
      );
      return Number(row?.n ?? 0);
    },
    /** A page of a thread's messages, newest first, one row more than `limit`. */
    async messagesPage(threadId: string, after: Cursor | null, limit: number) {
      // Messages a moderator hid (a reported thread) are shown to neither party.
      const inThread = and(eq(dmMessages.threadId, threadId), eq(dmMessages.hidden, false))!;
      return db
        .select({ message: dmMessages, key: cursorKey(dmMessages.createdAt) })
        .from(dmMessages)
        .where(after ? and(inThread, olderThan(dmMessages.createdAt, dmMessages.id, after)) : inThread)
        .orderBy(desc(dmMessages.createdAt), desc(dmMessages.id))
        .limit(limit + 1);
    },
    /** Stores a message and moves the thread's activity time (now(): the message's own time, in one transaction). */
    async insertMessage(row: { threadId: string; senderId: string; text: string }): Promise<MessageRow> {
      const [created] = await db.insert(dmMessages).values(row).returning();
      await db
        .update(dmThreads)
        .set({ lastMessageAt: sql`greatest(${dmThreads.lastMessageAt}, now())` })
        .where(eq(dmThreads.id, row.threadId));
      return created!;
    },
    /** The user has read the thread up to now. */
    async markRead(thread: ThreadRow, userId: string) {
      const set = thread.userA === userId ? { aReadAt: sql`now()` } : { bReadAt: sql`now()` };
      await db.update(dmThreads).set(set).where(eq(dmThreads.id, thread.id));
    },
    /** The DM rule for `senderId` writing to `recipientId` now, its two parts apart (one query). */
    async admission(senderId: string, recipientId: string): Promise<{ unblocked: boolean; admitted: boolean }> {
      const rule = dmRule(senderId, recipientId);
      const [row] = rowsOf<{ unblocked: boolean | string; admitted: boolean | string }>(
        await db.execute(sql`select ${rule.unblocked} as unblocked, ${rule.admitted} as admitted`),
      );
      return { unblocked: pgBool(row?.unblocked), admitted: pgBool(row?.admitted) };
    },
    /** Whether `senderId` may message `recipientId` now (the whole DM rule; never oneself). */
    async allowed(senderId: string, recipientId: string): Promise<boolean> {
      if (senderId === recipientId) return false;
      const [row] = rowsOf<{ ok: boolean | string }>(await db.execute(sql`select ${dmAllowed(senderId, recipientId)} as ok`));
      return pgBool(row?.ok);
    },
    async profileOf(userId: string) {
      const [row] = await db
        .select({
          userId: profiles.userId,
          handle: profiles.handle,
          displayName: profiles.displayName,
          avatarImageId: profiles.avatarImageId,
          public: profiles.public,
          hidden: profiles.hidden,
        })
        .from(profiles)
        .where(eq(profiles.userId, userId));
      return row ?? null;
    },
    /**
     * People the viewer may start a conversation with, by handle or name (prefix matches first, at
     * most 8): profiles others may see (`profileVisibleTo`), not the viewer, whom the DM rule lets
     * the viewer message (`dmAllowed`).
     */
    async recipients(viewerId: string, q: string) {
      const esc = q.replace(/[%_\\]/g, (c) => `\\${c}`);
      const like = `%${esc}%`;
      const prefix = `${esc}%`;
      return db
        .select({ userId: profiles.userId, handle: profiles.handle, displayName: profiles.displayName, avatarImageId: profiles.avatarImageId })
        .from(profiles)
        .where(
          sql`${profileVisibleTo(profiles, null)} and ${profiles.userId} <> ${viewerId}
            and (${profiles.handle} ilike ${like} or ${profiles.displayName} ilike ${like})
            and ${dmAllowed(viewerId, profiles.userId)}`,
        )
        .orderBy(sql`case when ${profiles.handle} ilike ${prefix} then 0 when ${profiles.displayName} ilike ${prefix} then 1 else 2 end`, profiles.handle)
        .limit(8);
    },
    /**
     * The person's own messages go; a thread stays for the other person while it holds their messages
     * (the person's side of it becomes null with the user row), and goes when nothing is left in it.
     */
    /** Hides the sender's messages in the thread sent until now, or shows all of them again. */
    async setThreadHidden(threadId: string, senderId: string, hidden: boolean) {
      await db
        .update(dmMessages)
        .set({ hidden })
        .where(and(eq(dmMessages.threadId, threadId), eq(dmMessages.senderId, senderId), hidden ? sql`${dmMessages.createdAt} <= now()` : undefined));
    },
    async removeSentBy(userId: string) {
      const rows = await db.delete(dmMessages).where(eq(dmMessages.senderId, userId)).returning({ id: dmMessages.id });
      await db
        .delete(dmThreads)
        .where(
          and(
            or(eq(dmThreads.userA, userId), eq(dmThreads.userB, userId)),
            sql`not exists (select 1 from ${dmMessages} m where m.thread_id = ${dmThreads.id})`,
          ),
        );
      return rows.length;
    },
  };
}
