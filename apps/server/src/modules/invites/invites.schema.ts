import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema';
import { createdAt } from '../../db/columns';

export const inviteCodes = pgTable(
  'invite_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    prefix: text('prefix').notNull(),
    maxUses: integer('max_uses').notNull().default(1),
    usesCount: integer('uses_count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    grantTester: boolean('grant_tester').notNull().default(false),
    grantCredits: integer('grant_credits').notNull().default(0),
    notes: text('notes'),
    /** `expired` is stored by the expiry job; a code past its expiry counts as expired before that too. */
    status: text('status', { enum: ['active', 'expired', 'disabled'] })
      .notNull()
      .default('active'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invite_codes_code_key').on(t.code),
    check('invite_codes_uses', sql`${t.usesCount} >= 0 and ${t.usesCount} <= ${t.maxUses}`),
    check('invite_codes_credits', sql`${t.grantCredits} >= 0`),
  ],
);

export const inviteRedemptions = pgTable(
  'invite_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codeId: uuid('code_id')
      .notNull()
      .references(() => inviteCodes.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  // One redemption per user: the unique index settles concurrent redemptions.
  (t) => [uniqueIndex('invite_redemptions_user_key').on(t.userId), index('invite_redemptions_code_idx').on(t.codeId)],
);
