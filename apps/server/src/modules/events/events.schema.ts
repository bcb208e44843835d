import { bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema';
import { createdAt } from '../../db/columns';

/**
 * Domain events (a notification created, an item changed, a profile going private), written in the
 * transaction of the change and announced to every process with NOTIFY. Live streams resume from
 * them by id (`Last-Event-ID`); old rows are pruned. A null user is a broadcast to every process.
 */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    stream: text('stream').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('events_user_stream_id_idx').on(t.userId, t.stream, t.id), index('events_created_idx').on(t.createdAt)],
);
