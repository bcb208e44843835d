import { and, count, desc, eq, sql } from 'drizzle-orm';
import { images, photos, profiles, wantedEntries } from '../../db/schema';
import type { Executor } from '../../db/types';
import { pgBool } from '../../db/rows';
import { notBlockedBetween, profileVisibleTo } from '../../db/visibility';

export type WantedRow = typeof wantedEntries.$inferSelect;
export type NewWanted = typeof wantedEntries.$inferInsert;

export function wantedRepository(db: Executor) {
  return {
    async count(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(wantedEntries).where(eq(wantedEntries.userId, userId));
      return row?.n ?? 0;
    },
    async insert(row: NewWanted): Promise<WantedRow> {
      const [created] = await db.insert(wantedEntries).values(row).returning();
      return created!;
    },
    /** The entry when it is this user's; null otherwise (someone else's reads as none). */
    async findOwn(userId: string, id: string): Promise<WantedRow | null> {
      const [row] = await db
        .select()
        .from(wantedEntries)
        .where(and(eq(wantedEntries.id, id), eq(wantedEntries.userId, userId)));
      return row ?? null;
    },
    async update(id: string, set: Partial<Pick<WantedRow, 'title' | 'facts' | 'note' | 'public' | 'imageId'>>): Promise<WantedRow> {
      const [row] = await db.update(wantedEntries).set(set).where(eq(wantedEntries.id, id)).returning();
      return row!;
    },
    async delete(id: string) {
      await db.delete(wantedEntries).where(eq(wantedEntries.id, id));
    },
    /** A person's entries, newest first: every one, or only the public ones. */
    async list(userId: string, publicOnly: boolean): Promise<WantedRow[]> {
      return db
        .select()
        .from(wantedEntries)
        .where(publicOnly ? and(eq(wantedEntries.userId, userId), eq(wantedEntries.public, true)) : eq(wantedEntries.userId, userId))
        .orderBy(desc(wantedEntries.createdAt), desc(wantedEntries.id));
    },
    /**
     * The profile of a handle with whether this viewer may see it: visible to them (public and not hidden, or their
     * own) and no block between the two either way. Null when nobody has the handle. One query.
     */
    async profileFor(handle: string, viewerId: string | null) {
      const visible =
        viewerId === null
          ? profileVisibleTo(profiles, null)
          : sql`(${profileVisibleTo(profiles, viewerId)} and ${notBlockedBetween(profiles.userId, viewerId)})`;
      const [row] = await db
        .select({ userId: profiles.userId, handle: profiles.handle, displayName: profiles.displayName, visible: sql<boolean>`${visible}` })
        .from(profiles)
        .where(eq(profiles.handle, handle));
      return row ? { ...row, visible: pgBool(row.visible) } : null;
    },
    /** The caller's own profile (handle and name), or null when they have none yet. */
    async ownProfile(userId: string) {
      const [row] = await db.select({ handle: profiles.handle, displayName: profiles.displayName }).from(profiles).where(eq(profiles.userId, userId));
      return row ?? null;
    },
    /** An uploaded image's owner and kind (a reference photo must be the caller's own photo upload). */
    async image(imageId: string) {
      const [row] = await db.select({ ownerId: images.ownerId, kind: images.kind }).from(images).where(eq(images.id, imageId));
      return row ?? null;
    },
    /** Whether anything still shows this image: an item's photo or another wanted entry. */
    async imageInUse(imageId: string): Promise<boolean> {
      const [row] = await db
        .select({
          used: sql<boolean>`(exists(select 1 from ${photos} where ${photos.imageId} = ${imageId} or ${photos.cutoutImageId} = ${imageId})
          or exists(select 1 from ${wantedEntries} where ${wantedEntries.imageId} = ${imageId}))`,
        })
        .from(sql`(select 1) as one`);
      return pgBool(row?.used);
    },
  };
}
