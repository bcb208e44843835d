import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { composites, images, itemLedgers, items, photos } from '../../db/schema';
import type { Executor } from '../../db/types';

export type ItemRow = typeof items.$inferSelect;
export type PhotoRow = typeof photos.$inferSelect;
export type CompositeRow = typeof composites.$inferSelect;

export function itemsRepository(db: Executor) {
  return {
    async countByShelf(shelfId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(items).where(eq(items.shelfId, shelfId));
      return row?.n ?? 0;
    },
    async insert(row: typeof items.$inferInsert): Promise<ItemRow> {
      const [created] = await db.insert(items).values(row).returning();
      return created!;
    },
    async find(itemId: string): Promise<ItemRow | null> {
      const [row] = await db.select().from(items).where(eq(items.id, itemId));
      return row ?? null;
    },
    /** The chosen image; its alt text too when given (null clears it, undefined keeps it). */
    async setChosen(itemId: string, compositeId: string, imageAlt?: string | null) {
      await db
        .update(items)
        .set({ chosenCompositeId: compositeId, ...(imageAlt !== undefined ? { imageAlt } : {}) })
        .where(eq(items.id, itemId));
    },
    /** The user's items without a chosen image, newest first, with how many variants each has. */
    async unfinished(userId: string) {
      return db
        .select({
          id: items.id,
          title: items.title,
          tags: items.tags,
          nsfw: items.nsfw,
          createdAt: items.createdAt,
          maker: items.maker,
          line: items.line,
          characterName: items.characterName,
          year: items.year,
          scale: items.scale,
          editionNumber: items.editionNumber,
          editionOf: items.editionOf,
          condition: items.condition,
          barcode: items.barcode,
          // Qualified by hand: a query of one table names its columns bare, and a bare "id" here would be the subquery's.
          variantCount: sql<number>`(select count(*) from ${composites} c where c.item_id = "items"."id")::int`,
          // Kept by the drafts clean-up: it has a ledger (an imported item has one).
          kept: sql<boolean>`exists (select 1 from ${itemLedgers} l where l.item_id = "items"."id")`,
        })
        .from(items)
        .where(and(eq(items.userId, userId), isNull(items.chosenCompositeId)))
        .orderBy(desc(items.createdAt), desc(items.id));
    },
    /** Items of a shelf that have a chosen image, oldest first, with that image's id. */
    async listPlaceable(shelfId: string) {
      return db
        .select({
          id: items.id,
          title: items.title,
          tags: items.tags,
          chosenCompositeId: items.chosenCompositeId,
          imageId: composites.imageId,
          altText: items.imageAlt,
          createdAt: items.createdAt,
        })
        .from(items)
        .innerJoin(composites, eq(composites.id, items.chosenCompositeId))
        .where(and(eq(items.shelfId, shelfId), isNotNull(items.chosenCompositeId)))
        .orderBy(asc(items.createdAt));
    },
    /** A moderator hides the item (source `other`) or shows it again. */
    async setHiddenByModerator(itemId: string, hidden: boolean) {
      await db
        .update(items)
        .set(hidden ? { hidden: true, hiddenSource: 'other' } : { hidden: false, hiddenSource: null })
        .where(eq(items.id, itemId));
    },
    /** Hides the item as a DMCA takedown; answers its owner, or null when there is no such item. */
    async hideForDmca(itemId: string): Promise<{ ownerId: string } | null> {
      const [row] = await db.update(items).set({ hidden: true, hiddenSource: 'dmca' }).where(eq(items.id, itemId)).returning({ ownerId: items.userId });
      return row ?? null;
    },
  };
}

export function photosRepository(db: Executor) {
  return {
    async countByItem(itemId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(photos).where(eq(photos.itemId, itemId));
      return row?.n ?? 0;
    },
    async insert(row: typeof photos.$inferInsert): Promise<PhotoRow> {
      const [created] = await db.insert(photos).values(row).returning();
      return created!;
    },
    /** The photo of an image with its item's owner. */
    async findByImage(imageId: string) {
      const [row] = await db
        .select({ photo: photos, ownerId: items.userId })
        .from(photos)
        .innerJoin(items, eq(items.id, photos.itemId))
        .where(eq(photos.imageId, imageId));
      return row ?? null;
    },
    /** Sets what is given of a photo's role and alt text. */
    async update(photoId: string, set: { role?: PhotoRow['role']; altText?: string | null }): Promise<PhotoRow> {
      const [row] = await db.update(photos).set(set).where(eq(photos.id, photoId)).returning();
      return row!;
    },
    async delete(photoId: string) {
      await db.delete(photos).where(eq(photos.id, photoId));
    },
    /** The photos of several items, in upload order. */
    async listByItems(itemIds: string[]): Promise<PhotoRow[]> {
      if (!itemIds.length) return [];
      return db.select().from(photos).where(inArray(photos.itemId, itemIds)).orderBy(asc(photos.createdAt), asc(photos.id));
    },
    async listByItem(itemId: string): Promise<PhotoRow[]> {
      return db.select().from(photos).where(eq(photos.itemId, itemId)).orderBy(asc(photos.createdAt));
    },
    /**
     * Records a cut-out's outcome only while the photo still waits for it; answers the photo with
     * its item's owner, or null (deleted meanwhile, or already finished).
     */
    async finishCutout(
      photoId: string,
      cutoutImageId: string | null,
      status: 'done' | 'failed',
    ): Promise<{ itemId: string; imageId: string; ownerId: string } | null> {
      const [row] = await db
        .update(photos)
        .set({ cutoutImageId, cutoutStatus: status })
        .from(items)
        .where(and(eq(photos.id, photoId), eq(photos.cutoutStatus, 'pending'), eq(items.id, photos.itemId)))
        .returning({ itemId: photos.itemId, imageId: photos.imageId, ownerId: items.userId });
      return row ?? null;
    },
    async listPendingCutouts(): Promise<PhotoRow[]> {
      return db.select().from(photos).where(eq(photos.cutoutStatus, 'pending')).orderBy(asc(photos.createdAt));
    },
    async find(photoId: string): Promise<PhotoRow | null> {
      const [row] = await db.select().from(photos).where(eq(photos.id, photoId));
      return row ?? null;
    },
  };
}

export function compositesRepository(db: Executor) {
  return {
    async insertMany(rows: (typeof composites.$inferInsert)[]): Promise<CompositeRow[]> {
      return db.insert(composites).values(rows).returning();
    },
    /** Every variant of an item, oldest first (a generation's five in their order). */
    async listForItem(itemId: string): Promise<CompositeRow[]> {
      return db
        .select()
        .from(composites)
        .where(eq(composites.itemId, itemId))
        .orderBy(asc(composites.createdAt), asc(composites.variantNo), asc(composites.id));
    },
    async findForItem(compositeId: string, itemId: string): Promise<CompositeRow | null> {
      const [row] = await db
        .select()
        .from(composites)
        .where(and(eq(composites.id, compositeId), eq(composites.itemId, itemId)));
      return row ?? null;
    },
  };
}

export function imageOwnership(db: Executor) {
  return {
    async find(imageId: string) {
      const [row] = await db.select({ ownerId: images.ownerId, kind: images.kind }).from(images).where(eq(images.id, imageId));
      return row ?? null;
    },
  };
}
