import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema';
import { createdAt } from '../../db/columns';

export const follows = pgTable(
  'follows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    followerId: text('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: text('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('follows_pair_key').on(t.followerId, t.followeeId),
    index('follows_followee_created_idx').on(t.followeeId, t.createdAt),
    index('follows_follower_created_idx').on(t.followerId, t.createdAt),
    check('follows_not_self', sql`${t.followerId} <> ${t.followeeId}`),
  ],
);

/** Follower and following counts kept beside the profile, changed in the follow's transaction. */
export const profileStats = pgTable(
  'profile_stats',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    followersCount: integer('followers_count').notNull().default(0),
    followingCount: integer('following_count').notNull().default(0),
  },
  (t) => [check('profile_stats_non_negative', sql`${t.followersCount} >= 0 and ${t.followingCount} >= 0`)],
);
