import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema';
import { createdAt, updatedAt } from '../../db/columns';
import { items } from '../items/items.schema';

export const shelves = pgTable(
  'shelves',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    cols: integer('cols').notNull().default(6),
    rows: integer('rows').notNull().default(3),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('shelves_cols_range', sql`${t.cols} between 1 and 12`), check('shelves_rows_range', sql`${t.rows} between 1 and 12`)],
);

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
