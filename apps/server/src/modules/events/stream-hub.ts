import type { SSEStreamingApi } from 'hono/streaming';
import { NOTIFICATION_EVENTS, REALTIME_RETRY_MS, SITE_EVENTS, type RealtimeStream } from '@curio/contract';
import type { DomainEvents } from './domain-events';

/**
 * The open server-sent event streams of this process, so that shutdown can end them first (with a
 * `retry:` hint, so browsers reconnect to another process or to this one once it is back) instead of
 * waiting for them. An admin's change of the public site settings (`site-settings.changed`, from any
 * process) is told at once to the open notifications streams and the guests' site streams.
 */
export function createStreamHub(domainEvents: Pick<DomainEvents, 'on'>) {
  const open = new Map<SSEStreamingApi, { end: () => void; name: RealtimeStream; userId: string | null }>();
  let closing = false;
  const hub = {
    get size() {
      return open.size;
    },
    get closing() {
      return closing;
    },
    /**
     * Registers a stream of `name` (of `userId`; null for a guest's); `end` finishes its handler. Returns the function
     * that unregisters it.
     */
    add(stream: SSEStreamingApi, end: () => void, name: RealtimeStream, userId: string | null = null) {
      open.set(stream, { end, name, userId });
      return () => void open.delete(stream);
    },
    /** The users with a stream of `name` open in this process. */
    users(name: RealtimeStream): string[] {
      const users = new Set<string>();
      for (const s of open.values()) if (s.name === name && s.userId) users.add(s.userId);
      return [...users];
    },
    /** Writes one event without an id to the open streams of `name` of these users in this process. */
    async sendTo(name: RealtimeStream, userIds: readonly string[], event: string, data: unknown) {
      const to = new Set(userIds);
      const message = { event, data: JSON.stringify(data) };
      await Promise.all(
        [...open]
          .filter(([, s]) => s.name === name && s.userId !== null && to.has(s.userId))
          .map(([stream]) =>
            withTimeout(
              stream.writeSSE(message).catch(() => undefined),
              1000,
            ),
          ),
      );
    },
    /**
     * Writes one event without an id to every open stream of `name` in this process (a stream that does not take it
     * within a second is passed over: it ends by itself).
     */
    async send(name: RealtimeStream, event: string, data: unknown) {
      const message = { event, data: JSON.stringify(data) };
      await Promise.all(
        [...open]
          .filter(([, s]) => s.name === name)
          .map(([stream]) =>
            withTimeout(
              stream.writeSSE(message).catch(() => undefined),
              1000,
            ),
          ),
      );
    },
    /** Ends every open stream (and refuses new ones): a last `retry:` hint, then the stream is closed. */
    async closeAll(retryMs = REALTIME_RETRY_MS) {
      closing = true;
      const streams = [...open];
      open.clear();
      await Promise.all(
        streams.map(async ([stream, { end }]) => {
          // A client that stopped reading must not hold shutdown up: give each write a moment only.
          await withTimeout(stream.write(`retry: ${retryMs}\n\n`), 1000);
          end();
          await withTimeout(stream.close(), 1000);
        }),
      );
    },
  };
  domainEvents.on('site-settings.changed', () => {
    void hub.send('notifications', NOTIFICATION_EVENTS.siteSettings, {});
    void hub.send('site', SITE_EVENTS.settings, {});
  });
  return hub;
}
export type StreamHub = ReturnType<typeof createStreamHub>;

const withTimeout = (p: Promise<unknown>, ms: number) => Promise.race([p, new Promise((resolve) => setTimeout(resolve, ms).unref())]);
