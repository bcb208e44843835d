import { eq } from 'drizzle-orm';
import { SHELF_DEFAULT_COLS, SHELF_DEFAULT_ROWS, type ShelfLayout } from '@curio/contract';
import { shelves } from '../../db/schema';
import type { Executor } from '../../db/types';

export type ShelfRow = typeof shelves.$inferSelect;

export function shelvesRepository(db: Executor) {
  return {
    async findByUser(userId: string): Promise<ShelfRow | null> {
      const [row] = await db.select().from(shelves).where(eq(shelves.userId, userId));
      return row ?? null;
    },
    /**
     * The user's shelf, locked until the transaction ends: every write to a shelf's arrangements or
     * layout takes this first, so they run one after another on the current layout.
     */
    async lockByUser(userId: string): Promise<ShelfRow | null> {
      const [row] = await db.select().from(shelves).where(eq(shelves.userId, userId)).for('update');
      return row ?? null;
    },
    async setLayout(shelfId: string, layout: ShelfLayout) {
      await db.update(shelves).set({ cols: layout.cols, rows: layout.rows }).where(eq(shelves.id, shelfId));
    },
    /** One shelf per user: creates it the first time, returns the existing one after that. */
    async ensureForUser(userId: string): Promise<ShelfRow> {
      await db.insert(shelves).values({ userId, cols: SHELF_DEFAULT_COLS, rows: SHELF_DEFAULT_ROWS }).onConflictDoNothing({ target: shelves.userId });
      const [row] = await db.select().from(shelves).where(eq(shelves.userId, userId));
      if (!row) throw new Error('shelf missing after insert');
      return row;
    },
  };
}
