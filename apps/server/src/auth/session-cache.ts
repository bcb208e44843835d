import type { Executor } from '../db/types';
import type { SessionUser } from '../lib/functions';
import type { Logger } from '../lib/logger';
import type { EventsService } from '../modules/events/events.service';

/** How long a looked-up session is served from memory; a revocation ends it sooner (at once). */
export const SESSION_CACHE_MS = 30_000;
const MAX_ENTRIES = 10_000;
/** How long a revocation waits for every process to acknowledge it. */
const ECHO_WAIT_MS = 1_000;
const STREAM = 'sessions';

/** The session cookie (`curio.session_token`, `__Secure-curio.session_token`), or null. */
const SESSION_COOKIE = /(?:^|;)\s*(?:__Secure-)?[\w.-]*session_token=([^;]*)/;

/**
 * What identifies the caller's session in a request: the session cookie and the bearer token.
 * Null when there is neither: such a request has no session and needs no lookup.
 */
export function sessionKey(headers: Headers): string | null {
  const cookie = headers.get('cookie');
  const token = cookie ? (SESSION_COOKIE.exec(cookie)?.[1] ?? '') : '';
  const bearer = headers.get('authorization') ?? '';
  return token || bearer ? `${token}\n${bearer}` : null;
}

/** The hint a process sends once it has forgotten a revoked user's sessions. */
const HEARD = 'sessions.heard';
/** How many revocations' acknowledgements are remembered (one may arrive before its waiter). */
const HEARD_KEPT = 1024;

/**
 * Ends cached sessions in every process. `revoke` forgets a user's sessions here at once and records
 * a broadcast event (NOTIFY reaches every process listening on the events channel). Each process that
 * hears it forgets the user's sessions and then says so (a hint); `revoke` waits until every process
 * listening when it began has (its own announcement coming back, and one acknowledgement from each of
 * the others), so that by the time the revoking request answers, no process serves the session. A
 * process gone quiet delays it by at most {@link ECHO_WAIT_MS}. Called from better-auth's
 * session-delete hook (sign-out, password change or reset, revoked sessions, a deleted user) and by
 * anything that deletes sessions itself.
 */
export function sessionRevocations(deps: {
  db: Executor;
  events: Pick<EventsService, 'record' | 'onBroadcast' | 'hint' | 'onHint' | 'listening' | 'listeners'>;
  logger: Logger;
}) {
  const handlers = new Set<(userId: string) => void>();
  // Per revocation event: whether it came back here, and how many other processes acknowledged it.
  const heard = new Map<number, { echo: boolean; others: number }>();
  const waiters = new Map<number, () => void>();
  const forget = (userId: string) => handlers.forEach((h) => h(userId));
  const entry = (id: number) => {
    let e = heard.get(id);
    if (!e) {
      heard.set(id, (e = { echo: false, others: 0 }));
      if (heard.size > HEARD_KEPT) heard.delete(heard.keys().next().value!);
    }
    return e;
  };
  deps.events.onBroadcast(STREAM, (event) => {
    const userId = (event.payload as { userId?: unknown } | null)?.userId;
    if (typeof userId === 'string') forget(userId);
    entry(event.id).echo = true;
    waiters.get(event.id)?.();
    void deps.events.hint(HEARD, { id: event.id });
  });
  deps.events.onHint(HEARD, (data) => {
    const id = (data as { id?: unknown } | null)?.id;
    if (typeof id !== 'number') return;
    entry(id).others++;
    waiters.get(id)?.();
  });
  return {
    async revoke(userId: string): Promise<void> {
      forget(userId);
      // A process that does not listen (the admin command) hears no answers: it announces and goes on.
      if (!deps.events.listening) {
        await deps.events.record(deps.db, { userId: null, stream: STREAM, type: 'session.revoked', payload: { userId } });
        return;
      }
      // Counted before the announcement: a process that starts listening later has nothing cached.
      const listeners = await deps.events.listeners();
      const event = await deps.events.record(deps.db, { userId: null, stream: STREAM, type: 'session.revoked', payload: { userId } });
      const others = Math.max(0, (listeners ?? 1) - 1);
      const done = () => {
        const e = heard.get(event.id);
        return !!e?.echo && e.others >= others;
      };
      if (done()) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          waiters.delete(event.id);
          deps.logger.warn({ userId }, 'a session revocation was not acknowledged by every process within 1 s; one may serve the session until it hears of it');
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
    /** Runs when a user's sessions are revoked (here or in another process); returns the unsubscribe function. */
    onRevoked(handler: (userId: string) => void) {
      handlers.add(handler);
      return () => void handlers.delete(handler);
    },
  };
}
export type SessionRevocations = ReturnType<typeof sessionRevocations>;

interface Looked {
  session: { userId: string; expiresAt: Date | string };
  user: { id: string; email: string; name: string };
}

interface Entry {
  user: SessionUser;
  /** Served from memory until then (the cache's time, bounded by the session's expiry). */
  until: number;
}

/**
 * The caller's session, looked up once (better-auth: session, then user) and kept in memory for
 * {@link SESSION_CACHE_MS}. A revocation (sign-out, password change, suspension, any deleted
 * session) forgets the user's entries in every process before the revoking request answers.
 */
export function createSessionCache(deps: { lookup(headers: Headers): Promise<Looked | null>; revocations: Pick<SessionRevocations, 'onRevoked'>; ttlMs?: number; now?: () => number }) {
  const ttl = deps.ttlMs ?? SESSION_CACHE_MS;
  const now = deps.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const keysOf = new Map<string, Set<string>>();
  // Lookups under way, shared by concurrent requests with the same session.
  const pending = new Map<string, Promise<SessionUser | null>>();
  // Bumped by every revocation: a lookup that straddles one is used once but not kept.
  let epoch = 0;

  function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const keys = keysOf.get(entry.user.id);
    keys?.delete(key);
    if (keys && !keys.size) keysOf.delete(entry.user.id);
  }

  deps.revocations.onRevoked((userId) => {
    epoch++;
    pending.clear();
    for (const key of keysOf.get(userId) ?? []) entries.delete(key);
    keysOf.delete(userId);
  });

  async function lookUp(key: string, headers: Headers): Promise<SessionUser | null> {
    const started = epoch;
    const found = await deps.lookup(headers);
    if (!found) return null;
    const user: SessionUser = { id: found.user.id, email: found.user.email, name: found.user.name };
    if (epoch === started) {
      drop(key);
      entries.set(key, { user, until: Math.min(now() + ttl, new Date(found.session.expiresAt).getTime()) });
      let keys = keysOf.get(user.id);
      if (!keys) keysOf.set(user.id, (keys = new Set()));
      keys.add(key);
      while (entries.size > MAX_ENTRIES) drop(entries.keys().next().value!);
    }
    return user;
  }

  return {
    /** The signed-in user of this request, or null. */
    async user(headers: Headers): Promise<SessionUser | null> {
      const key = sessionKey(headers);
      if (key === null) return null;
      const hit = entries.get(key);
      if (hit) {
        if (hit.until > now()) return hit.user;
        drop(key);
      }
      let looking = pending.get(key);
      if (!looking) {
        looking = lookUp(key, headers).finally(() => {
          if (pending.get(key) === looking) pending.delete(key);
        });
        pending.set(key, looking);
      }
      return looking;
    },
    /** How many sessions are held (tests). */
    get size() {
      return entries.size;
    },
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;
