import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema';
import { createdAt } from '../../db/columns';

/** A stored image: the cleaned master plus its variants live in storage under `images/{id}/`. */
export const images = pgTable(
  'images',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['photo', 'avatar', 'cutout', 'composite'] }).notNull(),
    masterFormat: text('master_format', { enum: ['jpg', 'png'] }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('images_owner_idx').on(t.ownerId)],
);

/** A signed, single-use upload slot handed out by uploads-sign. */
export const uploadTokens = pgTable(
  'upload_tokens',
  {
    token: text('token').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    imageId: text('image_id').notNull().unique(),
    kind: text('kind', { enum: ['photo', 'avatar'] }).notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('upload_tokens_user_created_idx').on(t.userId, t.createdAt)],
);
