import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema';
import { createdAt } from '../../db/columns';

/**
 * The devices a person has signed in from: a browser-and-system label with the class of the address
 * (`Chrome|Linux|public`). A session from one not listed here mails a notice (except the first ever).
 */
export const accountDevices = pgTable(
  'account_devices',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    device: text('device').notNull(),
    firstSeenAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.device] })],
);
