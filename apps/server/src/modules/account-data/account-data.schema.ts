import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema';
import { createdAt } from '../../db/columns';

/** A "download my data" archive: built by a job, stored under `exports/{userId}/`, downloadable until it expires. */
export const accountExports = pgTable(
  'account_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['preparing', 'ready', 'failed'] })
      .notNull()
      .default('preparing'),
    storageKey: text('storage_key'),
    /** sha256 of the link's token (the token itself is only in the mail and the owner's status). */
    tokenHash: text('token_hash').unique(),
    /** The token, kept so that the owner's page can offer the download too (readable by the owner only). */
    token: text('token'),
    bytes: integer('bytes'),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('account_exports_user_idx').on(t.userId, t.createdAt), index('account_exports_expires_idx').on(t.expiresAt)],
);

/** A scheduled deletion (one per person); signing in before `scheduled_for` cancels it. */
export const accountDeletions = pgTable(
  'account_deletions',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['scheduled', 'cancelled'] })
      .notNull()
      .default('scheduled'),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }).notNull(),
    /** Whether a moderator had hidden the profile before: restored as it was when the deletion is cancelled. */
    profileWasHidden: boolean('profile_was_hidden').notNull().default(false),
    /** A cancellation the person has not been told of yet (the web shows it once after sign-in). */
    noticePending: boolean('notice_pending').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('account_deletions_due_idx').on(t.status, t.scheduledFor)],
);

/** A one-time code mailed to confirm a deletion (accounts without a password). */
export const accountDeletionCodes = pgTable('account_deletion_codes', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});
