import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { bearerJwt, createJwtVerifier, type JwtSession, type JwtUser } from './jwt-bearer';

const ISSUER = 'https://curio.example';
const FUNCTIONS = `${ISSUER}/functions/v1`;

async function signingKey(kid: string) {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'EdDSA' };
  const sign = (claims: Record<string, unknown>, opts: { aud?: string | string[]; exp?: number; iss?: string } = {}) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'EdDSA', kid })
      .setIssuer(opts.iss ?? ISSUER)
      .setAudience(opts.aud ?? ISSUER)
      .setIssuedAt()
      .setExpirationTime(opts.exp ?? Math.floor(Date.now() / 1000) + 900)
      .sign(privateKey);
  return { jwk, sign };
}

const person: JwtUser = { id: 'u1', email: 'a@example.com', name: 'A', emailVerified: true, banned: false, banExpires: null };
const live: JwtSession = { userId: 'u1', expiresAt: new Date(Date.now() + 86_400_000) };

describe('bearer JWTs', () => {
  it('tells a JWT from a better-auth session token in the Authorization header', () => {
    expect(bearerJwt(new Headers({ authorization: 'Bearer aa.bb.cc' }))).toBe('aa.bb.cc');
    expect(bearerJwt(new Headers({ authorization: 'Bearer sessiontoken.signature' }))).toBeNull();
    expect(bearerJwt(new Headers())).toBeNull();
  });

  it('reloads the keys when a token names a key id it does not hold (a rotation), at most once per cooldown', async () => {
    const first = await signingKey('k1');
    const second = await signingKey('k2');
    let sets = [[first.jwk], [first.jwk, second.jwk]];
    let loads = 0;
    let clock = Date.now();
    const verifier = createJwtVerifier({
      issuer: ISSUER,
      audiences: [ISSUER, FUNCTIONS],
      loadKeys: async () => ({ keys: sets[Math.min(loads++, sets.length - 1)]! }),
      findUser: async () => person,
      findSession: async () => live,
      now: () => clock,
      refreshCooldownMs: 5_000,
    });
    expect(await verifier.verify(await first.sign({ sub: 'u1', sid: 's1' }))).not.toBeNull();
    expect(loads).toBe(1);
    // Within the cooldown an unknown kid does not reload.
    const rotated = await second.sign({ sub: 'u1', sid: 's1' });
    expect(await verifier.verify(rotated)).toBeNull();
    expect(loads).toBe(1);
    clock += 10_000;
    sets = [[first.jwk], [first.jwk, second.jwk]];
    expect((await verifier.verify(rotated))?.user.id).toBe('u1');
    expect(loads).toBe(2);
  });

  it('checks issuer, audience, expiry and the user: unknown, suspended (until the suspension ends)', async () => {
    const key = await signingKey('k1');
    let user: JwtUser | null = person;
    const verifier = createJwtVerifier({
      issuer: ISSUER,
      audiences: [ISSUER, FUNCTIONS],
      loadKeys: async () => ({ keys: [key.jwk] }),
      findUser: async () => user,
      findSession: async () => live,
    });
    const now = Math.floor(Date.now() / 1000);
    const ok = await verifier.verify(await key.sign({ sub: 'u1', sid: 's1' }));
    expect(ok).toMatchObject({ user: { id: 'u1', email: 'a@example.com' } });
    expect(ok!.session.expiresAt.getTime()).toBeGreaterThan(Date.now());
    // An OAuth access token for the functions resource.
    expect(await verifier.verify(await key.sign({ sub: 'u1', sid: 's1' }, { aud: [FUNCTIONS, `${ISSUER}/auth/v1/oauth2/userinfo`] }))).not.toBeNull();
    // An ID token (audience: the client) and a foreign issuer are not ours to accept.
    expect(await verifier.verify(await key.sign({ sub: 'u1', sid: 's1' }, { aud: 'client-id' }))).toBeNull();
    expect(await verifier.verify(await key.sign({ sub: 'u1', sid: 's1' }, { iss: 'https://elsewhere.example' }))).toBeNull();
    expect(await verifier.verify(await key.sign({ sub: 'u1', sid: 's1' }, { exp: now - 5 }))).toBeNull();

    user = { ...person, banned: true, banExpires: null };
    expect(await verifier.verify(await key.sign({ sub: 'u1', sid: 's1' }))).toBeNull();
    user = { ...person, banned: true, banExpires: new Date(Date.now() - 1000) };
    expect(await verifier.verify(await key.sign({ sub: 'u1', sid: 's1' }))).not.toBeNull();
    user = null;
    expect(await verifier.verify(await key.sign({ sub: 'u1', sid: 's1' }))).toBeNull();
  });

  it('takes a token only while the session it names lives, for a verified user: no sid, an unknown, foreign or expired session, an unverified address are refused', async () => {
    const key = await signingKey('k1');
    let user: JwtUser | null = person;
    const sessions = new Map<string, JwtSession>([['s1', live]]);
    const asked: string[] = [];
    const verifier = createJwtVerifier({
      issuer: ISSUER,
      audiences: [ISSUER, FUNCTIONS],
      loadKeys: async () => ({ keys: [key.jwk] }),
      findUser: async () => user,
      findSession: async (id) => (asked.push(id), sessions.get(id) ?? null),
    });
    const token = await key.sign({ sub: 'u1', sid: 's1' });
    expect(await verifier.verify(token)).not.toBeNull();
    expect(asked).toEqual(['s1']);
    // A token that names no session (as every token did before sessions were named) is not accepted.
    expect(await verifier.verify(await key.sign({ sub: 'u1' }))).toBeNull();
    expect(await verifier.verify(await key.sign({ sub: 'u1', sid: 42 }))).toBeNull();
    // The session ended (signed out, revoked): the token ends with it.
    sessions.delete('s1');
    expect(await verifier.verify(token)).toBeNull();
    // Another user's session does not carry this subject.
    sessions.set('s1', { userId: 'u2', expiresAt: live.expiresAt });
    expect(await verifier.verify(token)).toBeNull();
    sessions.set('s1', { userId: 'u1', expiresAt: new Date(Date.now() - 1000) });
    expect(await verifier.verify(token)).toBeNull();
    // A session that ends before the token bounds how long the lookup is kept.
    const soon = new Date(Date.now() + 60_000);
    sessions.set('s1', { userId: 'u1', expiresAt: soon });
    expect((await verifier.verify(token))?.session.expiresAt.getTime()).toBe(soon.getTime());
    // No JWT is taken for an account whose address is not verified.
    user = { ...person, emailVerified: false };
    expect(await verifier.verify(token)).toBeNull();
  });
});
