import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema';
import { createdAt, updatedAt } from '../../db/columns';

export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    handle: text('handle').notNull(),
    displayName: text('display_name').notNull(),
    bio: text('bio'),
    public: boolean('public').notNull().default(true),
    /** Hidden by a moderator: shown to nobody but its owner and admins, and its items with it. */
    hidden: boolean('hidden').notNull().default(false),
    avatarImageId: text('avatar_image_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('profiles_handle_key').on(t.handle), check('profiles_handle_format', sql`${t.handle} ~ '^[a-z0-9_]{3,20}$'`)],
);
