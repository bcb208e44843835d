import { z } from 'zod';

/**
 * Live streams served at `/realtime/v1/{stream}` (server-sent events). `site` is the one open to guests: it carries
 * nothing but the hint that the public site settings changed (SITE_EVENTS).
 */
export const REALTIME_STREAMS = ['notifications', 'photos', 'messages', 'site', 'feed'] as const;
export type RealtimeStream = (typeof REALTIME_STREAMS)[number];
export const isRealtimeStream = (name: string): name is RealtimeStream => (REALTIME_STREAMS as readonly string[]).includes(name);

/** The server sends a comment line this often so that proxies keep an idle stream open. */
export const REALTIME_HEARTBEAT_MS = 25_000;
/** The `retry:` hint (ms) sent when the server closes streams on shutdown. */
export const REALTIME_RETRY_MS = 2_000;

/** Event names on the `notifications` stream. */
export const NOTIFICATION_EVENTS = {
  /** Sent once on connect (no id): the current unseen count. */
  unseen: 'unseen',
  /** A notification was created for the user (id = the event's id, for `Last-Event-ID`). */
  created: 'notification',
  /**
   * An admin changed the public site settings (maintenance mode, the announcement, the beta), in any process: sent
   * to every open notifications stream (no id, no data to trust), so that open tabs read them again at once.
   */
  siteSettings: 'site-settings',
} as const;

/** Event names on the guests' `site` stream. */
export const SITE_EVENTS = {
  /** An admin changed the public site settings, in any process (no id, no data): read them again. */
  settings: 'site-settings',
} as const;

/**
 * `report_outcome`: a moderator closed the user's report (ref: the report; its status is the outcome).
 * `item_hidden`: a moderator took the user's item down, after a report or a DMCA notice (ref: the item).
 * `item_restored`: a moderator reversed that: the user's item shows again (ref: the item).
 * `report_reversed`: content the user reported, and a moderator removed, is shown again (ref: the report).
 */
export const NOTIFICATION_KINDS = ['follow', 'like', 'comment', 'mention', 'report_outcome', 'item_hidden', 'item_restored', 'report_reversed'] as const;

export const notificationEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  refId: z.string().nullable(),
  actorId: z.string().nullable(),
  createdAt: z.string(),
});
export type NotificationEntry = z.infer<typeof notificationEntrySchema>;

/**
 * Unseen notifications are counted up to this many: a count of 100 means 100 or more (the bell says 99+), so that
 * counting what a busy collector has not read yet costs the same as for anyone.
 */
export const UNSEEN_COUNT_CAP = 100;
export const unseenCountSchema = z.number().int().min(0).max(UNSEEN_COUNT_CAP);
export const unseenEventSchema = z.object({ count: unseenCountSchema });
export const notificationCreatedEventSchema = z.object({
  unseenCount: unseenCountSchema,
  notification: notificationEntrySchema,
});
export type NotificationCreatedEvent = z.infer<typeof notificationCreatedEventSchema>;

/** Event names on the `photos` stream (the owner's photos being prepared for generation). */
export const PHOTO_EVENTS = {
  /** A photo's cut-out finished (ready) or failed for good. */
  prepared: 'photo-prepared',
} as const;
export const photoPreparedEventSchema = z.object({
  itemId: z.string(),
  imageId: z.string(),
  prep: z.enum(['pending', 'ready', 'failed']),
});
export type PhotoPreparedEvent = z.infer<typeof photoPreparedEventSchema>;

/** Event names on the `messages` stream (both participants of a thread get each message). */
export const MESSAGE_EVENTS = {
  /** Sent once on connect (no id): the user's unread messages over all threads. */
  unread: 'unread',
  /** A message was sent in one of the user's threads (by them or to them). */
  message: 'message',
  /** The user read a thread (another tab of theirs, say): its unread count is now 0. */
  read: 'read',
} as const;

export const unreadEventSchema = z.object({ total: z.number().int().min(0) });
export const messageEventSchema = z.object({
  threadId: z.string(),
  message: z.object({ id: z.string(), threadId: z.string(), text: z.string(), senderId: z.string(), createdAt: z.string() }),
  /** The recipient's unread total after this message (the sender's own, unchanged, for the sender). */
  unreadTotal: z.number().int().min(0),
});
export type MessageEvent = z.infer<typeof messageEventSchema>;
export const threadReadEventSchema = z.object({ threadId: z.string(), unreadTotal: z.number().int().min(0) });
