import { boolean, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema';
import { updatedAt } from '../../db/columns';

export const userSettings = pgTable('user_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  includeNsfw: boolean('include_nsfw').notNull().default(false),
  allowDms: text('allow_dms', { enum: ['everyone', 'followed_only'] })
    .notNull()
    .default('everyone'),
  analyticsOptOut: boolean('analytics_opt_out').notNull().default(false),
  updatedAt: updatedAt(),
});
