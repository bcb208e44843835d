import { timestamp } from 'drizzle-orm/pg-core';

/** Column helpers shared by the module schemas. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// better-auth tables (model names user, session, account, verification, rateLimit)
