import { date, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { items } from '../items/items.schema';

/** The day of an all-time row in item_engagement_daily: the item's totals, whatever day they came. */
export const ALL_TIME_DAY = '-infinity';

/**
 * Engagement per item and UTC day, as the rankings read it: likes, visible comments, saves and
 * counted views whose `created_at` falls on that day, plus one all-time row per item (day
 * `-infinity`). Database triggers on likes, comments, bookmarks and item_views keep it exact in the
 * transaction of every write (migration 0009_engagement_aggregates), whatever code path writes.
 */
export const itemEngagementDaily = pgTable(
  'item_engagement_daily',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    likes: integer('likes').notNull().default(0),
    comments: integer('comments').notNull().default(0),
    saves: integer('saves').notNull().default(0),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.day] })],
);

// Indexes the rankings read, created by the migration with SQL drizzle does not model (INCLUDE,
// GIN): item_engagement_daily (day, item_id) INCLUDE (the counters), likes/bookmarks/comments
// (created_at, item_id) for the partial days at a range's edges, and items USING gin (tags).
