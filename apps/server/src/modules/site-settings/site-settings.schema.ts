import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema';
import { updatedAt } from '../../db/columns';

export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});
