import { z } from 'zod';
import { DM_MAX, DM_MESSAGES } from './limits';
import { BIO_MAX, DISPLAY_NAME_MAX } from './limits';
import { NOTIFICATION_KINDS, unseenCountSchema } from './realtime';
import { handleSchema, profileSchema, VALIDATION_MESSAGES } from './schemas';
import { imageIdSchema, uuidSchema } from './shelf';
import { text } from './strings';

/**
 * People and what connects them: public profiles, follows, notifications, direct messages, blocks,
 * insights and profile editing (spec part 1 "Public profile", "Follow"; part 2 "Notifications",
 * "Messages", "Privacy settings", "Insights").
 */

export const NOTIFICATIONS_PAGE = 30;
export const FOLLOWS_PAGE = 30;
export const THREADS_PAGE = 30;
export const MESSAGES_PAGE = 50;
/** How many of the people who liked an item one grouped notification names. */
export const NOTIFICATION_GROUP_ACTORS = 3;
export const INSIGHTS_TOP_ITEMS = 6;
export const INSIGHTS_DAYS = 30;

/** A user id (better-auth's text ids). */
export const userIdSchema = text().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not a valid user id');

/** Someone as lists show them (a follower, a thread's other party, a search hit). */
export const personSchema = z.object({
  userId: z.string(),
  handle: z.string(),
  displayName: z.string(),
  avatarImageId: z.string().nullable(),
});
export type Person = z.infer<typeof personSchema>;

// ---------------------------------------------------------------------------------------------
// Profiles
// ---------------------------------------------------------------------------------------------
/** Any text is accepted and lower-cased; one that is no handle is simply not found (404). */
export const profileGetInputSchema = z.object({ handle: text().trim().toLowerCase().min(1).max(64) });

/** An item on a visited shelf: placed in a cell (`col`/`row`), or in the overflow list. */
export const profileShelfItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  imageId: z.string(),
  /** The image's alt text; null: the title stands in. */
  altText: z.string().nullable(),
  nsfw: z.boolean(),
});
export type ProfileShelfItem = z.infer<typeof profileShelfItemSchema>;
export const profileShelfSchema = z.object({
  layout: z.object({ cols: z.number().int(), rows: z.number().int() }),
  /** Items in grid cells. */
  placed: z.array(profileShelfItemSchema.extend({ col: z.number().int(), row: z.number().int() })),
  /** Items in overflow (and placeable items not arranged yet), in the overflow panel's order. */
  overflow: z.array(profileShelfItemSchema),
});
export type ProfileShelf = z.infer<typeof profileShelfSchema>;

export const profileViewerSchema = z.object({
  signedIn: z.boolean(),
  isOwner: z.boolean(),
  /** The viewer follows them. */
  following: z.boolean(),
  /** They follow the viewer. */
  followsYou: z.boolean(),
  /** The viewer has blocked them. */
  blocking: z.boolean(),
  /** A message to them would be accepted (not blocked either way, their DM setting allows it). */
  canMessage: z.boolean(),
});
export type ProfileViewer = z.infer<typeof profileViewerSchema>;

export const profileGetResultSchema = z.discriminatedUnion('access', [
  z.object({
    access: z.literal('visible'),
    profile: personSchema.extend({
      bio: z.string().nullable(),
      public: z.boolean(),
      followersCount: z.number().int().min(0),
      followingCount: z.number().int().min(0),
    }),
    viewer: profileViewerSchema,
    shelf: profileShelfSchema.nullable(),
  }),
  /** A private profile seen by someone else: nothing but that it is private. */
  z.object({ access: z.literal('private'), handle: z.string() }),
]);
export type ProfileGetResult = z.infer<typeof profileGetResultSchema>;

/** Every field optional: only those sent change. `avatarImageId: null` removes the avatar. */
export const profileUpdateInputSchema = z.object({
  displayName: text().trim().min(1, VALIDATION_MESSAGES.required).max(DISPLAY_NAME_MAX, VALIDATION_MESSAGES.displayNameTooLong).optional(),
  bio: text()
    .trim()
    .max(BIO_MAX, VALIDATION_MESSAGES.bioTooLong)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v ? v : null)),
  public: z.boolean().optional(),
  /** An image the user uploaded with `uploads-sign` kind `avatar`. */
  avatarImageId: imageIdSchema.nullable().optional(),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateInputSchema>;
export const profileHandleChangeInputSchema = z.object({ handle: handleSchema });
export const profileResultSchema = z.object({ profile: profileSchema });

// ---------------------------------------------------------------------------------------------
// Follows
// ---------------------------------------------------------------------------------------------
/** Follow or unfollow; with `following` the call sets that state (a repeated tap changes nothing), without it it toggles. */
export const followToggleInputSchema = z.object({ targetUserId: userIdSchema, following: z.boolean().optional() });
/** The new state and the target's counts (spec part 1 §4 "Follow"). */
export const followToggleResultSchema = z.object({
  following: z.boolean(),
  followersCount: z.number().int().min(0),
  followingCount: z.number().int().min(0),
});
export const FOLLOW_LIST_KINDS = ['followers', 'following'] as const;
export const followsListInputSchema = z.object({
  handle: text().trim().toLowerCase().min(1).max(64),
  kind: z.enum(FOLLOW_LIST_KINDS),
  cursor: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(FOLLOWS_PAGE),
});
export const followsListResultSchema = z.object({
  users: z.array(personSchema.extend({ viewerFollows: z.boolean() })),
  nextCursor: z.string().nullable(),
});
export type FollowsListResult = z.infer<typeof followsListResultSchema>;

// ---------------------------------------------------------------------------------------------
// Notifications
// ---------------------------------------------------------------------------------------------
export const notificationActorSchema = z.object({
  user_id: z.string(),
  handle: z.string(),
  display_name: z.string(),
  avatar_image_id: z.string().nullable(),
});
/**
 * One entry of the notifications page, with the spec's fields. Likes of one item are grouped into
 * one entry: `actors` names the latest (at most 3), `actorCount` counts them all, `ids` are the
 * grouped notifications (for `notifications-mark-read`). `actorProfile` is the latest actor, null
 * when that person's profile is private (nothing of them is shown).
 */
export const notificationListEntrySchema = z.object({
  id: z.string(),
  ids: z.array(z.string()),
  kind: z.enum(NOTIFICATION_KINDS),
  ref_id: z.string().nullable(),
  seen: z.boolean(),
  created_at: z.string(),
  actorProfile: notificationActorSchema.nullable(),
  actors: z.array(notificationActorSchema),
  actorCount: z.number().int().min(0),
  itemTitle: z.string().nullable(),
  /** For `report_outcome`: what became of the user's report (the content hidden, or the report dismissed) and what it was about. */
  report: z
    .object({
      outcome: z.enum(['hidden', 'dismissed']),
      targetType: z.enum(['item', 'comment', 'profile', 'thread']),
      targetLabel: z.string().nullable(),
    })
    .nullable()
    .optional(),
});
export type NotificationListEntry = z.infer<typeof notificationListEntrySchema>;
/** The spec's `page`, or `cursor` (a previous answer's `nextCursor`; then `page` is not used). */
export const notificationsListInputSchema = z.object({
  page: z.coerce.number().int().min(0).max(1000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(NOTIFICATIONS_PAGE),
  cursor: text().max(200).optional(),
});
export const notificationsListResultSchema = z.object({
  notifications: z.array(notificationListEntrySchema),
  /** The next page number when paging by `page` (null on the last page, and when paging by cursor). */
  nextPage: z.number().int().nullable(),
  nextCursor: z.string().nullable(),
  unseenCount: unseenCountSchema,
});
export type NotificationsListResult = z.infer<typeof notificationsListResultSchema>;
/** Without ids: all of the user's notifications. */
export const notificationsMarkReadInputSchema = z.object({ ids: z.array(uuidSchema).max(500).optional() });
export const notificationsMarkReadResultSchema = z.object({ unseenCount: unseenCountSchema });
/** `notifications-unseen-count`: at most {@link UNSEEN_COUNT_CAP}. */
export const unseenCountResultSchema = z.object({ count: unseenCountSchema });

// ---------------------------------------------------------------------------------------------
// Direct messages
// ---------------------------------------------------------------------------------------------
export const dmThreadUpsertInputSchema = z.object({ otherUserId: userIdSchema });
export const dmThreadUpsertResultSchema = z.object({ thread: z.object({ id: z.string() }) });
export const dmMessageSchema = z.object({
  id: z.string(),
  threadId: z.string(),
  text: z.string(),
  senderId: z.string(),
  createdAt: z.string(),
});
export type DmMessage = z.infer<typeof dmMessageSchema>;
export const dmThreadSchema = z.object({
  id: z.string(),
  other: personSchema,
  /** The other person deleted their account: shown as "deleted user", nothing can be sent. */
  otherDeleted: z.boolean().optional(),
  lastMessage: dmMessageSchema.nullable(),
  unreadCount: z.number().int().min(0),
  /** The last message's time, or the thread's creation. */
  updatedAt: z.string(),
  /** A message from the viewer would be accepted now. */
  canSend: z.boolean(),
});
export type DmThread = z.infer<typeof dmThreadSchema>;
export const dmThreadsListInputSchema = z.object({
  cursor: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(THREADS_PAGE),
});
export const dmThreadsListResultSchema = z.object({
  threads: z.array(dmThreadSchema),
  nextCursor: z.string().nullable(),
  /** Unread messages over all threads. */
  unreadTotal: z.number().int().min(0),
});
export const dmMessagesListInputSchema = z.object({
  threadId: uuidSchema,
  cursor: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(MESSAGES_PAGE),
});
/** Newest first; `nextCursor` pages to older messages. */
export const dmMessagesListResultSchema = z.object({
  thread: dmThreadSchema,
  messages: z.array(dmMessageSchema),
  nextCursor: z.string().nullable(),
});
export const dmSendInputSchema = z.object({
  threadId: uuidSchema,
  text: text()
    .max(DM_MAX * 2, DM_MESSAGES.tooLong)
    .transform((s) => s.trim())
    .pipe(z.string().min(1, DM_MESSAGES.empty).max(DM_MAX, DM_MESSAGES.tooLong)),
});
export const dmSendResultSchema = z.object({ message: dmMessageSchema });
export const dmThreadIdInputSchema = z.object({ threadId: uuidSchema });
export const dmMarkReadResultSchema = z.object({ unreadTotal: z.number().int().min(0) });
export const dmReportInputSchema = z.object({ threadId: uuidSchema, reason: text().trim().max(500).default('') });
export const dmReportResultSchema = z.object({ reportId: z.string() });
/** People the viewer may message ("start a new conversation"): handle or name, public profiles only. */
export const dmRecipientsSearchInputSchema = z.object({ q: text().trim().min(1).max(30) });
export const dmRecipientsSearchResultSchema = z.object({ users: z.array(personSchema) });

// ---------------------------------------------------------------------------------------------
// Blocks
// ---------------------------------------------------------------------------------------------
/** Block or unblock; with `blocked` the call sets that state, without it it toggles. */
export const blockToggleInputSchema = z.object({ targetUserId: userIdSchema, blocked: z.boolean().optional() });
export const blockToggleResultSchema = z.object({ blocked: z.boolean() });

// ---------------------------------------------------------------------------------------------
// Insights (spec part 2 §3)
// ---------------------------------------------------------------------------------------------
export const insightsDaySchema = z.object({ day: z.string(), views: z.number().int().min(0) });
export const insightsSummaryResultSchema = z.object({
  profile: z.object({
    d7: z.number().int().min(0),
    d30: z.number().int().min(0),
    /** 30 UTC days, oldest first, today last, zeros included. */
    series: z.array(insightsDaySchema),
  }),
  items: z.object({
    d7: z.number().int().min(0),
    d30: z.number().int().min(0),
    series: z.array(insightsDaySchema),
    top: z.array(z.object({ itemId: z.string(), title: z.string(), imageUrl: z.string().nullable(), views30: z.number().int().min(0) })),
  }),
});
export type InsightsSummary = z.infer<typeof insightsSummaryResultSchema>;
