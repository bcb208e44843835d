import { NOTIFICATION_KINDS } from '@curio/contract';
import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema';
import { createdAt } from '../../db/columns';

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    refId: text('ref_id'),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    seen: boolean('seen').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_seen_idx').on(t.userId, t.seen)],
);
