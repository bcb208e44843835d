import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema';
import { createdAt, updatedAt } from '../../db/columns';

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
