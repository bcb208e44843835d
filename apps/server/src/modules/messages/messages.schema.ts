import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema';
import { createdAt } from '../../db/columns';

/** One thread per pair of people: `user_a` < `user_b`, unique. */
export const dmThreads = pgTable(
  'dm_threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** A party becomes null when their account is deleted: the other keeps the thread and their own messages. */
    userA: text('user_a').references(() => users.id, { onDelete: 'set null' }),
    userB: text('user_b').references(() => users.id, { onDelete: 'set null' }),
    /** The last message's time (the creation until then): threads are listed by it. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    aReadAt: timestamp('a_read_at', { withTimezone: true }),
    bReadAt: timestamp('b_read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('dm_threads_pair_key').on(t.userA, t.userB),
    index('dm_threads_a_last_idx').on(t.userA, t.lastMessageAt),
    index('dm_threads_b_last_idx').on(t.userB, t.lastMessageAt),
    // Byte order (ids are ASCII), the same order the service sorts the pair in.
    check('dm_threads_ordered_pair', sql`${t.userA} collate "C" < ${t.userB} collate "C"`),
  ],
);

export const dmMessages = pgTable(
  'dm_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => dmThreads.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** Hidden by a moderator (a reported thread): the recipient sees that a message was removed. */
    hidden: boolean('hidden').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('dm_messages_thread_created_idx').on(t.threadId, t.createdAt),
    check('dm_messages_text_length', sql`char_length(${t.text}) between 1 and 1000`),
  ],
);
