import type { Db } from '../../db/client';
import type { Executor } from '../../db/types';
import type { Logger } from '../../lib/logger';
import type { EventsService } from './events.service';
import { forgetEverywhere, type ForgetEverywhere } from './forget-everywhere';

/**
 * Every event one module announces and others act on, by name, with what it carries. A module that
 * changes something publishes the event; the modules that care subscribe to it by name in their own
 * `create…Service` (never the composition root). docs/decisions.md ("The module map") lists who
 * publishes and who hears each one. How each travels is {@link DELIVERY}.
 */
export interface DomainEventMap {
  /** An item's content, image or visibility changed: an edit, a new image, hidden or shown, taken down, deleted. */
  'item.changed': { itemId: string };
  /** A profile went public or private (`public`), or was hidden or shown with its owner's account (`hidden`). */
  'profile.visibility': { userId: string; public?: boolean; hidden?: boolean };
  /** What items show of their owner changed: the display name, the handle or the avatar. */
  'profile.shown': { userId: string };
  /** Who may message a person changed (their DM setting). */
  'profile.dm-setting': { userId: string; allowDms: 'everyone' | 'followed_only' };
  /** A moderator hid or showed an item, a comment (its item) or a profile. */
  'moderation.visibility': { type: 'item'; itemId: string } | { type: 'profile'; profileId: string };
  /** Items' likes, saves or comments changed (committed). */
  'item.touched': { itemIds: string[] };
  /** An admin changed the public site settings (committed). */
  'site-settings.changed': Record<string, never>;
  /** An item got its first image: it now shows in lists (committed). Open home feeds count it as new. */
  'item.published': { itemId: string };
  /** A viewer's marks (likes, saves, blocks) or roles changed: what any process keeps of them is stale. */
  'viewer.marks-changed': { userId: string };
  /** A user's sessions ended (sign-out, a revoked device, a password change, suspension, deletion). */
  'session.revoked': { userId: string };
}
export type DomainEventName = keyof DomainEventMap;

/**
 * How an event travels to the processes that hear it:
 * - `recorded`: written in the transaction that made the change (the events table is the outbox), so
 *   a rolled-back change announces nothing; this process's subscribers hear it once the transaction
 *   commits, every other process's at commit by NOTIFY, and a process whose listening connection was
 *   lost catches up on it from the table.
 * - `hint`: after the change committed, not recorded: subscribers here at once, other processes if
 *   they listen at that moment. Only for what a missed one costs little (what `onMissed` drops instead).
 * - `acknowledged`: the publisher waits until every process listening has heard it (at most a second),
 *   so that no process serves what it dropped once the request that changed it answers. For what a
 *   process keeps about a user (`userId`). On PGlite, whose one process is the only one, nothing is written.
 */
export const DELIVERY = {
  'item.changed': 'recorded',
  'profile.visibility': 'recorded',
  'profile.shown': 'recorded',
  'profile.dm-setting': 'recorded',
  'moderation.visibility': 'recorded',
  'item.touched': 'hint',
  'site-settings.changed': 'hint',
  'item.published': 'hint',
  'viewer.marks-changed': 'acknowledged',
  'session.revoked': 'acknowledged',
} as const satisfies Record<DomainEventName, 'recorded' | 'hint' | 'acknowledged'>;

type Named<D> = { [K in DomainEventName]: (typeof DELIVERY)[K] extends D ? K : never }[DomainEventName];
/** Events written in their transaction: published with the `publish` of {@link DomainEvents.transaction}. */
export type RecordedEventName = Named<'recorded'>;
/** Events published after the change: with {@link DomainEvents.publish}. */
export type AfterCommitEventName = Named<'hint' | 'acknowledged'>;

/** What changes what a viewer may see of items and people: whatever keeps pages or lists for others drops them. */
export const VISIBILITY_EVENTS = [
  'item.changed',
  'profile.visibility',
  'profile.shown',
  'profile.dm-setting',
  'moderation.visibility',
] as const satisfies readonly RecordedEventName[];

/** Publishes recorded events in the transaction it was handed with. */
export type Publish = <K extends RecordedEventName>(name: K, payload: DomainEventMap[K]) => Promise<void>;

/**
 * The wire names of the recorded events' stream and of the acknowledged events' streams, as processes of the
 * previous release also use them during a rolling update (they drop their pages on any event of `explore`).
 */
const RECORDED_STREAM = 'explore';
const ACKNOWLEDGED_STREAMS: Record<Named<'acknowledged'>, { stream: string; what: string }> = {
  'viewer.marks-changed': { stream: 'viewer-marks', what: "a viewer's kept marks" },
  'session.revoked': { stream: 'sessions', what: "a user's cached sessions" },
};

type Handler<K extends DomainEventName> = (payload: DomainEventMap[K]) => void;

/**
 * The domain event bus: typed events over the events service (its table, NOTIFY channel and hints).
 * Subscribers run synchronously and must not throw (a throw is logged, the others still run).
 */
export function createDomainEvents(db: Db, deps: { events: EventsService; logger: Logger }) {
  const { events, logger } = deps;
  const handlers = new Map<DomainEventName, Set<Handler<DomainEventName>>>();
  const missedHandlers = new Set<() => void>();

  function run<K extends DomainEventName>(name: K, payload: DomainEventMap[K]) {
    for (const handler of handlers.get(name) ?? []) {
      try {
        handler(payload);
      } catch (err) {
        logger.error({ err, event: name }, 'domain event handler failed');
      }
    }
  }

  // Recorded events come back on one broadcast stream: from other processes, and this one's when it listens
  // (delivered here already at commit, so passed over by their id).
  events.onBroadcast(RECORDED_STREAM, (event) => {
    if (event.type in DELIVERY) run(event.type as RecordedEventName, event.payload as DomainEventMap[RecordedEventName]);
  });
  for (const name of Object.keys(DELIVERY) as DomainEventName[]) {
    if (DELIVERY[name] === 'hint') events.onHint(name, (data) => run(name, data as DomainEventMap[typeof name]));
  }
  events.onHintsMissed(() => missedHandlers.forEach((handler) => handler()));

  const acknowledged = new Map<Named<'acknowledged'>, ForgetEverywhere>();
  for (const [name, wire] of Object.entries(ACKNOWLEDGED_STREAMS) as [Named<'acknowledged'>, { stream: string; what: string }][]) {
    const everywhere = forgetEverywhere({ db, events, logger }, { stream: wire.stream, type: name, what: wire.what });
    everywhere.onForgotten((userId) => run(name, { userId }));
    acknowledged.set(name, everywhere);
  }

  return {
    /**
     * `db.transaction(work)` whose `work` may publish recorded events: they are written in that transaction and heard
     * here once it commits (elsewhere at commit); nothing, if it rolls back.
     */
    async transaction<T>(on: Db, work: (tx: Executor, publish: Publish) => Promise<T>): Promise<T> {
      const published: Awaited<ReturnType<EventsService['record']>>[] = [];
      const result = await on.transaction(async (tx) => {
        const publish: Publish = async (name, payload) => {
          published.push(await events.record(tx, { userId: null, stream: RECORDED_STREAM, type: name, payload }));
        };
        return work(tx, publish);
      });
      for (const event of published) events.deliverHere(event);
      return result;
    },

    /**
     * Publishes an event of what has committed: a hint is heard here at once and sent to the other processes
     * (never failing); an acknowledged event resolves once every process listening has heard it.
     */
    async publish<K extends AfterCommitEventName>(name: K, payload: DomainEventMap[K]): Promise<void> {
      const everywhere = acknowledged.get(name as Named<'acknowledged'>);
      if (everywhere) {
        await everywhere.forget((payload as { userId: string }).userId);
        return;
      }
      run(name, payload);
      await events.hint(name, payload);
    },

    /** Subscribes to one event (heard from this process and every other); returns the unsubscribe function. */
    on<K extends DomainEventName>(name: K | readonly K[], handler: Handler<K>): () => void {
      const names = typeof name === 'string' ? [name] : name;
      for (const n of names) {
        let set = handlers.get(n);
        if (!set) handlers.set(n, (set = new Set()));
        set.add(handler as Handler<DomainEventName>);
      }
      return () => names.forEach((n) => handlers.get(n)?.delete(handler as Handler<DomainEventName>));
    },

    /**
     * Runs when hints may have been missed (the listening connection was lost and is back; hints are not
     * replayed): drop here what a missed hint would have dropped. Returns the unsubscribe function.
     */
    onMissed(handler: () => void): () => void {
      missedHandlers.add(handler);
      return () => void missedHandlers.delete(handler);
    },
  };
}
export type DomainEvents = ReturnType<typeof createDomainEvents>;
