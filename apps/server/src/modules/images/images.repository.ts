import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { composites, images, items, photos, profiles, uploadTokens, wantedEntries } from '../../db/schema';
import type { Executor } from '../../db/types';

export type ImageRow = typeof images.$inferSelect;
export type NewImage = typeof images.$inferInsert;
export type UploadTokenRow = typeof uploadTokens.$inferSelect;

export function imagesRepository(db: Executor) {
  return {
    async insert(row: NewImage) {
      await db.insert(images).values(row);
    },
    async find(id: string): Promise<ImageRow | null> {
      const [row] = await db.select().from(images).where(eq(images.id, id));
      return row ?? null;
    },
    /**
     * The items that show this image (as a composite, a photo or a photo's cut-out) with what the
     * visibility rules need; empty when none does (an avatar, an upload not placed yet). One query.
     */
    async itemRefs(imageId: string) {
      const rows = await db
        .select({
          userId: items.userId,
          hidden: items.hidden,
          hiddenSource: items.hiddenSource,
          public: sql<boolean>`coalesce(${profiles.public}, false)`,
          ownerHidden: sql<boolean>`coalesce(${profiles.hidden}, false)`,
        })
        .from(items)
        .leftJoin(profiles, eq(profiles.userId, items.userId))
        .where(
          sql`${items.id} in (select ${composites.itemId} from ${composites} where ${composites.imageId} = ${imageId}
            union all select ${photos.itemId} from ${photos} where ${photos.imageId} = ${imageId} or ${photos.cutoutImageId} = ${imageId})`,
        );
      return rows.map((r) => ({ userId: r.userId, hidden: r.hidden, hiddenSource: r.hiddenSource, owner: { public: r.public, hidden: r.ownerHidden } }));
    },
    /**
     * For an image uploaded as an avatar (chosen or not): the visibility of its uploader's profile,
     * which governs it (someone without a profile yet, or whose account is gone, counts as private).
     * Null for any other image. By primary key and the profiles' unique user id.
     */
    async avatarOwner(imageId: string): Promise<{ userId: string; public: boolean; hidden: boolean } | null> {
      const [row] = await db
        .select({ kind: images.kind, ownerId: images.ownerId, public: profiles.public, hidden: profiles.hidden })
        .from(images)
        .leftJoin(profiles, eq(profiles.userId, images.ownerId))
        .where(eq(images.id, imageId));
      if (!row || row.kind !== 'avatar') return null;
      return { userId: row.ownerId ?? '', public: row.public ?? false, hidden: row.hidden ?? false };
    },
    /**
     * The wanted-list entries that show this image as their reference photo: whether each is public, and its
     * owner's profile (someone without one counts as private). By the entries' image index.
     */
    async wantedRefs(imageId: string) {
      const rows = await db
        .select({ public: wantedEntries.public, userId: wantedEntries.userId, profilePublic: profiles.public, profileHidden: profiles.hidden })
        .from(wantedEntries)
        .leftJoin(profiles, eq(profiles.userId, wantedEntries.userId))
        .where(eq(wantedEntries.imageId, imageId));
      return rows.map((r) => ({ public: r.public, owner: { userId: r.userId, public: r.profilePublic ?? false, hidden: r.profileHidden ?? false } }));
    },
    async deleteMany(ids: string[]) {
      if (ids.length) await db.delete(images).where(inArray(images.id, ids));
    },
    async insertToken(row: typeof uploadTokens.$inferInsert) {
      await db.insert(uploadTokens).values(row);
    },
    /** Deletes upload signatures that expired before `before` without being used; answers how many. */
    async deleteUnusedTokens(before: Date): Promise<number> {
      const rows = await db
        .delete(uploadTokens)
        .where(and(isNull(uploadTokens.usedAt), lt(uploadTokens.expiresAt, before)))
        .returning({ token: uploadTokens.token });
      return rows.length;
    },
    async findToken(token: string): Promise<UploadTokenRow | null> {
      const [row] = await db.select().from(uploadTokens).where(eq(uploadTokens.token, token));
      return row ?? null;
    },
    /** Marks the token used; false when it was used already (single use, even under a race). */
    async consumeToken(token: string): Promise<boolean> {
      const rows = await db
        .update(uploadTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(uploadTokens.token, token), isNull(uploadTokens.usedAt)))
        .returning({ token: uploadTokens.token });
      return rows.length === 1;
    },
  };
}
