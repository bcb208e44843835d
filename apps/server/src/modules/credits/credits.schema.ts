import { CREDIT_REASONS } from '@curio/contract';
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema';
import { createdAt } from '../../db/columns';

export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    reason: text('reason', { enum: CREDIT_REASONS }).notNull(),
    /** What the entry is for: the generation's id, the invite's, or the start of the period a refill is for. */
    ref: text('ref'),
    /** Why an admin granted or took credits (required for admin_grant). */
    note: text('note'),
    /** The admin who granted them. */
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('credit_ledger_user_idx').on(t.userId)],
);
