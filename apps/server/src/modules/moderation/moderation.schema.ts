import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema';
import { createdAt } from '../../db/columns';
import { reports } from '../social/social.schema';

/**
 * Every moderation action, append-only (nothing updates or deletes a row): who acted, when, on
 * what, what they did and why. A report action names its report; a DMCA action its notice (no
 * foreign key: the notices live with the DMCA module).
 */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the moderator's account is gone; the action stays. */
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    targetType: text('target_type', { enum: ['item', 'comment', 'profile', 'thread', 'dmca'] }).notNull(),
    targetId: text('target_id').notNull(),
    reportId: uuid('report_id').references(() => reports.id, { onDelete: 'set null' }),
    // Text: a notice's id is the reference its claimant was given (DMCA-XXXXXXXX).
    dmcaId: text('dmca_id'),
    action: text('action', { enum: ['hide', 'unhide', 'dismiss', 'needinfo', 'resolve'] }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('moderation_actions_created_idx').on(t.createdAt, t.id),
    index('moderation_actions_target_idx').on(t.targetType, t.targetId, t.createdAt),
    index('moderation_actions_dmca_idx').on(t.dmcaId),
  ],
);
