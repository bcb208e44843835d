import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/auth.schema';
import { createdAt, updatedAt } from '../../db/columns';
import { images } from '../images/images.schema';
import { shelves } from '../shelves/shelves.schema';

export const items = pgTable(
  'items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shelfId: uuid('shelf_id')
      .notNull()
      .references(() => shelves.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    nsfw: boolean('nsfw').notNull().default(false),
    metadata: text('metadata'),
    // The item's facts (public with the item; every one optional): see the contract's facts.ts.
    maker: text('maker'),
    line: text('line'),
    characterName: text('character_name'),
    year: integer('year'),
    scale: text('scale'),
    editionNumber: integer('edition_number'),
    editionOf: integer('edition_of'),
    condition: text('condition', { enum: ['mint_in_box', 'opened', 'loose', 'damaged'] }),
    barcode: text('barcode'),
    /** The chosen image's alt text, written by its owner; null: the title stands in. */
    imageAlt: text('image_alt'),
    chosenCompositeId: uuid('chosen_composite_id'),
    hidden: boolean('hidden').notNull().default(false),
    hiddenSource: text('hidden_source', { enum: ['dmca', 'other'] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('items_shelf_created_idx').on(t.shelfId, t.createdAt),
    index('items_user_idx').on(t.userId),
    index('items_created_idx').on(t.createdAt),
    // Explore's filters by a fact (case-insensitive, exact), newest first within one.
    index('items_maker_lower_idx').on(sql`lower(${t.maker})`, t.createdAt),
    index('items_line_lower_idx').on(sql`lower(${t.line})`, t.createdAt),
    index('items_character_lower_idx').on(sql`lower(${t.characterName})`, t.createdAt),
    // An edition is both numbers or neither, its number within its size.
    check('items_edition_check', sql`(${t.editionNumber} is null and ${t.editionOf} is null) or (${t.editionNumber} between 1 and ${t.editionOf})`),
    // The home feed: each followed collector's newest items with an image, read backwards in keyset order (created_at
    // desc, id desc); hidden and nsfw ride along so that the feed's scan needs no visit to the table.
    index('items_user_feed_idx')
      .on(t.userId, t.createdAt, t.id, t.hidden, t.nsfw)
      .where(sql`${t.chosenCompositeId} is not null`),
  ],
);

export const photos = pgTable(
  'photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    imageId: text('image_id')
      .notNull()
      .unique()
      .references(() => images.id),
    role: text('role', { enum: ['front', 'side', 'back', 'box', 'detail'] })
      .notNull()
      .default('front'),
    /** The photo's alt text, written by its owner; null: unset. */
    altText: text('alt_text'),
    cutoutImageId: text('cutout_image_id').references(() => images.id, { onDelete: 'set null' }),
    cutoutStatus: text('cutout_status', { enum: ['pending', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    createdAt: createdAt(),
  },
  // The cut-out index serves image delivery's visibility check (which items show an image).
  (t) => [index('photos_item_idx').on(t.itemId), index('photos_cutout_image_idx').on(t.cutoutImageId)],
);

export const composites = pgTable(
  'composites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    imageId: text('image_id')
      .notNull()
      .references(() => images.id),
    style: text('style').notNull(),
    variantNo: integer('variant_no').notNull(),
    generationId: uuid('generation_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('composites_item_idx').on(t.itemId), index('composites_image_idx').on(t.imageId)],
);
