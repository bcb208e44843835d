import { pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Every tag any item has carried, once (as written): the dictionary search matches tags against,
 * small beside the items, with a trigram index. Kept by database triggers on items (migration
 * 0026_search), whatever code path writes; a tag no visible item carries any more stays in it and
 * is left out when search counts its visible items.
 */
export const searchTags = pgTable('search_tags', {
  tag: text('tag').primaryKey(),
});

// Indexes and functions search reads, created by the migration with SQL drizzle does not model:
// the pg_trgm extension; trigram GIN indexes on items (title), profiles (handle, display_name) and
// search_tags (tag); search_cjk_grams(text), the CJK unigrams and bigrams of a text, and GIN indexes
// on it for items (title) and profiles (display_name).
