import { z } from 'zod';
import { TAG_MAX_LENGTH } from './limits';
import { exploreCardSchema } from './social';
import { userIdSchema } from './social-graph';
import { text } from './strings';

/**
 * Discovery beyond explore: the home feed of followed collectors and tags, suggestions of people to
 * follow, tag pages with a Follow button, and one's own filters (muted tags and people).
 */

export const FEED_PAGE = 30;
export const FEED_PAGE_MAX = 60;
export const PEOPLE_SUGGEST_DEFAULT = 8;
export const TAG_RELATED_MAX = 12;
/** How many tags a collector may follow, and how many tags and people they may mute. */
export const TAG_FOLLOWS_MAX = 200;
export const MUTES_MAX = 500;

/** One tag, as items carry it (trimmed; compared as stored). */
export const tagParamSchema = text().trim().min(1).max(TAG_MAX_LENGTH);

export const feedListInputSchema = z.object({
  cursor: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(FEED_PAGE_MAX).default(FEED_PAGE),
});
export const feedCardSchema = exploreCardSchema.extend({
  /** When the item was added (ISO 8601). */
  createdAt: z.string(),
});
export type FeedCard = z.infer<typeof feedCardSchema>;
export const feedListResultSchema = z.object({
  items: z.array(feedCardSchema),
  /** The next page's cursor; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type FeedListResult = z.infer<typeof feedListResultSchema>;

export const peopleSuggestInputSchema = z.object({
  limit: z.coerce.number().int().min(1).max(20).default(PEOPLE_SUGGEST_DEFAULT),
});
export const suggestedPersonSchema = z.object({
  userId: z.string(),
  handle: z.string(),
  displayName: z.string(),
  avatarImageId: z.string().nullable(),
  followersCount: z.number().int(),
  /** Tags the viewer's items share with this person's (empty when suggested for being much followed). */
  sharedTags: z.array(z.string()),
});
export type SuggestedPerson = z.infer<typeof suggestedPersonSchema>;
export const peopleSuggestResultSchema = z.object({ users: z.array(suggestedPersonSchema) });

export const tagInputSchema = z.object({ tag: tagParamSchema });
/** Follow or unfollow a tag; with `following` the call sets that state, without it it toggles. */
export const tagsFollowToggleInputSchema = z.object({ tag: tagParamSchema, following: z.boolean().optional() });
export const tagsFollowToggleResultSchema = z.object({ following: z.boolean() });
export const tagsFollowedListResultSchema = z.object({ tags: z.array(z.object({ tag: z.string(), createdAt: z.string() })) });
export type TagsFollowedListResult = z.infer<typeof tagsFollowedListResultSchema>;

export const tagGetResultSchema = z.object({
  tag: z.string(),
  /** Items carrying the tag that this viewer may find (explore's rules, their NSFW choice and mutes). */
  count: z.number().int(),
  /** Tags most often found on the same items, most frequent first. */
  related: z.array(z.object({ tag: z.string(), count: z.number().int() })),
  /** The signed-in viewer follows / muted the tag (false for a guest). */
  following: z.boolean(),
  muted: z.boolean(),
});
export type TagGetResult = z.infer<typeof tagGetResultSchema>;

/**
 * Mute or unmute one tag or one person (exactly one of `tag`, `userId`); with `muted` the call sets that state,
 * without it it toggles. Answers the new state.
 */
export const mutesToggleInputSchema = z
  .object({ tag: tagParamSchema.optional(), userId: userIdSchema.optional(), muted: z.boolean().optional() })
  .refine((v) => (v.tag === undefined) !== (v.userId === undefined), {
    message: 'Name either a tag or a person',
    path: ['tag'],
    params: { fieldCode: 'required' },
  });
export const mutesToggleResultSchema = z.object({ muted: z.boolean() });
export const mutesListResultSchema = z.object({
  tags: z.array(z.object({ tag: z.string(), createdAt: z.string() })),
  users: z.array(z.object({ userId: z.string(), handle: z.string(), displayName: z.string(), avatarImageId: z.string().nullable(), createdAt: z.string() })),
});
export type MutesListResult = z.infer<typeof mutesListResultSchema>;

/** Event names on the `feed` stream (no ids: a missed one only leaves the "new items" count short). */
export const FEED_EVENTS = {
  /** An item from someone the viewer follows, or with a tag they follow, was just added. */
  item: 'item',
} as const;
export const feedItemEventSchema = z.object({ itemId: z.string() });
