import { and, asc, desc, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import {
  accountDeletionCodes,
  accountDeletions,
  accountExports,
  arrangements,
  bookmarks,
  comments,
  composites,
  creditLedger,
  dmMessages,
  dmThreads,
  wantedEntries,
  follows,
  images,
  items,
  likes,
  photos,
  profiles,
  shelves,
  userSettings,
  users,
} from '../../db/schema';
import type { Executor } from '../../db/types';

export type ExportRow = typeof accountExports.$inferSelect;
export type DeletionRow = typeof accountDeletions.$inferSelect;

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

export function accountDataRepository(db: Executor) {
  return {
    // Exports
    async insertExport(userId: string): Promise<ExportRow> {
      const [row] = await db.insert(accountExports).values({ userId }).returning();
      return row!;
    },
    async latestExport(userId: string): Promise<ExportRow | null> {
      const [row] = await db.select().from(accountExports).where(eq(accountExports.userId, userId)).orderBy(desc(accountExports.createdAt)).limit(1);
      return row ?? null;
    },
    async findExport(id: string): Promise<ExportRow | null> {
      const [row] = await db.select().from(accountExports).where(eq(accountExports.id, id));
      return row ?? null;
    },
    async findExportByTokenHash(tokenHash: string): Promise<ExportRow | null> {
      const [row] = await db.select().from(accountExports).where(eq(accountExports.tokenHash, tokenHash));
      return row ?? null;
    },
    async markExportReady(id: string, set: { storageKey: string; token: string; tokenHash: string; bytes: number; readyAt: Date; expiresAt: Date }) {
      await db
        .update(accountExports)
        .set({ ...set, status: 'ready' })
        .where(eq(accountExports.id, id));
    },
    async markExportFailed(id: string) {
      await db.update(accountExports).set({ status: 'failed' }).where(eq(accountExports.id, id));
    },
    /** Exports past their expiry, and every other export of people with a newer one. */
    async staleExports(now: Date, limit = 100): Promise<ExportRow[]> {
      return db
        .select()
        .from(accountExports)
        .where(
          or(
            and(isNotNull(accountExports.expiresAt), lte(accountExports.expiresAt, now)),
            sql`exists (select 1 from ${accountExports} newer where newer.user_id = ${accountExports.userId} and newer.created_at > ${accountExports.createdAt})`,
          ),
        )
        .limit(limit);
    },
    async exportsOf(userId: string): Promise<ExportRow[]> {
      return db.select().from(accountExports).where(eq(accountExports.userId, userId));
    },
    async deleteExport(id: string) {
      await db.delete(accountExports).where(eq(accountExports.id, id));
    },

    // What goes into an export
    async account(userId: string) {
      const [u] = await db
        .select({ id: users.id, email: users.email, name: users.name, emailVerified: users.emailVerified, createdAt: users.createdAt })
        .from(users)
        .where(eq(users.id, userId));
      return u ? { ...u, createdAt: iso(u.createdAt) } : null;
    },
    async profile(userId: string) {
      const [p] = await db.select().from(profiles).where(eq(profiles.userId, userId));
      return p
        ? {
            handle: p.handle,
            displayName: p.displayName,
            bio: p.bio,
            public: p.public,
            avatarImageId: p.avatarImageId,
            createdAt: iso(p.createdAt),
            hidden: p.hidden,
          }
        : null;
    },
    async shelf(userId: string) {
      const [s] = await db.select().from(shelves).where(eq(shelves.userId, userId));
      if (!s) return null;
      const cells = await db.select().from(arrangements).where(eq(arrangements.shelfId, s.id)).orderBy(asc(arrangements.row), asc(arrangements.col));
      return {
        cols: s.cols,
        rows: s.rows,
        arrangement: cells.map((c) => ({ itemId: c.itemId, col: c.col, row: c.row, overflow: c.overflow, zIndex: c.zIndex })),
      };
    },
    async items(userId: string) {
      const rows = await db.select().from(items).where(eq(items.userId, userId)).orderBy(asc(items.createdAt));
      const ids = rows.map((r) => r.id);
      const ph = ids.length
        ? await db
            .select({
              itemId: photos.itemId,
              imageId: photos.imageId,
              role: photos.role,
              altText: photos.altText,
              format: images.masterFormat,
              createdAt: photos.createdAt,
            })
            .from(photos)
            .innerJoin(images, eq(images.id, photos.imageId))
            .where(inArray(photos.itemId, ids))
            .orderBy(asc(photos.createdAt))
        : [];
      const chosen = ids.length
        ? await db
            .select({ id: composites.id, itemId: composites.itemId, imageId: composites.imageId, style: composites.style, format: images.masterFormat })
            .from(composites)
            .innerJoin(images, eq(images.id, composites.imageId))
            .where(and(inArray(composites.itemId, ids), sql`${composites.id} in (select chosen_composite_id from ${items} where user_id = ${userId})`))
        : [];
      return rows.map((r) => ({
        id: r.id,
        title: r.title,
        tags: r.tags,
        nsfw: r.nsfw,
        metadata: r.metadata,
        hidden: r.hidden,
        createdAt: iso(r.createdAt),
        updatedAt: iso(r.updatedAt),
        photos: ph.filter((p) => p.itemId === r.id).map((p) => ({ imageId: p.imageId, role: p.role, altText: p.altText, format: p.format })),
        chosenImage:
          chosen.filter((c) => c.itemId === r.id).map((c) => ({ imageId: c.imageId, style: c.style, altText: r.imageAlt, format: c.format }))[0] ?? null,
      }));
    },
    /** The wanted list, oldest first, with each reference photo's stored format. */
    async wanted(userId: string) {
      const rows = await db
        .select({ entry: wantedEntries, format: images.masterFormat })
        .from(wantedEntries)
        .leftJoin(images, eq(images.id, wantedEntries.imageId))
        .where(eq(wantedEntries.userId, userId))
        .orderBy(asc(wantedEntries.createdAt), asc(wantedEntries.id));
      return rows.map(({ entry, format }) => ({
        id: entry.id,
        title: entry.title,
        facts: entry.facts,
        note: entry.note,
        public: entry.public,
        createdAt: iso(entry.createdAt),
        updatedAt: iso(entry.updatedAt),
        photo: entry.imageId && format ? { imageId: entry.imageId, format } : null,
      }));
    },
    async avatarFormat(imageId: string): Promise<string | null> {
      const [row] = await db.select({ format: images.masterFormat }).from(images).where(eq(images.id, imageId));
      return row?.format ?? null;
    },
    async comments(userId: string) {
      const rows = await db
        .select({ id: comments.id, itemId: comments.itemId, body: comments.body, hidden: comments.hidden, createdAt: comments.createdAt })
        .from(comments)
        .where(eq(comments.userId, userId))
        .orderBy(asc(comments.createdAt));
      return rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) }));
    },
    /** The items a person liked or saved, oldest first. */
    async marks(userId: string, kind: 'likes' | 'saves') {
      const table = kind === 'likes' ? likes : bookmarks;
      const rows = await db
        .select({ itemId: table.itemId, createdAt: table.createdAt })
        .from(table)
        .where(eq(table.userId, userId))
        .orderBy(asc(table.createdAt));
      return rows.map((r) => ({ itemId: r.itemId, createdAt: iso(r.createdAt) }));
    },
    async following(userId: string) {
      const rows = await db
        .select({ handle: profiles.handle, createdAt: follows.createdAt })
        .from(follows)
        .leftJoin(profiles, eq(profiles.userId, follows.followeeId))
        .where(eq(follows.followerId, userId))
        .orderBy(asc(follows.createdAt));
      return rows.map((r) => ({ handle: r.handle, createdAt: iso(r.createdAt) }));
    },
    async messagesSent(userId: string) {
      const rows = await db
        .select({ threadId: dmMessages.threadId, recipient: profiles.handle, text: dmMessages.text, createdAt: dmMessages.createdAt })
        .from(dmMessages)
        .innerJoin(dmThreads, eq(dmThreads.id, dmMessages.threadId))
        .leftJoin(profiles, sql`${profiles.userId} = case when ${dmThreads.userA} = ${userId} then ${dmThreads.userB} else ${dmThreads.userA} end`)
        .where(eq(dmMessages.senderId, userId))
        .orderBy(asc(dmMessages.createdAt));
      return rows.map((r) => ({ threadId: r.threadId, recipientHandle: r.recipient, text: r.text, createdAt: iso(r.createdAt) }));
    },
    async settings(userId: string) {
      const [s] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
      return { includeNsfw: s?.includeNsfw ?? false, allowDms: s?.allowDms ?? 'everyone', analyticsOptOut: s?.analyticsOptOut ?? false };
    },
    async credits(userId: string) {
      const rows = await db
        .select({ amount: creditLedger.amount, reason: creditLedger.reason, createdAt: creditLedger.createdAt })
        .from(creditLedger)
        .where(eq(creditLedger.userId, userId))
        .orderBy(asc(creditLedger.createdAt));
      return rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) }));
    },

    // Deletion
    async findDeletion(userId: string): Promise<DeletionRow | null> {
      const [row] = await db.select().from(accountDeletions).where(eq(accountDeletions.userId, userId));
      return row ?? null;
    },
    async scheduleDeletion(userId: string, scheduledFor: Date, profileWasHidden: boolean) {
      const values = { userId, status: 'scheduled' as const, scheduledFor, profileWasHidden, noticePending: false };
      await db.insert(accountDeletions).values(values).onConflictDoUpdate({ target: accountDeletions.userId, set: values });
    },
    /** Cancels a scheduled deletion; answers the row as it was (null when none was scheduled). */
    async cancelDeletion(userId: string): Promise<DeletionRow | null> {
      const [row] = await db
        .update(accountDeletions)
        .set({ status: 'cancelled', noticePending: true })
        .where(and(eq(accountDeletions.userId, userId), eq(accountDeletions.status, 'scheduled')))
        .returning();
      return row ?? null;
    },
    async takeNotice(userId: string): Promise<boolean> {
      const rows = await db
        .update(accountDeletions)
        .set({ noticePending: false })
        .where(and(eq(accountDeletions.userId, userId), eq(accountDeletions.noticePending, true)))
        .returning({ userId: accountDeletions.userId });
      return rows.length > 0;
    },
    async dueDeletions(now: Date, limit = 20): Promise<string[]> {
      const rows = await db
        .select({ userId: accountDeletions.userId })
        .from(accountDeletions)
        .where(and(eq(accountDeletions.status, 'scheduled'), lte(accountDeletions.scheduledFor, now)))
        .limit(limit);
      return rows.map((r) => r.userId);
    },
    async profileHidden(userId: string): Promise<boolean | null> {
      const [row] = await db.select({ hidden: profiles.hidden }).from(profiles).where(eq(profiles.userId, userId));
      return row ? row.hidden : null;
    },
    async saveCode(userId: string, codeHash: string, expiresAt: Date) {
      const values = { userId, codeHash, expiresAt, attempts: 0 };
      await db.insert(accountDeletionCodes).values(values).onConflictDoUpdate({ target: accountDeletionCodes.userId, set: values });
    },
    async findCode(userId: string) {
      const [row] = await db.select().from(accountDeletionCodes).where(eq(accountDeletionCodes.userId, userId));
      return row ?? null;
    },
    async countCodeAttempt(userId: string) {
      await db
        .update(accountDeletionCodes)
        .set({ attempts: sql`${accountDeletionCodes.attempts} + 1` })
        .where(eq(accountDeletionCodes.userId, userId));
    },
    async deleteCode(userId: string) {
      await db.delete(accountDeletionCodes).where(eq(accountDeletionCodes.userId, userId));
    },
    async itemIds(userId: string): Promise<string[]> {
      const rows = await db.select({ id: items.id }).from(items).where(eq(items.userId, userId));
      return rows.map((r) => r.id);
    },
    async ownedImageIds(userId: string): Promise<string[]> {
      const rows = await db.select({ id: images.id }).from(images).where(eq(images.ownerId, userId));
      return rows.map((r) => r.id);
    },
  };
}
