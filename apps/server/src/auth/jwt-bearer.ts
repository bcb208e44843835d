import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet } from 'jose';

/** `Authorization: Bearer <a.b.c>`: three base64url parts, a JWT (a better-auth session token has two). */
const BEARER_JWT = /^Bearer\s+([\w-]+\.[\w-]+\.[\w-]+)\s*$/i;

/** The JWT of a request's `Authorization: Bearer` header, or null (none, or a session token). */
export function bearerJwt(headers: Headers): string | null {
  return BEARER_JWT.exec(headers.get('authorization') ?? '')?.[1] ?? null;
}

/** How soon after one refresh an unknown key id may reload the keys again (a flood of made-up ids costs one read). */
export const JWKS_REFRESH_COOLDOWN_MS = 5_000;

export interface JwtUser {
  id: string;
  email: string;
  name: string;
  emailVerified?: boolean | null;
  banned?: boolean | null;
  banExpires?: Date | string | null;
}

/** The session a JWT names (`sid`): the token is good only while this row lives. */
export interface JwtSession {
  userId: string;
  expiresAt: Date | string;
}

/** What the session cache keeps for a request: the same shape as better-auth's session lookup. */
export interface JwtLooked {
  session: { userId: string; expiresAt: Date };
  user: { id: string; email: string; name: string };
}

/**
 * Verifies the JWTs the functions accept as bearer tokens: those of `GET /auth/v1/token` (audience
 * PUBLIC_URL) and the OAuth provider's access tokens issued for the functions resource. Both are
 * signed with the jwt plugin's keys (its JWKS); issuer, audience and expiry are checked. Every token
 * names the session it was taken from (`sid`) and is good only while that session lives (its row
 * exists, belongs to the subject and has not expired): whatever ends the session (sign-out, a
 * password change or reset, a deletion request, a suspension) ends the token with it. The subject
 * must be a user who exists, has a verified address and is not suspended. Keys are kept in memory
 * and reloaded when a token names a key id they do not hold (a rotation).
 */
export function createJwtVerifier(deps: {
  issuer: string;
  /** A token is accepted when its `aud` holds one of these. */
  audiences: string[];
  loadKeys(): Promise<JSONWebKeySet>;
  findUser(id: string): Promise<JwtUser | null>;
  /** The session row with this id, or null. */
  findSession(id: string): Promise<JwtSession | null>;
  now?: () => number;
  refreshCooldownMs?: number;
}) {
  const now = deps.now ?? Date.now;
  const cooldown = deps.refreshCooldownMs ?? JWKS_REFRESH_COOLDOWN_MS;
  let keySet: ReturnType<typeof createLocalJWKSet> | null = null;
  let loadedAt = -Infinity;
  let loading: Promise<ReturnType<typeof createLocalJWKSet>> | null = null;

  function load() {
    loading ??= deps
      .loadKeys()
      .then((jwks) => {
        keySet = createLocalJWKSet(jwks);
        loadedAt = now();
        return keySet;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  async function verifySignature(token: string) {
    const options = { issuer: deps.issuer, audience: deps.audiences, currentDate: new Date(now()) };
    const keys = keySet ?? (await load());
    try {
      return (await jwtVerify(token, keys, options)).payload;
    } catch (err) {
      // A key id we do not hold: the keys may have been rotated since they were loaded.
      if (!(err instanceof errors.JWKSNoMatchingKey) || now() - loadedAt < cooldown) throw err;
      return (await jwtVerify(token, await load(), options)).payload;
    }
  }

  return {
    /**
     * The token's user (kept until the token or its session expires, whichever is first), or null when
     * it is not one the functions accept.
     */
    async verify(token: string): Promise<JwtLooked | null> {
      let payload;
      try {
        payload = await verifySignature(token);
      } catch {
        return null;
      }
      const { sub, sid, exp } = payload;
      if (typeof sub !== 'string' || typeof sid !== 'string' || !sid || typeof exp !== 'number') return null;
      const [session, user] = await Promise.all([deps.findSession(sid), deps.findUser(sub)]);
      if (!session || session.userId !== sub) return null;
      const sessionEnds = new Date(session.expiresAt).getTime();
      if (!(sessionEnds > now())) return null;
      if (!user || !user.emailVerified) return null;
      const banEnds = user.banExpires ? new Date(user.banExpires).getTime() : Infinity;
      if (user.banned && banEnds > now()) return null;
      const expiresAt = new Date(Math.min(exp * 1000, sessionEnds));
      return { session: { userId: user.id, expiresAt }, user: { id: user.id, email: user.email, name: user.name } };
    },
  };
}
export type JwtVerifier = ReturnType<typeof createJwtVerifier>;

/**
 * A session lookup that also takes bearer JWTs: a request whose `Authorization` carries a JWT is
 * judged by the JWT and the session it names; any other goes to better-auth (cookie, or a session
 * token as bearer). Either way the session cache keeps the answer under the user, so a revocation of
 * the user's sessions forgets it in every process and the next request looks the session up again.
 */
export function withJwtBearer<T>(verifier: Pick<JwtVerifier, 'verify'>, sessionLookup: (headers: Headers) => Promise<T | null>) {
  return async (headers: Headers): Promise<T | JwtLooked | null> => {
    const token = bearerJwt(headers);
    return token ? verifier.verify(token) : sessionLookup(headers);
  };
}
