import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Wrong passwords per account (the normalized address typed, whether or not it has an account): the
 * count of the current episode, when the next attempt may come (exponential back-off), and whether
 * the owner was told of this episode. A success deletes the row.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    email: text('email').primaryKey(),
    failures: integer('failures').notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    /** The id of the attempt that was last counted: how a statement knows it counted its own attempt. */
    lastAttemptId: text('last_attempt_id'),
  },
  (t) => [index('sign_in_failures_last_failure_idx').on(t.lastFailureAt)],
);

/**
 * The authenticator-app time steps each account has signed in with: one row per (user, step), so a
 * code is accepted once (RFC 6238 §5.2) in every process. Rows older than the codes' window are pruned.
 */
export const totpUsedSteps = pgTable(
  'totp_used_steps',
  {
    userId: text('user_id').notNull(),
    step: bigint('step', { mode: 'number' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.step] }), index('totp_used_steps_used_at_idx').on(t.usedAt)],
);
