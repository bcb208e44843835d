import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema';
import { createdAt } from '../../db/columns';
import { items } from '../items/items.schema';

/** A user's mark on an item (a like, a save): one per user and item, listed per item by time. */
const userItemMark = (table: string) =>
  pgTable(
    table,
    {
      id: uuid('id').primaryKey().defaultRandom(),
      userId: text('user_id')
        .notNull()
        .references(() => users.id, { onDelete: 'cascade' }),
      itemId: uuid('item_id')
        .notNull()
        .references(() => items.id, { onDelete: 'cascade' }),
      createdAt: createdAt(),
    },
    (t) => [uniqueIndex(`${table}_user_item_key`).on(t.userId, t.itemId), index(`${table}_item_created_idx`).on(t.itemId, t.createdAt)],
  );

export const likes = userItemMark('likes');

export const bookmarks = userItemMark('bookmarks');

/** Counters kept beside the item so that explore and item pages never count rows. */
export const itemStats = pgTable('item_stats', {
  itemId: uuid('item_id')
    .primaryKey()
    .references(() => items.id, { onDelete: 'cascade' }),
  likeCount: integer('like_count').notNull().default(0),
  commentCount: integer('comment_count').notNull().default(0),
  saveCount: integer('save_count').notNull().default(0),
  viewCount: integer('view_count').notNull().default(0),
});

export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: text('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    targetType: text('target_type', { enum: ['comment', 'item', 'thread', 'profile'] }).notNull(),
    /** A comment, item or thread id; for a profile, the profile's id. */
    targetId: uuid('target_id').notNull(),
    reason: text('reason').notNull().default(''),
    /** The reporter's own words, if any. */
    note: text('note'),
    status: text('status', { enum: ['open', 'hidden', 'dismissed'] })
      .notNull()
      .default('open'),
    createdAt: createdAt(),
  },
  (t) => [
    index('reports_status_created_idx').on(t.status, t.createdAt),
    index('reports_target_idx').on(t.targetType, t.targetId),
    // One open report per reporter and target: a repeated report answers the open one; once a
    // moderator has closed it (hidden, dismissed) the same person may report the target again.
    uniqueIndex('reports_open_reporter_target_key')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${sql.identifier('status')} = 'open'`),
  ],
);
