import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema';
import { createdAt } from '../../db/columns';

export const userRoles = pgTable(
  'user_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['admin', 'moderator'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);
