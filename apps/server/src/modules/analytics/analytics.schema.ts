import { bigserial, date, index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema';
import { createdAt } from '../../db/columns';
import { items } from '../items/items.schema';

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    props: jsonb('props').notNull().default({}),
    path: text('path').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The item an item_view is about (kept as a column for trending and insights). */
    itemId: uuid('item_id'),
    createdAt: createdAt(),
  },
  (t) => [index('analytics_events_name_created_idx').on(t.name, t.createdAt), index('analytics_events_item_created_idx').on(t.itemId, t.createdAt)],
);

/**
 * Counted item views: one per viewer, item and UTC day. The viewer is a keyed hash (of the user id,
 * or of a guest's address and user agent) whose key changes every day, so no identity is kept.
 */
export const itemViews = pgTable(
  'item_views',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    viewer: text('viewer').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.day, t.viewer] }), index('item_views_created_idx').on(t.createdAt)],
);

/** Counted profile views: one per viewer, profile and UTC day, as item_views (the viewer is a daily keyed hash). */
export const profileViews = pgTable(
  'profile_views',
  {
    profileUserId: text('profile_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    viewer: text('viewer').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.profileUserId, t.day, t.viewer] }), index('profile_views_created_idx').on(t.createdAt)],
);
