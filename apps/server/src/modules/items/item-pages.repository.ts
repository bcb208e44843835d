import { and, asc, eq, inArray, isNotNull, isNull, lt, ne } from 'drizzle-orm';
import { composites, images, items, photos, profiles } from '../../db/schema';
import type { Executor } from '../../db/types';

export function itemPagesRepository(db: Executor) {
  return {
    /** The item with its owner's public profile fields. */
    async findWithOwner(itemId: string) {
      const [row] = await db
        .select({
          item: items,
          owner: { handle: profiles.handle, displayName: profiles.displayName, public: profiles.public, avatarImageId: profiles.avatarImageId },
        })
        .from(items)
        .innerJoin(profiles, eq(profiles.userId, items.userId))
        .where(eq(items.id, itemId));
      return row ?? null;
    },
    async update(itemId: string, set: { title: string; tags: string[]; nsfw: boolean; metadata: string | null; imageAlt: string | null }) {
      await db.update(items).set(set).where(eq(items.id, itemId));
    },
    /** Items created before `before` that still have no chosen image (abandoned in the wizard), oldest first. */
    async abandonedDrafts(before: Date, limit: number) {
      return db
        .select({ id: items.id, userId: items.userId })
        .from(items)
        .where(and(isNull(items.chosenCompositeId), lt(items.createdAt, before)))
        .orderBy(asc(items.createdAt))
        .limit(limit);
    },
    /**
     * Variants of saved items that were not chosen and were made before `before`, with their images (oldest first).
     * The chosen one is never among them.
     */
    async staleVariants(before: Date, limit: number) {
      return db
        .select({ id: composites.id, imageId: composites.imageId })
        .from(composites)
        .innerJoin(items, eq(items.id, composites.itemId))
        .where(and(isNotNull(items.chosenCompositeId), ne(composites.id, items.chosenCompositeId), lt(composites.createdAt, before)))
        .orderBy(asc(composites.createdAt))
        .limit(limit);
    },
    async deleteVariants(ids: string[]) {
      if (ids.length) await db.delete(composites).where(inArray(composites.id, ids));
    },
    /** Every stored image the item owns: photos, their cut-outs and the composites. */
    async imageIds(itemId: string): Promise<string[]> {
      const p = await db.select({ a: photos.imageId, b: photos.cutoutImageId }).from(photos).where(eq(photos.itemId, itemId));
      const c = await db.select({ a: composites.imageId }).from(composites).where(eq(composites.itemId, itemId));
      return [...p.flatMap((r) => [r.a, r.b]), ...c.map((r) => r.a)].filter((x): x is string => Boolean(x));
    },
    /** Deletes the item; photos, composites, likes, saves and comments go with it (cascades). Its place on the shelf goes first (the shelves module's). */
    async delete(itemId: string) {
      await db.delete(items).where(eq(items.id, itemId));
    },
    /** Of these image ids, the ones nothing references any more (profiles' avatars included). */
    async unreferenced(ids: string[]): Promise<string[]> {
      if (!ids.length) return [];
      const [a, b, c, d] = await Promise.all([
        db.select({ id: photos.imageId }).from(photos).where(inArray(photos.imageId, ids)),
        db.select({ id: photos.cutoutImageId }).from(photos).where(inArray(photos.cutoutImageId, ids)),
        db.select({ id: composites.imageId }).from(composites).where(inArray(composites.imageId, ids)),
        db.select({ id: profiles.avatarImageId }).from(profiles).where(inArray(profiles.avatarImageId, ids)),
      ]);
      const used = new Set([...a, ...b, ...c, ...d].map((r) => r.id));
      const existing = await db.select({ id: images.id }).from(images).where(inArray(images.id, ids));
      return existing.map((r) => r.id).filter((id) => !used.has(id));
    },
  };
}
