import type { SessionUser } from '../lib/functions';
import { createKept } from '../lib/kept';
import type { DomainEvents } from '../modules/events/domain-events';

/** How long a looked-up session is served from memory; a revocation ends it sooner (at once). */
export const SESSION_CACHE_MS = 30_000;
const MAX_ENTRIES = 10_000;

/** The session cookie (`curio.session_token`, `__Secure-curio.session_token`), or null. */
const SESSION_COOKIE = /(?:^|;)\s*(?:__Secure-)?[\w.-]*session_token=([^;]*)/;

/**
 * What identifies the caller's session in a request: the session cookie and the bearer token.
 * Null when there is neither: such a request has no session and needs no lookup.
 */
export function sessionKey(headers: Headers): string | null {
  return sessionKeyOf(headers.get('cookie') ?? undefined, headers.get('authorization') ?? undefined);
}
/** {@link sessionKey} from the two headers' texts (the server entry reads them without a Headers object). */
export function sessionKeyOf(cookie: string | undefined, authorization: string | undefined): string | null {
  const token = cookie ? (SESSION_COOKIE.exec(cookie)?.[1] ?? '') : '';
  const bearer = authorization ?? '';
  return token || bearer ? `${token}\n${bearer}` : null;
}

interface Looked {
  session: { userId: string; expiresAt: Date | string };
  user: { id: string; email: string; name: string };
}

/**
 * The caller's session, looked up once (better-auth: session, then user) and kept in memory for
 * {@link SESSION_CACHE_MS}. A revocation (sign-out, password change, suspension, any deleted
 * session) forgets the user's entries in every process before the revoking request answers.
 */
export function createSessionCache(deps: {
  lookup(headers: Headers): Promise<Looked | null>;
  /**
   * `session.revoked` (sign-out, password change or reset, revoked sessions, a deleted user, anything that deletes
   * sessions itself): published acknowledged, so that no process serves the session once the revoking request answers.
   */
  domainEvents: Pick<DomainEvents, 'on'>;
  ttlMs?: number;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  // Kept by the session's key, grouped by its user; served until the cache's time or the session's expiry.
  const kept = createKept<SessionUser>({ max: MAX_ENTRIES, ttlMs: deps.ttlMs ?? SESSION_CACHE_MS, now });
  // Lookups under way, shared by concurrent requests with the same session.
  const pending = new Map<string, Promise<SessionUser | null>>();

  deps.domainEvents.on('session.revoked', ({ userId }) => {
    kept.forgetGroup(userId);
    pending.clear();
  });

  async function lookUp(key: string, headers: Headers): Promise<SessionUser | null> {
    // A lookup that a revocation overtakes is used once but not kept.
    const readAt = kept.generation();
    const found = await deps.lookup(headers);
    if (!found) return null;
    const user: SessionUser = { id: found.user.id, email: found.user.email, name: found.user.name };
    kept.set(key, user, readAt, { group: user.id, ttlMs: new Date(found.session.expiresAt).getTime() - now() });
    return user;
  }

  return {
    /** The signed-in user of this request, or null. */
    async user(headers: Headers): Promise<SessionUser | null> {
      const key = sessionKey(headers);
      if (key === null) return null;
      const hit = kept.get(key);
      if (hit) return hit;
      let looking = pending.get(key);
      if (!looking) {
        looking = lookUp(key, headers).finally(() => {
          if (pending.get(key) === looking) pending.delete(key);
        });
        pending.set(key, looking);
      }
      return looking;
    },
    /**
     * The signed-in user of a request whose session is kept here now, without a lookup: null when
     * it is not (never looked up, expired, revoked), and the request then goes the usual way.
     */
    peek(cookie: string | undefined, authorization: string | undefined): SessionUser | null {
      const key = sessionKeyOf(cookie, authorization);
      return key === null ? null : kept.get(key);
    },
    /** How many sessions are held (tests). */
    get size() {
      return kept.size;
    },
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;
