import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema';
import { createdAt } from '../../db/columns';

/** Tags a collector follows: items carrying one appear in their home feed. Tags are stored as items store them. */
export const tagFollows = pgTable(
  'tag_follows',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tag] })],
);

/** Tags a collector muted: items carrying one never show in their explore, feed, tag pages or search. */
export const tagMutes = pgTable(
  'tag_mutes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tag] })],
);

/**
 * People a collector muted: their items, comments and notifications leave the muter's view. Silent (the muted
 * person is told nothing and may still see, follow and message the muter), unlike a block.
 */
export const userMutes = pgTable(
  'user_mutes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mutedId: text('muted_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.mutedId] }),
    index('user_mutes_muted_idx').on(t.mutedId),
    check('user_mutes_not_self', sql`${t.userId} <> ${t.mutedId}`),
  ],
);
