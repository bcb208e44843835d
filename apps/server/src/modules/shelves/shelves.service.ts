import { SHELF_MESSAGES, type Arrangement, type ShelfGetResult, type ShelfLayout } from '@curio/contract';
import type { Db } from '../../db/client';
import { isUniqueViolation, type Executor, type Tx } from '../../db/types';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { itemRecords } from '../items/item-records.service';
import { arrangementsRepository } from './arrangements.repository';
import { autoArrange, relocate, placement, validateArrangements } from './shelf-logic';
import { shelvesRepository, type ShelfRow } from './shelves.repository';

export const mapShelf = (row: ShelfRow) => ({ id: row.id, layout: { cols: row.cols, rows: row.rows } });
const layoutOf = (row: ShelfRow): ShelfLayout => ({ cols: row.cols, rows: row.rows });
const cellOccupied = () => conflict('cell_occupied', SHELF_MESSAGES.cellOccupied);

export function createShelvesService(db: Db) {
  const shelves = shelvesRepository(db);

  async function ownShelf(userId: string, shelfId?: string): Promise<ShelfRow> {
    const row = await shelves.findByUser(userId);
    if (!row || (shelfId && row.id !== shelfId)) throw notFound('You have no shelf yet');
    return row;
  }

  /**
   * Runs one write to the user's shelf in a transaction that holds the shelf row's lock (taken first,
   * so writes to one shelf run one after another, across processes, on the layout as it is now).
   * A unique violation that still gets through (an item deleted meanwhile…) answers 409, never 500.
   */
  async function writeShelf<T>(userId: string, shelfId: string | undefined, write: (tx: Tx, shelf: ShelfRow) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(async (tx) => {
        const shelf = await shelvesRepository(tx).lockByUser(userId);
        if (!shelf || (shelfId && shelf.id !== shelfId)) throw notFound('You have no shelf yet');
        return write(tx, shelf);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw cellOccupied();
      throw err;
    }
  }

  return {
    ownShelf,

    async getOwn(userId: string): Promise<ShelfGetResult> {
      const row = await ownShelf(userId);
      const [items, arrangements] = await Promise.all([itemRecords(db).listPlaceable(row.id), arrangementsRepository(db).list(row.id)]);
      return {
        shelf: mapShelf(row),
        items: items.map((i) => ({
          id: i.id,
          title: i.title,
          tags: i.tags,
          imageId: i.imageId,
          altText: i.altText,
          chosenCompositeId: i.chosenCompositeId,
          createdAt: i.createdAt.toISOString(),
        })),
        arrangements,
      };
    },

    /** Moves an item to a free grid cell (delete + insert, overflow false, z 0). */
    async move(userId: string, input: { itemId: string; col: number; row: number }): Promise<Arrangement> {
      const next: Arrangement = { itemId: input.itemId, col: input.col, row: input.row, overflow: false, zIndex: 0 };
      await writeShelf(userId, undefined, async (tx, shelf) => {
        if (input.col >= shelf.cols || input.row >= shelf.rows) throw badRequest('That cell is outside the shelf', { col: 'too_big' });
        const item = await itemRecords(tx).find(input.itemId);
        if (!item || item.shelfId !== shelf.id) throw notFound('Item not found');
        const repo = arrangementsRepository(tx);
        const occupant = (await repo.list(shelf.id)).find((a) => !a.overflow && a.col === input.col && a.row === input.row);
        if (occupant && occupant.itemId !== input.itemId) throw cellOccupied();
        await repo.deleteForItem(shelf.id, input.itemId);
        await repo.insert(shelf.id, [next]);
      });
      return next;
    },

    async autoArrange(userId: string, shelfId: string): Promise<{ arrangements: Arrangement[] }> {
      const shelf = await ownShelf(userId, shelfId);
      const items = await itemRecords(db).listPlaceable(shelf.id);
      return { arrangements: autoArrange(layoutOf(shelf), items) };
    },

    /** Replaces every arrangement at once after checking ownership, bounds and collisions. */
    async apply(userId: string, shelfId: string, list: Arrangement[]): Promise<{ arrangements: Arrangement[] }> {
      return writeShelf(userId, shelfId, async (tx, shelf) => {
        const own = new Set((await itemRecords(tx).listPlaceable(shelf.id)).map((i) => i.id));
        const problem = validateArrangements(layoutOf(shelf), list, own);
        if (problem) {
          if (problem.kind === 'collision') throw cellOccupied();
          if (problem.kind === 'unknown_item') throw notFound('Item not found');
          throw badRequest(problem.kind === 'out_of_bounds' ? 'That cell is outside the shelf' : 'An item appears twice', {
            arrangements: 'invalid_value',
          });
        }
        const repo = arrangementsRepository(tx);
        await repo.deleteAll(shelf.id);
        await repo.insert(shelf.id, list);
        return { arrangements: await repo.list(shelf.id) };
      });
    },

    /** Changes the grid; items whose cell is gone take the free cells left, and what does not fit moves to overflow. */
    async resize(userId: string, layout: ShelfLayout) {
      await writeShelf(userId, undefined, async (tx, shelf) => {
        const repo = arrangementsRepository(tx);
        const moves = relocate(layout, await repo.list(shelf.id));
        // Overflow first: a cell is only taken once its item has left the grid's old cells.
        await repo.moveToOverflow(
          shelf.id,
          moves.filter((m) => !m.cell).map((m) => m.itemId),
        );
        for (const m of moves) if (m.cell) await repo.moveToCell(shelf.id, m.itemId, m.cell);
        await shelvesRepository(tx).setLayout(shelf.id, layout);
      });
      return this.getOwn(userId);
    },

    /** Puts a saved item on the shelf: the first free cell, or overflow when full. Idempotent. */
    async place(userId: string, itemId: string): Promise<Arrangement> {
      return writeShelf(userId, undefined, async (tx, shelf) => {
        const item = await itemRecords(tx).find(itemId);
        if (!item || item.shelfId !== shelf.id) throw notFound('Item not found');
        if (!item.chosenCompositeId) throw new AppError(400, 'bad_request', 'Choose a variant before placing the item');
        const repo = arrangementsRepository(tx);
        const existing = await repo.findForItem(shelf.id, itemId);
        if (existing) return existing;
        const next = placement(layoutOf(shelf), await repo.list(shelf.id), itemId);
        await repo.insert(shelf.id, [next]);
        return next;
      });
    },
  };
}
export type ShelvesService = ReturnType<typeof createShelvesService>;

/** What other modules read and change of shelves (profiles), on `db`: the database or the caller's transaction. */
export function shelfRecords(db: Executor) {
  const shelves = shelvesRepository(db);
  return {
    findByUser: (userId: string) => shelves.findByUser(userId),
    /** The user's shelf, created the first time. */
    ensureForUser: (userId: string) => shelves.ensureForUser(userId),
    /** The shelf's arrangements. */
    arrangements: (shelfId: string) => arrangementsRepository(db).list(shelfId),
    /** The item's place on its shelf goes (the item is being deleted, in the same transaction). */
    removeItem: (itemId: string) => arrangementsRepository(db).deleteItem(itemId),
  };
}
