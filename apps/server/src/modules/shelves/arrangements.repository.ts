import { and, asc, eq } from 'drizzle-orm';
import type { Arrangement } from '@curio/contract';
import { arrangements } from '../../db/schema';
import type { Executor } from '../../db/types';

type Row = typeof arrangements.$inferSelect;
export const mapArrangement = (r: Row): Arrangement => ({
  itemId: r.itemId,
  col: r.col,
  row: r.row,
  overflow: r.overflow,
  zIndex: r.zIndex,
});

export function arrangementsRepository(db: Executor) {
  return {
    async list(shelfId: string): Promise<Arrangement[]> {
      const rows = await db
        .select()
        .from(arrangements)
        .where(eq(arrangements.shelfId, shelfId))
        .orderBy(asc(arrangements.overflow), asc(arrangements.row), asc(arrangements.col));
      return rows.map(mapArrangement);
    },
    async findForItem(shelfId: string, itemId: string): Promise<Arrangement | null> {
      const [row] = await db
        .select()
        .from(arrangements)
        .where(and(eq(arrangements.shelfId, shelfId), eq(arrangements.itemId, itemId)));
      return row ? mapArrangement(row) : null;
    },
    async deleteForItem(shelfId: string, itemId: string) {
      await db.delete(arrangements).where(and(eq(arrangements.shelfId, shelfId), eq(arrangements.itemId, itemId)));
    },
    /** The item's place, whatever shelf holds it (the item is being deleted). */
    async deleteItem(itemId: string) {
      await db.delete(arrangements).where(eq(arrangements.itemId, itemId));
    },
    async deleteAll(shelfId: string) {
      await db.delete(arrangements).where(eq(arrangements.shelfId, shelfId));
    },
    async insert(shelfId: string, list: Arrangement[]) {
      if (list.length) await db.insert(arrangements).values(list.map((a) => ({ shelfId, ...a })));
    },
    /** Puts an item already on the shelf into a grid cell (overflow false, z 0). */
    async moveToCell(shelfId: string, itemId: string, cell: { col: number; row: number }) {
      await db
        .update(arrangements)
        .set({ col: cell.col, row: cell.row, overflow: false, zIndex: 0 })
        .where(and(eq(arrangements.shelfId, shelfId), eq(arrangements.itemId, itemId)));
    },
    async moveToOverflow(shelfId: string, itemIds: string[]) {
      for (const itemId of itemIds) {
        await db
          .update(arrangements)
          .set({ overflow: true })
          .where(and(eq(arrangements.shelfId, shelfId), eq(arrangements.itemId, itemId)));
      }
    },
  };
}
