import { randomUUID } from 'node:crypto';
import type { Executor } from '../../db/types';
import type { Logger } from '../../lib/logger';
import type { EventsService } from './events.service';

/** How long a forget waits for every process to acknowledge it. */
const ECHO_WAIT_MS = 1_000;
/** How many forgets' acknowledgements are remembered (one may arrive before its waiter). */
const HEARD_KEPT = 1024;

/**
 * Makes every process forget what it keeps in memory about a user (its cached sessions, the user's
 * marks on items), acknowledged: `forget` forgets here at once and records a broadcast event on
 * `stream` (NOTIFY reaches every process listening on the events channel). Each process that hears
 * it runs its handlers and then says so (a hint, `<stream>.heard`); `forget` waits until every
 * other process listening when it began has (its own announcement coming back, and one
 * acknowledgement from each of the others), so that by the time the request that called it answers,
 * no process serves what was forgotten. A process gone quiet delays it by at most {@link ECHO_WAIT_MS}.
 * When no other process listened (the only process on PostgreSQL) there is nobody to wait for: the
 * handlers ran here, and the announcement is recorded for a process whose listening connection is
 * coming back (it catches up on recorded events). A process does not acknowledge its own
 * announcements (nobody waits for that). On PGlite, which admits one process only, nothing is
 * recorded at all: the handlers ran here, and no other process exists to tell (its two statements
 * were a tenth of a batch of likes there).
 */
export function forgetEverywhere(
  deps: {
    db: Executor;
    events: Pick<EventsService, 'record' | 'onBroadcast' | 'hint' | 'onHint' | 'listening' | 'listeners' | 'soleProcess'>;
    logger: Logger;
  },
  opts: { stream: string; type: string; /** What is forgotten, for the log line of a forget not acknowledged in time. */ what: string },
) {
  const heardHint = `${opts.stream}.heard`;
  // Which forgetEverywhere announced an event (a process may hold more than one app in tests).
  const me = randomUUID();
  const handlers = new Set<(userId: string) => void>();
  // Per event: whether it came back here, and how many other processes acknowledged it.
  const heard = new Map<number, { echo: boolean; others: number }>();
  const waiters = new Map<number, () => void>();
  const run = (userId: string) => handlers.forEach((h) => h(userId));
  const entry = (id: number) => {
    let e = heard.get(id);
    if (!e) {
      heard.set(id, (e = { echo: false, others: 0 }));
      if (heard.size > HEARD_KEPT) heard.delete(heard.keys().next().value!);
    }
    return e;
  };
  deps.events.onBroadcast(opts.stream, (event) => {
    const { userId, from } = (event.payload ?? {}) as { userId?: unknown; from?: unknown };
    // Its own announcement comes back too: its handlers ran when it forgot.
    if (typeof userId === 'string' && from !== me) run(userId);
    entry(event.id).echo = true;
    waiters.get(event.id)?.();
    if (from !== me) void deps.events.hint(heardHint, { id: event.id });
  });
  deps.events.onHint(heardHint, (data) => {
    const id = (data as { id?: unknown } | null)?.id;
    if (typeof id !== 'number') return;
    entry(id).others++;
    waiters.get(id)?.();
  });
  return {
    async forget(userId: string): Promise<void> {
      run(userId);
      if (deps.events.soleProcess) return;
      const record = () => deps.events.record(deps.db, { userId: null, stream: opts.stream, type: opts.type, payload: { userId, from: me } });
      // A process that does not listen (the admin command) hears no answers: it announces and goes on.
      if (!deps.events.listening) {
        await record();
        return;
      }
      // Counted before the announcement: a process that starts listening later has nothing cached.
      const listeners = await deps.events.listeners();
      const event = await record();
      const others = Math.max(0, (listeners ?? 1) - 1);
      if (others === 0) return;
      const done = () => {
        const e = heard.get(event.id);
        return !!e?.echo && e.others >= others;
      };
      if (done()) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          waiters.delete(event.id);
          deps.logger.warn({ userId }, `${opts.what} forgotten here was not acknowledged by every process within 1 s; one may serve it until it hears of it`);
          resolve();
        }, ECHO_WAIT_MS);
        timer.unref();
        waiters.set(event.id, () => {
          if (!done()) return;
          clearTimeout(timer);
          waiters.delete(event.id);
          resolve();
        });
      });
    },
    /** Runs when a user is forgotten (here or in another process); returns the unsubscribe function. */
    onForgotten(handler: (userId: string) => void) {
      handlers.add(handler);
      return () => void handlers.delete(handler);
    },
  };
}
export type ForgetEverywhere = ReturnType<typeof forgetEverywhere>;
