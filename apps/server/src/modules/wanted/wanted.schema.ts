import type { ItemFacts } from '@curio/contract';
import { boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema';
import { createdAt, updatedAt } from '../../db/columns';
import { images } from '../images/images.schema';

/**
 * A collector's wanted list: the pieces they are looking for, each with its facts (the items' shape,
 * kept whole as JSON), a note, an optional reference photo (an uploaded photo of theirs) and whether
 * others may see it.
 */
export const wantedEntries = pgTable(
  'wanted_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    facts: jsonb('facts').$type<ItemFacts>().notNull(),
    note: text('note'),
    imageId: text('image_id').references(() => images.id, { onDelete: 'set null' }),
    public: boolean('public').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('wanted_entries_user_created_idx').on(t.userId, t.createdAt), index('wanted_entries_image_idx').on(t.imageId)],
);
