import { randomUUID } from 'node:crypto';
import type { Database, Db } from '../../db/client';
import type { Executor } from '../../db/types';
import type { Logger } from '../../lib/logger';
import { eventsRepository, type EventRow } from './events.repository';

/** The NOTIFY channel every process listens on. */
export const EVENTS_CHANNEL = 'curio_events';
/** NOTIFY payloads must stay under 8000 bytes; a larger event is announced by its id and read from the table. */
const MAX_NOTIFY_BYTES = 7000;
/** Events are kept this long for streams that resume (`Last-Event-ID`); older ones are pruned. */
export const EVENTS_RETENTION_MS = 24 * 3_600_000;
/** At most this many events are replayed to a resuming stream. */
export const REPLAY_LIMIT = 500;
/**
 * Event ids come from a sequence when the row is written, but transactions commit in their own order:
 * an event can become visible after one with a higher id (its transaction ran longer). A stream that
 * resumes after id N, and a process catching up after its listening connection dropped, therefore read
 * the events after N and also every event of this last span again; the browser passes over ids it has
 * handled, a process over ids it delivered (`recent`). A transaction longer than this could still slip
 * through the gap; none of Curio's comes close.
 */
export const LATE_COMMIT_LOOKBACK_SECONDS = 30;
/** How many delivered ids a process remembers (more than a lookback span brings at a busy time). */
const RECENT_IDS = 16_384;

export interface DomainEvent {
  id: number;
  /** Whom the event is for; null for a broadcast every process acts on. */
  userId: string | null;
  stream: string;
  type: string;
  payload: unknown;
  createdAt: string;
}

export interface NewEvent {
  userId: string | null;
  stream: string;
  type: string;
  payload: unknown;
}

type Handler = (event: DomainEvent) => void;

/**
 * A hint: announced on the same channel as events but never recorded (no row, no id), so a process
 * that was not listening at that moment never hears of it. Only for what a missed one costs little
 * (a cached page another process keeps until it expires). `from` is the sending events service:
 * the sender acted on its own change already and passes over its own hints.
 */
interface HintPayload {
  hint: string;
  data: unknown;
  from: string;
}
type HintHandler = (data: unknown) => void;

const toEvent = (row: EventRow): DomainEvent => ({
  id: row.id,
  userId: row.userId,
  stream: row.stream,
  type: row.type,
  payload: row.payload,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Domain events: `record` writes one in the caller's transaction and announces it with NOTIFY
 * (PostgreSQL delivers it at commit, so a rolled-back change announces nothing). Every process
 * listens on one connection and fans events out in memory: to the streams of the user an event is
 * for, and to the handlers of broadcast events (cache invalidation). `hint` sends on the same
 * channel what is not worth a row (a cached item page to drop): other processes' `onHint` handlers
 * get it if they are listening then, and nothing replays it.
 */
export function createEventsService(
  db: Db,
  deps: { logger: Logger; listen?: Database['listen']; listenerCount?: Database['listenerCount']; announce?: Database['announce'] },
) {
  const { logger } = deps;
  const byUser = new Map<string, Set<Handler>>();
  const broadcastHandlers = new Map<string, Set<Handler>>();
  const hintHandlers = new Map<string, Set<HintHandler>>();
  // Told when hints may have been missed: the listening connection was lost and came back.
  const missedHintHandlers = new Set<() => void>();
  // Who sends this service's hints (a process may hold more than one app in tests).
  const self = randomUUID();
  // Ids delivered lately (a NOTIFY and a catch-up read may both bring one), and the highest seen.
  const recent = new Set<number>();
  let highestId = 0;
  let stopListening: (() => Promise<void>) | null = null;
  let starting: Promise<void> | null = null;
  let catchingUp: Promise<void> = Promise.resolve();

  function deliver(event: DomainEvent) {
    if (recent.has(event.id)) return;
    recent.add(event.id);
    if (recent.size > RECENT_IDS) recent.delete(recent.values().next().value!);
    highestId = Math.max(highestId, event.id);
    const handlers = event.userId === null ? broadcastHandlers.get(event.stream) : byUser.get(event.userId);
    for (const handler of handlers ?? []) {
      try {
        handler(event);
      } catch (err) {
        logger.error({ err, eventId: event.id }, 'event handler failed');
      }
    }
  }

  function deliverHint({ hint, data, from }: HintPayload) {
    if (from === self) return;
    for (const handler of hintHandlers.get(hint) ?? []) {
      try {
        handler(data);
      } catch (err) {
        logger.error({ err, hint }, 'hint handler failed');
      }
    }
  }

  async function onPayload(text: string) {
    try {
      const parsed = JSON.parse(text) as (Partial<DomainEvent> & { id: number }) | HintPayload;
      // A hint has no id: it never moves the id bookkeeping and is not caught up on.
      if ('hint' in parsed) return deliverHint(parsed);
      if (parsed.stream !== undefined) return deliver(parsed as DomainEvent);
      const row = await eventsRepository(db).byId(parsed.id);
      if (row) deliver(toEvent(row));
    } catch (err) {
      logger.error({ err }, 'could not read an announced event');
    }
  }

  /** After the listening connection came back: deliver what was recorded in the meantime. */
  function catchUp() {
    // Hints sent while this process was not listening are lost: what waited for one is dropped now.
    for (const handler of missedHintHandlers) {
      try {
        handler();
      } catch (err) {
        logger.error({ err }, 'missed-hints handler failed');
      }
    }
    catchingUp = catchingUp.then(async () => {
      try {
        const repo = eventsRepository(db);
        // Below the highest id delivered: what committed late (ids delivered already are passed over)…
        (await repo.recentUpTo(highestId, LATE_COMMIT_LOOKBACK_SECONDS, RECENT_IDS)).forEach((row) => deliver(toEvent(row)));
        // …then everything after it.
        for (;;) {
          const rows = await repo.after(highestId, REPLAY_LIMIT);
          rows.forEach((row) => deliver(toEvent(row)));
          if (rows.length < REPLAY_LIMIT) break;
        }
        logger.info('event listener reconnected');
      } catch (err) {
        logger.error({ err }, 'could not catch up on events');
      }
    });
  }

  function addTo<H>(map: Map<string, Set<H>>, key: string, handler: H) {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(handler);
    return () => {
      set.delete(handler);
      if (!set.size) map.delete(key);
    };
  }

  async function recordMany(tx: Executor, list: NewEvent[]): Promise<DomainEvent[]> {
    const rows = list.map((event) => {
      const row = { userId: event.userId, stream: event.stream, type: event.type, payload: event.payload as object };
      // The announcement's JSON after `id` and `createdAt` (the database's): what toEvent makes of the row.
      const tail = JSON.stringify({ userId: row.userId ?? null, stream: row.stream, type: row.type, payload: row.payload }).slice(1);
      return { ...row, tail };
    });
    return (await eventsRepository(tx).insertAnnounced(EVENTS_CHANNEL, rows, MAX_NOTIFY_BYTES)).map(toEvent);
  }

  return {
    /** Starts listening (once per process). Resolves when notifications are being received. */
    start(): Promise<void> {
      const listen = deps.listen;
      if (!listen) return Promise.resolve();
      starting ??= (async () => {
        const repo = eventsRepository(db);
        highestId = await repo.latestId();
        // What is visible now happened before this process listened: a catch-up must not deliver it.
        for (const row of await repo.recentUpTo(highestId, LATE_COMMIT_LOOKBACK_SECONDS, RECENT_IDS)) recent.add(row.id);
        stopListening = await listen(EVENTS_CHANNEL, (p) => void onPayload(p), catchUp);
      })();
      return starting;
    },
    /**
     * Whether this process is the only one the database admits (PGlite, whose data directory one process
     * locks, the admin command too): nothing another process keeps in memory can need telling.
     */
    get soleProcess() {
      return deps.announce !== undefined;
    },
    /** Whether this service listens (started with a database to listen on): its own events come back to it. */
    get listening() {
      return stopListening !== null;
    },
    /**
     * How many services listen on the channel now, this one included when it listens: every process
     * on PostgreSQL; null when that cannot be told (PGlite, whose one process is the only listener, or
     * a failed count).
     */
    async listeners(): Promise<number | null> {
      try {
        return (await deps.listenerCount?.(EVENTS_CHANNEL)) ?? null;
      } catch (err) {
        logger.warn({ err }, 'could not count the listening processes');
        return null;
      }
    },
    async stop() {
      await starting?.catch(() => undefined);
      const stop = stopListening;
      stopListening = null;
      await stop?.();
    },

    /** Records an event in the transaction (or statement) of the change and announces it to every process. */
    async record(tx: Executor, event: NewEvent): Promise<DomainEvent> {
      const [recorded] = await recordMany(tx, [event]);
      return recorded!;
    },

    /**
     * {@link record} for several events: one statement whatever their number (the rows and their
     * NOTIFYs), the events in the order given.
     */
    recordMany,

    /**
     * Hands an event this process recorded to its own handlers once its transaction committed, at once
     * rather than when the NOTIFY comes back (which is then passed over, as every id delivered already).
     */
    deliverHere(event: DomainEvent) {
      deliver(event);
    },

    /**
     * Tells every other process something it may act on (a {@link HintPayload}): one NOTIFY outside
     * any transaction (on PGlite, whose listeners are all in this process, handed to them without a
     * statement), nothing recorded. Call it after the change committed. It never fails: a hint
     * that could not be sent is logged (what it announces then waits for its expiry elsewhere).
     */
    hint(hint: string, data: unknown): Promise<void> {
      const text = JSON.stringify({ hint, data, from: self } satisfies HintPayload);
      if (Buffer.byteLength(text) > MAX_NOTIFY_BYTES) {
        logger.error({ hint }, 'hint too large to announce');
        return Promise.resolve();
      }
      // On PGlite every listener is in this process: no statement needed.
      if (deps.announce) {
        deps.announce(EVENTS_CHANNEL, text);
        return Promise.resolve();
      }
      return eventsRepository(db)
        .notify(EVENTS_CHANNEL, text)
        .catch((err: unknown) => logger.warn({ err, hint }, 'could not announce a hint'));
    },
    /** Hints of one name sent by other processes (and other apps of this one); returns the unsubscribe function. */
    onHint(hint: string, handler: HintHandler) {
      return addTo(hintHandlers, hint, handler);
    },
    /**
     * Runs when hints may have been missed: the listening connection was lost and is back (hints are
     * not replayed). What a missed hint would have dropped (cached pages) is dropped here instead.
     * Returns the unsubscribe function.
     */
    onHintsMissed(handler: () => void) {
      missedHintHandlers.add(handler);
      return () => void missedHintHandlers.delete(handler);
    },

    /** Live events for one user; returns the unsubscribe function. */
    subscribe(userId: string, handler: Handler) {
      return addTo(byUser, userId, handler);
    },
    /** Broadcast events (no user) of one stream, in every process. */
    onBroadcast(stream: string, handler: Handler) {
      return addTo(broadcastHandlers, stream, handler);
    },

    /**
     * A user's events of a stream recorded after `afterId` (a stream resuming with `Last-Event-ID`),
     * and those of the last {@link LATE_COMMIT_LOOKBACK_SECONDS} (one may have committed late).
     */
    async replay(userId: string, stream: string, afterId: number): Promise<DomainEvent[]> {
      return (await eventsRepository(db).forUserAfter(userId, stream, afterId, LATE_COMMIT_LOOKBACK_SECONDS, REPLAY_LIMIT)).map(toEvent);
    },

    /** Deletes events older than the retention; returns how many. */
    prune(now = new Date()) {
      return pruneEvents(db, now);
    },
  };
}
export type EventsService = ReturnType<typeof createEventsService>;

/** Deletes events older than {@link EVENTS_RETENTION_MS} (a periodic job); returns how many were removed. */
export function pruneEvents(db: Executor, now = new Date()): Promise<number> {
  return eventsRepository(db).deleteBefore(new Date(now.getTime() - EVENTS_RETENTION_MS));
}
