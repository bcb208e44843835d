import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema';
import { createdAt, updatedAt } from '../../db/columns';
import { items } from '../items/items.schema';

/**
 * The private ledger: one row per item, read by its owner alone (collection-list, inventory-export). It goes with
 * the item. A draft (an item without a chosen image) that has a ledger row is kept by the drafts clean-up: every
 * imported item gets one.
 */
export const itemLedgers = pgTable(
  'item_ledgers',
  {
    itemId: uuid('item_id')
      .primaryKey()
      .references(() => items.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    priceAmount: numeric('price_amount', { precision: 12, scale: 2, mode: 'number' }),
    priceCurrency: text('price_currency'),
    purchasedOn: date('purchased_on', { mode: 'string' }),
    boughtAt: text('bought_at'),
    storage: text('storage'),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('item_ledgers_user_idx').on(t.userId),
    // A price is an amount with its currency, or neither.
    check('item_ledgers_price_check', sql`(${t.priceAmount} is null) = (${t.priceCurrency} is null)`),
  ],
);

/**
 * An inventory import (a job): the CSV as sent, how far the job got (`done` rows of `total`), how many items it
 * created and each refused row's errors. The job resumes at `done` after a retry, so no row is imported twice.
 */
export const inventoryImports = pgTable(
  'inventory_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of the CSV: the same file sent again within minutes answers the same import. */
    csvHash: text('csv_hash').notNull(),
    csv: text('csv').notNull(),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    created: integer('created').notNull().default(0),
    errors: jsonb('errors').$type<{ row: number; errors: { column: string | null; code: string }[] }[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('inventory_imports_user_idx').on(t.userId, t.createdAt)],
);
