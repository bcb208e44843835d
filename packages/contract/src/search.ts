import { z } from 'zod';
import { exploreCardSchema } from './social';
import { text } from './strings';

/** What a search looks for: everything (a few people and tags, then items), or one kind. */
export const SEARCH_TYPES = ['all', 'items', 'people', 'tags'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
/** A query's length, after trimming. */
export const SEARCH_QUERY_MIN = 1;
export const SEARCH_QUERY_MAX = 100;
/** Results per page unless `limit` says otherwise, and at most. */
export const SEARCH_PAGE_SIZE = 24;
export const SEARCH_LIMIT_MAX = 60;
/** How far a search pages (results in its order): enough to browse, bounded for the database. */
export const SEARCH_DEPTH_MAX = 1000;
/** With `type` all: the people and tags shown beside the first page of items. */
export const SEARCH_ALL_PEOPLE = 5;
export const SEARCH_ALL_TAGS = 8;
/** A tag's count of visible items stops here (the page says 99+). */
export const SEARCH_TAG_COUNT_CAP = 100;

export const searchInputSchema = z.object({
  q: text().trim().min(SEARCH_QUERY_MIN, 'This field is required.').max(SEARCH_QUERY_MAX),
  type: z.enum(SEARCH_TYPES).default('all'),
  /** The previous page's `nextCursor`: opaque to clients. */
  cursor: text()
    .regex(/^[0-9]{1,4}$/, 'Not a valid cursor')
    .optional(),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMIT_MAX).default(SEARCH_PAGE_SIZE),
});
export type SearchInput = z.input<typeof searchInputSchema>;

export const searchPersonSchema = z.object({
  id: z.string(),
  handle: z.string(),
  displayName: z.string(),
  avatarImageId: z.string().nullable(),
  followersCount: z.number().int().min(0),
  /** The signed-in viewer follows them (false for guests). */
  viewerFollows: z.boolean(),
});
export type SearchPerson = z.infer<typeof searchPersonSchema>;

export const searchTagSchema = z.object({ tag: z.string(), count: z.number().int().min(0) });
export type SearchTag = z.infer<typeof searchTagSchema>;

export const searchResultSchema = z.object({
  items: z.array(exploreCardSchema),
  people: z.array(searchPersonSchema),
  tags: z.array(searchTagSchema),
  /** Pass back as `cursor` for the next page of the same query and type; null: nothing more. */
  nextCursor: z.string().nullable(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
