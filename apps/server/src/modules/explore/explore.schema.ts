import { date, doublePrecision, index, integer, pgTable, primaryKey, smallint, timestamp, uuid } from 'drizzle-orm/pg-core';
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

/**
 * The moment item_rank_totals is rolled up to (one row). A job moves it forward every few minutes
 * (explore.repository rollUp); '-infinity' until the first roll-up.
 */
export const itemRankRollup = pgTable('item_rank_rollup', {
  id: smallint('id').primaryKey().default(1),
  rolledAt: timestamp('rolled_at', { withTimezone: true, mode: 'string' }).notNull(),
});

/**
 * Each item's engagement in the four ranges of explore, as of item_rank_rollup.rolled_at (r): likes
 * and trending points (30 per like, 20 per visible comment or save, 1 per counted view) whose
 * `created_at` lies in (r − range, r]. The roll-up job moves r forward; triggers on the engagement
 * tables keep the totals exact for rows written, deleted or changed later with `created_at` ≤ r
 * (migration 0021_item_rank_totals). A ranking adds what changed between r and its snapshot from
 * the raw rows. `heat_*` bounds the trending score from above (the points over (age at a moment
 * ≤ r, in hours, + 2)^1.5), so a ranking reads the hottest items from an index and never scores
 * every item; `created_at` is the item's, for the index that orders "top".
 */
export const itemRankTotals = pgTable(
  'item_rank_totals',
  {
    itemId: uuid('item_id')
      .primaryKey()
      .references(() => items.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    likes24h: integer('likes_24h').notNull().default(0),
    likes7d: integer('likes_7d').notNull().default(0),
    likes30d: integer('likes_30d').notNull().default(0),
    likesAll: integer('likes_all').notNull().default(0),
    points24h: integer('points_24h').notNull().default(0),
    points7d: integer('points_7d').notNull().default(0),
    points30d: integer('points_30d').notNull().default(0),
    pointsAll: integer('points_all').notNull().default(0),
    heat24h: doublePrecision('heat_24h').notNull().default(0),
    heat7d: doublePrecision('heat_7d').notNull().default(0),
    heat30d: doublePrecision('heat_30d').notNull().default(0),
    heatAll: doublePrecision('heat_all').notNull().default(0),
  },
  (t) => [
    index('item_rank_totals_likes_24h_idx').on(t.likes24h, t.createdAt, t.itemId),
    index('item_rank_totals_likes_7d_idx').on(t.likes7d, t.createdAt, t.itemId),
    index('item_rank_totals_likes_30d_idx').on(t.likes30d, t.createdAt, t.itemId),
    index('item_rank_totals_likes_all_idx').on(t.likesAll, t.createdAt, t.itemId),
    index('item_rank_totals_heat_24h_idx').on(t.heat24h),
    index('item_rank_totals_heat_7d_idx').on(t.heat7d),
    index('item_rank_totals_heat_30d_idx').on(t.heat30d),
    index('item_rank_totals_heat_all_idx').on(t.heatAll),
  ],
);
