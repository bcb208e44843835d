import type { Env } from '../env';
import type { DomainEvents } from '../modules/events/domain-events';
import type { Auth } from './auth';
import { createJwtVerifier, withJwtBearer } from './jwt-bearer';
import { functionsResource, jwtIssuer } from './plugins/oauth';
import { createSessionCache } from './session-cache';

/**
 * How a request finds its session. Function calls find theirs in memory for a few seconds;
 * revocations end it everywhere at once (session-cache.ts). A bearer JWT (GET /auth/v1/token, or an
 * OAuth access token for the functions) is verified against the JWKS and holds only while the
 * session it names lives (looked up again after every revocation; jwt-bearer.ts).
 */
export function createSessionLookup(auth: Auth, env: Env, domainEvents: DomainEvents) {
  const jwtVerifier = createJwtVerifier({
    issuer: jwtIssuer(env),
    audiences: [jwtIssuer(env), functionsResource(env)],
    loadKeys: () => auth.api.getJwks(),
    findUser: async (id) => (await auth.$context).internalAdapter.findUserById(id),
    findSession: async (id) =>
      (await auth.$context).adapter.findOne<{ userId: string; expiresAt: Date }>({ model: 'session', where: [{ field: 'id', value: id }] }),
  });
  return createSessionCache({
    lookup: withJwtBearer(jwtVerifier, (headers) => auth.api.getSession({ headers })),
    domainEvents,
  });
}
