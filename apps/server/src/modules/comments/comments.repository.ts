import { and, count, desc, eq, gt, inArray, notInArray, or, sql } from 'drizzle-orm';
import { commentMentions, comments, items, profiles } from '../../db/schema';
import type { Executor } from '../../db/types';
import { cursorKey, olderThan } from '../../db/keyset';
import type { Cursor } from '../../lib/cursor';
import { notMutedPersonSql, profileVisibleTo } from '../../db/visibility';

export type CommentRow = typeof comments.$inferSelect;

/** Comments not written by these people (a block, either way, hides them). */
const notBy = (authors: string[]) => (authors.length ? notInArray(comments.userId, authors) : undefined);

export function commentsRepository(db: Executor) {
  return {
    /** A page of visible comments, newest first, after the cursor; one row more than asked tells whether more follow. */
    async page(itemId: string, limit: number, after: Cursor | null, excludeAuthors: string[] = [], viewerId: string | null = null) {
      const visible = and(eq(comments.itemId, itemId), eq(comments.hidden, false), notBy(excludeAuthors), notMutedPersonSql(viewerId, comments.userId));
      return (
        db
          .select({
            comment: comments,
            key: cursorKey(comments.createdAt),
            handle: profiles.handle,
            avatarImageId: profiles.avatarImageId,
            // Whether others may know who wrote it (read/visibility.ts, profileVisible).
            authorPublic: profiles.public,
            authorHidden: profiles.hidden,
          })
          .from(comments)
          // A comment kept for its thread after its author's account was deleted has no author (left join).
          .leftJoin(profiles, eq(profiles.userId, comments.userId))
          .where(after ? and(visible, olderThan(comments.createdAt, comments.id, after)) : visible)
          .orderBy(desc(comments.createdAt), desc(comments.id))
          .limit(limit + 1)
      );
    },
    async total(itemId: string, excludeAuthors: string[] = [], viewerId: string | null = null): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(comments)
        .where(and(eq(comments.itemId, itemId), eq(comments.hidden, false), notBy(excludeAuthors), notMutedPersonSql(viewerId, comments.userId)));
      return row?.n ?? 0;
    },
    async countByUserSince(userId: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(comments)
        .where(and(eq(comments.userId, userId), gt(comments.createdAt, since)));
      return row?.n ?? 0;
    },
    async oldestSince(userId: string, since: Date): Promise<Date | null> {
      const [row] = await db
        .select({ at: sql<string>`min(${comments.createdAt})` })
        .from(comments)
        .where(and(eq(comments.userId, userId), gt(comments.createdAt, since)));
      return row?.at ? new Date(row.at) : null;
    },
    async insert(row: { itemId: string; userId: string; body: string }): Promise<CommentRow> {
      const [created] = await db.insert(comments).values(row).returning();
      return created!;
    },
    /** The people these handles name who may be mentioned: profiles others may see only (a private or hidden one is not found). */
    async mentionableByHandles(handles: string[]) {
      if (!handles.length) return [];
      return db
        .select({ userId: profiles.userId, handle: profiles.handle })
        .from(profiles)
        .where(and(inArray(profiles.handle, handles), profileVisibleTo(profiles, null)));
    },
    async profileOf(userId: string) {
      const [row] = await db.select({ handle: profiles.handle, avatarImageId: profiles.avatarImageId }).from(profiles).where(eq(profiles.userId, userId));
      return row ?? null;
    },
    async addMentions(commentId: string, userIds: string[]) {
      if (userIds.length)
        await db
          .insert(commentMentions)
          .values(userIds.map((userId) => ({ commentId, userId })))
          .onConflictDoNothing();
    },
    /** The comment with its item's owner. */
    async findWithItem(commentId: string) {
      const [row] = await db
        .select({ comment: comments, itemOwnerId: items.userId, itemId: items.id })
        .from(comments)
        .innerJoin(items, eq(items.id, comments.itemId))
        .where(eq(comments.id, commentId));
      return row ?? null;
    },
    async delete(commentId: string) {
      await db.delete(comments).where(eq(comments.id, commentId));
    },
    async mentionCandidates(q: string, excludeUsers: string[] = []) {
      // Prefix matches first, then handles or names containing the text; at most 8.
      const like = `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
      const prefix = `${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
      return (
        db
          .select({ id: profiles.userId, handle: profiles.handle, displayName: profiles.displayName, avatarImageId: profiles.avatarImageId })
          .from(profiles)
          // Private (and hidden) profiles are never suggested (spec part 2 §6).
          .where(
            and(
              profileVisibleTo(profiles, null),
              or(sql`${profiles.handle} ilike ${like}`, sql`${profiles.displayName} ilike ${like}`),
              excludeUsers.length ? notInArray(profiles.userId, excludeUsers) : undefined,
            ),
          )
          .orderBy(sql`case when ${profiles.handle} ilike ${prefix} then 0 when ${profiles.displayName} ilike ${prefix} then 1 else 2 end`, profiles.handle)
          .limit(8)
      );
    },
    /**
     * The person's comments: one that others answered after it on the same item (a thread needs it)
     * stays without author and text ("deleted user"); every other one goes. Answers the items touched.
     */
    async setHidden(commentId: string, hidden: boolean) {
      await db.update(comments).set({ hidden }).where(eq(comments.id, commentId));
    },
    async removeAllBy(userId: string) {
      const answered = sql`exists (select 1 from ${comments} later where later.item_id = ${comments.itemId} and later.created_at > ${comments.createdAt}
        and later.user_id is distinct from ${userId})`;
      const kept = await db
        .update(comments)
        .set({ userId: null, body: '' })
        .where(and(eq(comments.userId, userId), answered))
        .returning({ itemId: comments.itemId });
      const removed = await db.delete(comments).where(eq(comments.userId, userId)).returning({ itemId: comments.itemId });
      return { kept: kept.length, removed: removed.length, itemIds: [...new Set([...kept, ...removed].map((r) => r.itemId))] };
    },
  };
}
