import { and, asc, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { composites, items, photos } from '../../db/schema';
import type { Executor } from '../../db/types';
import { inventoryImports, itemLedgers } from './ledger.schema';

export type LedgerRow = typeof itemLedgers.$inferSelect;
export type ImportRow = typeof inventoryImports.$inferSelect;
export type LedgerColumns = Partial<Pick<LedgerRow, 'priceAmount' | 'priceCurrency' | 'purchasedOn' | 'boughtAt' | 'storage' | 'notes'>>;

export function ledgerRepository(db: Executor) {
  return {
    /** The item's owner, or null when there is no such item. */
    async itemOwner(itemId: string): Promise<string | null> {
      const [row] = await db.select({ userId: items.userId }).from(items).where(eq(items.id, itemId));
      return row?.userId ?? null;
    },
    /** Writes the given columns of the item's ledger (a row is made the first time). */
    async upsert(itemId: string, userId: string, set: LedgerColumns): Promise<LedgerRow> {
      const [row] = await db
        .insert(itemLedgers)
        .values({ itemId, userId, ...set })
        .onConflictDoUpdate({ target: itemLedgers.itemId, set: { ...set, updatedAt: new Date() } })
        .returning();
      return row!;
    },
    async find(itemId: string): Promise<LedgerRow | null> {
      const [row] = await db.select().from(itemLedgers).where(eq(itemLedgers.itemId, itemId));
      return row ?? null;
    },
    /**
     * Every item of the user (unfinished ones too), oldest first, with its facts, its ledger (null columns without a
     * row) and a thumbnail: the chosen image, else the first photo.
     */
    async collection(userId: string) {
      return db
        .select({
          item: items,
          ledger: itemLedgers,
          imageId: sql<string | null>`coalesce(
            (select c.image_id from ${composites} c where c.id = ${items.chosenCompositeId}),
            (select p.image_id from ${photos} p where p.item_id = ${items.id} order by p.created_at, p.id limit 1))`,
        })
        .from(items)
        .leftJoin(itemLedgers, eq(itemLedgers.itemId, items.id))
        .where(eq(items.userId, userId))
        .orderBy(asc(items.createdAt), asc(items.id));
    },

    async insertImport(row: { userId: string; csvHash: string; csv: string; total: number }): Promise<ImportRow> {
      const [created] = await db.insert(inventoryImports).values(row).returning();
      return created!;
    },
    async findImport(id: string): Promise<ImportRow | null> {
      const [row] = await db.select().from(inventoryImports).where(eq(inventoryImports.id, id));
      return row ?? null;
    },
    /** The user's import still queued or running, or one of the same CSV made after `since`: a repeated click answers it. */
    async recentImport(userId: string, csvHash: string, since: Date): Promise<ImportRow | null> {
      const [row] = await db
        .select()
        .from(inventoryImports)
        .where(
          and(
            eq(inventoryImports.userId, userId),
            or(inArray(inventoryImports.state, ['queued', 'running']), and(eq(inventoryImports.csvHash, csvHash), gt(inventoryImports.createdAt, since))),
          ),
        )
        .orderBy(desc(inventoryImports.createdAt))
        .limit(1);
      return row ?? null;
    },
    async updateImport(id: string, set: Partial<Pick<ImportRow, 'state' | 'total' | 'done' | 'created' | 'errors' | 'csv'>>) {
      await db.update(inventoryImports).set(set).where(eq(inventoryImports.id, id));
    },
  };
}
