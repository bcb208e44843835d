import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns';

/**
 * Text messages the server would have sent while no SMS_URL is configured (the SMS outbox, like the
 * mail outbox): served at /dev/sms on this computer outside production, so codes can be read locally.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sms_outbox_created_idx').on(t.createdAt)],
);
