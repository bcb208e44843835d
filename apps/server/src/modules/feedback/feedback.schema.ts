import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema';
import { createdAt } from '../../db/columns';

/** Feedback people send from /feedback; admins read it in the panel. */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The signed-in sender; null for a guest (or after the account was deleted). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    category: text('category', { enum: ['bug', 'idea', 'abuse', 'other'] }).notNull(),
    message: text('message').notNull(),
    email: text('email'),
    path: text('path'),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_created_idx').on(t.createdAt), check('feedback_message_length', sql`char_length(${t.message}) between 1 and 1000`)],
);
