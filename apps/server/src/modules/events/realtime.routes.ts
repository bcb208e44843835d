import { Hono, type Context } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import { isRealtimeStream, MESSAGE_EVENTS, NOTIFICATION_EVENTS, REALTIME_HEARTBEAT_MS, type RealtimeStream } from '@curio/contract';
import type { Auth } from '../../auth/auth';
import { AppError, notFound, unauthorized } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { NotificationsService, RecordedNotificationCreated } from '../notifications/notifications.service';
import type { DomainEvent, EventsService } from './events.service';
import type { StreamHub } from './stream-hub';

/** What a stream sends first, before replayed and live events (no id, so `Last-Event-ID` is kept). */
type Greeting = (userId: string) => Promise<{ event: string; data: unknown }[]>;

/**
 * `/realtime/v1/{stream}`: server-sent events for the signed-in user (session cookie or bearer
 * token). Event ids are the events table's ids: a reconnecting browser sends `Last-Event-ID` and
 * gets what it missed, then live events. A comment line every 25 s keeps idle connections open.
 */
export function realtimeRouter(deps: {
  auth: Auth;
  events: EventsService;
  hub: StreamHub;
  notifications: NotificationsService;
  /** The unread messages over all of a user's threads (the `messages` stream's greeting). */
  messages?: { unreadTotal(userId: string): Promise<number> };
  logger: Logger;
  heartbeatMs?: number;
}) {
  const greetings: Record<Exclude<RealtimeStream, 'site'>, Greeting> = {
    notifications: async (userId) => [{ event: NOTIFICATION_EVENTS.unseen, data: { count: await deps.notifications.unseenCount(userId) } }],
    // The wizard reads the current state with photos-status once the stream is open.
    photos: async () => [],
    // The home feed's "new items": hints only (the hub writes them), nothing to greet with.
    feed: async () => [],
    messages: async (userId) => (deps.messages ? [{ event: MESSAGE_EVENTS.unread, data: { total: await deps.messages.unreadTotal(userId) } }] : []),
  };
  const heartbeatMs = deps.heartbeatMs ?? REALTIME_HEARTBEAT_MS;
  const router = new Hono();
  const restarting = () => new AppError(503, 'maintenance', 'The server is restarting', undefined, { 'Retry-After': '2' });

  /**
   * Holds a stream open: registered with the hub (which ends it at shutdown) and kept alive with a comment line every
   * `heartbeatMs`, until the browser goes or the hub ends it. `release` once its handler is done.
   */
  function hold(stream: SSEStreamingApi, name: RealtimeStream, userId: string | null = null) {
    let ended = false;
    let end!: () => void;
    const finished = new Promise<void>((resolve) => {
      end = () => {
        ended = true;
        resolve();
      };
    });
    const unregister = deps.hub.add(stream, end, name, userId);
    stream.onAbort(end);
    const heartbeat = setInterval(() => void stream.write(': heartbeat\n\n'), heartbeatMs);
    heartbeat.unref();
    return {
      finished,
      get ended() {
        return ended;
      },
      release() {
        clearInterval(heartbeat);
        unregister();
      },
    };
  }

  router.get('/:stream', async (c) => {
    const name = c.req.param('stream');
    if (!isRealtimeStream(name)) throw notFound(`Unknown stream: ${name}`);
    if (name === 'site') return siteStream(c);
    const headers = c.req.raw.headers;
    const session = headers.has('cookie') || headers.has('authorization') ? await deps.auth.api.getSession({ headers }) : null;
    if (!session) throw unauthorized();
    if (deps.hub.closing) throw restarting();
    const userId = session.user.id;
    const lastId = parseLastEventId(headers.get('last-event-id') ?? c.req.query('lastEventId'));

    return streamSSE(c, async (stream) => {
      const held = hold(stream, name, userId);

      // Live events are buffered while the greeting and the replay are written, then follow in order.
      let buffered: DomainEvent[] | null = [];
      // Ids written while replaying, so that a live event the replay also read is sent once.
      let replayed: Set<number> | null = new Set<number>();
      let chain = Promise.resolve();
      // A new notification is sent with the unseen count as it is now (counted here, for open streams only).
      const payloadOf = (e: DomainEvent) =>
        e.stream === 'notifications' && e.type === NOTIFICATION_EVENTS.created
          ? deps.notifications.withUnseenCount(userId, e.payload as RecordedNotificationCreated)
          : Promise.resolve(e.payload);
      const send = (e: DomainEvent) => {
        if (replayed?.has(e.id)) return;
        replayed?.add(e.id);
        chain = chain
          .then(async () => stream.writeSSE({ event: e.type, id: String(e.id), data: JSON.stringify(await payloadOf(e)) }))
          // One event that could not be sent does not stop those after it (a bell reads its count again within a
          // minute; a stream the browser left ends, and its reconnect replays what it missed).
          .catch((err: unknown) => {
            if (!held.ended) deps.logger.warn({ err, stream: name }, 'a realtime event could not be sent');
          });
      };
      const unsubscribe = deps.events.subscribe(userId, (e) => {
        if (e.stream !== name) return;
        if (buffered) buffered.push(e);
        else send(e);
      });
      try {
        for (const g of await greetings[name](userId)) await stream.writeSSE({ event: g.event, data: JSON.stringify(g.data) });
        if (lastId !== null) for (const e of await deps.events.replay(userId, name, lastId)) send(e);
        const live = buffered;
        buffered = null;
        live.forEach(send);
        replayed = null;
        if (!held.ended) await held.finished;
      } catch (err) {
        deps.logger.error({ err, stream: name }, 'realtime stream failed');
      } finally {
        held.release();
        unsubscribe();
        await chain.catch(() => undefined);
      }
    });
  });
  /**
   * The guests' stream: no session, no replay, nothing about anyone; only the hub's broadcasts (the site settings
   * changed) and the heartbeat. A page that needs it (the maintenance page) holds it open while it shows.
   */
  function siteStream(c: Context) {
    if (deps.hub.closing) throw restarting();
    return streamSSE(c, async (stream) => {
      const held = hold(stream, 'site');
      try {
        // A first line at once, so that the browser's EventSource counts as open.
        await stream.write(': open\n\n');
        if (!held.ended) await held.finished;
      } finally {
        held.release();
      }
    });
  }

  return router;
}

/** A positive event id, or null (absent or not an id: the stream starts live). */
function parseLastEventId(value: string | undefined | null): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}
