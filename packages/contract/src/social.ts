import { z } from 'zod';
import {
  EXPLORE_SORTS,
  TIME_RANGES,
  EXPLORE_TOP_TAGS,
  COMMENT_MAX,
  COMMENT_INPUT_MAX,
  COMMENT_PAGE,
  MENTION_MIN,
  DM_OPTIONS,
  SOCIAL_MESSAGES,
  METADATA_MAX,
  TAGS_MAX,
  TAG_MAX_LENGTH,
  TITLE_MAX,
} from './limits';
import { altTextSchema, parseTags, uuidSchema } from './shelf';
import { text, textOrList } from './strings';
import { FACT_LIMITS, itemFactsPatchSchema } from './facts';

export type ExploreSort = (typeof EXPLORE_SORTS)[number];
export type TimeRange = (typeof TIME_RANGES)[number];

/** Query strings arrive as text: booleans are "true"/"false" (or real booleans in a JSON body). */
const boolParam = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).transform((v) => v === true || v === 'true' || v === '1');

/** A fact explore filters by: a trimmed text, blank meaning no filter. */
const factFilter = text()
  .trim()
  .max(FACT_LIMITS.name)
  .optional()
  .transform((v) => (v ? v : undefined));

export const exploreListInputSchema = z.object({
  sort: z.enum(EXPLORE_SORTS).default('trending'),
  timeRange: z.enum(TIME_RANGES).default('7d'),
  includeNSFW: boolParam.default(false),
  tag: text()
    .trim()
    .max(TAG_MAX_LENGTH)
    .optional()
    .transform((v) => (v ? v : undefined)),
  /** Only items whose maker, line or character is this text (trimmed; letter case does not matter). */
  maker: factFilter,
  line: factFilter,
  character: factFilter,
  page: z.coerce.number().int().min(0).max(1000).default(0),
  pageSize: z.coerce.number().int().min(1).max(60).optional(),
  /** The landing page's form: `limit` instead of page/pageSize. */
  limit: z.coerce.number().int().min(1).max(60).optional(),
  /**
   * The first page's `snapshot` (an opaque token the server signed: the moment it was ranked);
   * later pages pass it back so nothing repeats or is skipped.
   */
  snapshot: text()
    .max(64)
    .regex(/^[0-9a-z]{1,12}\.[A-Za-z0-9_-]{1,43}$/, 'Not a valid snapshot')
    .optional(),
});
export type ExploreListInput = z.input<typeof exploreListInputSchema>;

export const exploreCardSchema = z.object({
  itemId: z.string(),
  title: z.string(),
  imageUrl: z.string(),
  /** The image's alt text; null: the title stands in. */
  altText: z.string().nullable(),
  nsfw: z.boolean(),
  likeCount: z.number(),
  commentCount: z.number(),
  saveCount: z.number(),
  user: z.object({ handle: z.string(), avatarImageId: z.string().nullable() }),
  /** The signed-in viewer's state (absent for guests): whether they liked / saved the item. */
  liked: z.boolean().optional(),
  saved: z.boolean().optional(),
});
export type ExploreCard = z.infer<typeof exploreCardSchema>;
export const exploreListResultSchema = z.object({
  items: z.array(exploreCardSchema),
  nextPage: z.number().nullable(),
  snapshot: z.string(),
});
export type ExploreListResult = z.infer<typeof exploreListResultSchema>;

export const exploreTopTagsInputSchema = z.object({
  timeRange: z.enum(TIME_RANGES).default('7d'),
  limit: z.coerce.number().int().min(1).max(50).default(EXPLORE_TOP_TAGS),
});
export type TopTag = { tag: string; count: number };

export const itemIdInputSchema = z.object({ itemId: uuidSchema });
/** Like or unlike; with `liked` the call sets that state (a repeated tap changes nothing), without it it toggles. */
export const likeToggleInputSchema = z.object({ itemId: uuidSchema, liked: z.boolean().optional() });
/** Save or unsave; with `saved` the call sets that state, without it it toggles. */
export const saveToggleInputSchema = z.object({ itemId: uuidSchema, saved: z.boolean().optional() });
export const itemsUpdateInputSchema = z.object({
  itemId: uuidSchema,
  title: text().trim().min(1, 'This field is required.').max(TITLE_MAX),
  tags: textOrList(text(), z.array(text()))
    .default([])
    .transform((v) => parseTags(v))
    .pipe(z.array(text().max(TAG_MAX_LENGTH)).max(TAGS_MAX)),
  nsfw: z.boolean(),
  /** The owner's notes (the item's `metadata`): blank clears them; left out, they stay as they are. */
  notes: text()
    .trim()
    .max(METADATA_MAX)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null)),
  /** The facts to change: a key left out stays as it is, null or blank clears it; left out, none change. */
  facts: itemFactsPatchSchema.optional(),
  /** The chosen image's alt text: blank clears it (the title stands in); left out, it stays as it is. */
  altText: altTextSchema,
});

export const commentsListInputSchema = z.object({
  itemId: uuidSchema,
  limit: z.coerce.number().int().min(1).max(50).default(COMMENT_PAGE),
  cursor: text().max(200).optional(),
});
export const commentsCreateInputSchema = z.object({
  itemId: uuidSchema,
  body: text()
    .max(COMMENT_INPUT_MAX, SOCIAL_MESSAGES.commentTooLong)
    .transform((s) => s.trim())
    .pipe(z.string().min(1, SOCIAL_MESSAGES.commentEmpty).max(COMMENT_MAX, SOCIAL_MESSAGES.commentTooLong)),
});
export const commentIdInputSchema = z.object({ commentId: uuidSchema });
export const commentsReportInputSchema = z.object({ commentId: uuidSchema, reason: text().max(500).default('') });
export const commentSchema = z.object({
  id: z.string(),
  body: z.string(),
  createdAt: z.string(),
  /**
   * The author, or null when this viewer may not know who wrote it: their account was deleted
   * (`deletedUser`), or their profile is private or hidden by a moderator ("a private collector"; only
   * the author sees themselves).
   */
  user: z.object({ id: z.string(), handle: z.string(), avatarImageId: z.string().nullable() }).nullable(),
  /** The author deleted their account; the comment stays for its thread, without its text. */
  deletedUser: z.boolean().optional(),
  canDelete: z.boolean(),
});
export type Comment = z.infer<typeof commentSchema>;

export const mentionsSearchInputSchema = z.object({ q: text().trim().min(MENTION_MIN).max(30) });
/** `@handle` tokens in a comment: letters, digits, dot and underscore (spec part 2 §5). */
export const MENTION_PATTERN = /@([A-Za-z0-9._]{2,30})/g;
export function extractMentions(body: string): string[] {
  return [...new Set([...body.matchAll(MENTION_PATTERN)].map((m) => m[1]!.toLowerCase().replace(/\.+$/, '')))];
}

export const settingsUpdateInputSchema = z.object({
  includeNSFW: z.boolean().optional(),
  allowDMs: z.enum(DM_OPTIONS).optional(),
  profilePublic: z.boolean().optional(),
  analyticsOptOut: z.boolean().optional(),
});
export type SettingsUpdate = z.infer<typeof settingsUpdateInputSchema>;
