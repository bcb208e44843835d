import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema';
import { createdAt } from '../../db/columns';

/**
 * What admins did to accounts, append-only: suspensions, removed factors, sign-in links they made,
 * deletions. No foreign key on the account: the record outlives a deleted account (its address is
 * kept with it). Not the moderation log: that one is about content and moderators read it.
 */
export const adminAccountActions = pgTable(
  'admin_account_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the admin's own account is gone; the record stays. */
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    userId: text('user_id').notNull(),
    userEmail: text('user_email').notNull(),
    action: text('action', { enum: ['suspend', 'reactivate', 'factor_remove', 'sign_in_link', 'delete'] }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('admin_account_actions_user_idx').on(t.userId, t.createdAt)],
);
