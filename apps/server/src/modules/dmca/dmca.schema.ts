import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';
import { items } from '../items/items.schema';

/**
 * A DMCA takedown notice filed through the public form. `reference` is what the claimant quotes
 * (`DMCA-` and 8 characters; the API calls it the notice's id, and moderation actions name it in
 * `dmca_id`); `id` is internal. The item is kept as long as it exists (its address stays in
 * `infringing_urls`).
 */
export const dmcaNotices = pgTable(
  'dmca_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique(),
    status: text('status', { enum: ['open', 'needinfo', 'hidden', 'dismissed', 'resolved'] })
      .notNull()
      .default('open'),
    claimantName: text('claimant_name').notNull(),
    claimantEmail: text('claimant_email').notNull(),
    claimantAddress: text('claimant_address'),
    claimantPhone: text('claimant_phone'),
    signature: text('signature').notNull(),
    workDescription: text('work_description').notNull(),
    originalUrls: text('original_urls').array().notNull(),
    infringingItemId: uuid('infringing_item_id').references(() => items.id, { onDelete: 'set null' }),
    infringingUrls: text('infringing_urls').array().notNull(),
    goodFaith: boolean('good_faith').notNull(),
    perjury: boolean('perjury').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('dmca_notices_status_created_idx').on(t.status, t.createdAt),
    index('dmca_notices_item_idx').on(t.infringingItemId),
    index('dmca_notices_created_idx').on(t.createdAt),
  ],
);
