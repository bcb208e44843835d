import { z } from 'zod';

/** Live streams served at `/realtime/v1/{stream}` (server-sent events). */
export const REALTIME_STREAMS = ['notifications'] as const;
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
} as const;

export const NOTIFICATION_KINDS = ['follow', 'like', 'comment', 'mention'] as const;

export const notificationEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  refId: z.string().nullable(),
  actorId: z.string().nullable(),
  createdAt: z.string(),
});
export type NotificationEntry = z.infer<typeof notificationEntrySchema>;

export const unseenEventSchema = z.object({ count: z.number().int().min(0) });
export const notificationCreatedEventSchema = z.object({
  unseenCount: z.number().int().min(0),
  notification: notificationEntrySchema,
});
export type NotificationCreatedEvent = z.infer<typeof notificationCreatedEventSchema>;
