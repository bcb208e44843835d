import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { shelvesRepository, type ShelfRow } from './shelves.repository';

export const mapShelf = (row: ShelfRow) => ({ id: row.id, layout: { cols: row.cols, rows: row.rows } });

export function createShelvesService(db: Db) {
  const repo = shelvesRepository(db);
  return {
    async getOwn(userId: string) {
      const row = await repo.findByUser(userId);
      if (!row) throw notFound('You have no shelf yet');
      // Items and arrangements arrive with the shelf feature; a shelf starts empty.
      return { shelf: mapShelf(row), items: [] as never[], arrangements: [] as never[] };
    },
  };
}
export type ShelvesService = ReturnType<typeof createShelvesService>;
