import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, primaryKey, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { items } from '../items/items.schema';
import { shelves } from './shelves.schema';

/**
 * Where each item stands on its shelf (the shelves module's table). Apart from the shelves' own table, which items
 * reference: the two schema files would otherwise import each other.
 */
export const arrangements = pgTable(
  'arrangements',
  {
    shelfId: uuid('shelf_id')
      .notNull()
      .references(() => shelves.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    col: integer('col').notNull(),
    row: integer('row').notNull(),
    overflow: boolean('overflow').notNull().default(false),
    zIndex: integer('z_index').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.shelfId, t.itemId] }),
    // Two items can never share a grid cell; overflow rows are exempt.
    uniqueIndex('arrangements_cell_key')
      .on(t.shelfId, t.col, t.row)
      .where(sql`${t.overflow} = false`),
  ],
);
