import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDeletions, sessions } from '../db/schema';
import { cookieFrom, createTestApp, TEST_ORIGIN, type TestApp } from '../test/harness';
import { PASSKEY_GUARD_CODES, relyingParty } from './plugins/passkey';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const RP_ID = new URL(TEST_ORIGIN).hostname;
const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

// ---- A software authenticator: just enough CBOR, COSE and authenticator data for `none` attestation ----

function cborHead(major: number, length: number) {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
}
type Cbor = number | string | Buffer | Map<Cbor, Cbor>;
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([cborHead(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([cborHead(2, value.length), value]);
  return Buffer.concat([cborHead(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

/** One passkey on a virtual device: a P-256 key, a credential id and a signature counter. */
function softAuthenticator(origin = TEST_ORIGIN, rpId = RP_ID) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = (publicKey as KeyObject).export({ format: 'jwk' });
  const credentialId = randomBytes(16);
  let counter = 0;
  const clientData = (type: string, challenge: string) => Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  return {
    id: b64url(credentialId),
    register(options: { challenge: string }) {
      const cose = cbor(
        new Map<Cbor, Cbor>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x!, 'base64url')],
          [-3, Buffer.from(jwk.y!, 'base64url')],
        ]),
      );
      const lengthBytes = Buffer.from([credentialId.length >> 8, credentialId.length & 0xff]);
      const authData = Buffer.concat([sha256(rpId), Buffer.from([0x45]), u32(counter), Buffer.alloc(16), lengthBytes, credentialId, cose]);
      const attestationObject = cbor(
        new Map<Cbor, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        authenticatorAttachment: 'platform',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
      };
    },
    authenticate(options: { challenge: string }) {
      counter += 1;
      const authData = Buffer.concat([sha256(rpId), Buffer.from([0x05]), u32(counter)]);
      const data = clientData('webauthn.get', options.challenge);
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), privateKey);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: { clientDataJSON: b64url(data), authenticatorData: b64url(authData), signature: b64url(signature) },
      };
    },
  };
}

/** Cookies of both headers, the later winning. */
function joinCookies(...cookies: string[]) {
  const jar = new Map<string, string>();
  for (const pair of cookies.join('; ').split('; ')) {
    const [name, ...value] = pair.split('=');
    if (name) jar.set(name, value.join('='));
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

async function registerPasskey(cookie: string, device: ReturnType<typeof softAuthenticator>, name?: string) {
  const optionsRes = await t.request('/auth/v1/passkey/generate-register-options', { cookie });
  expect(optionsRes.status).toBe(200);
  const options = (await optionsRes.json()) as { challenge: string; rp: { id: string }; user: { id: string }; excludeCredentials: { id: string }[] };
  const res = await t.request('/auth/v1/passkey/verify-registration', {
    cookie: joinCookies(cookie, cookieFrom(optionsRes)),
    body: { response: device.register(options), name },
  });
  return { options, status: res.status, json: (await res.json()) as { id?: string; name?: string; code?: string } };
}

async function signInWithPasskey(device: ReturnType<typeof softAuthenticator>) {
  const optionsRes = await t.request('/auth/v1/passkey/generate-authenticate-options');
  expect(optionsRes.status).toBe(200);
  const options = (await optionsRes.json()) as { challenge: string; rpId: string };
  const res = await t.request('/auth/v1/passkey/verify-authentication', { cookie: cookieFrom(optionsRes), body: { response: device.authenticate(options) } });
  return { options, status: res.status, json: (await res.json()) as { user?: { id: string }; code?: string }, cookie: cookieFrom(res) };
}

const list = async (cookie: string) =>
  (await (await t.request('/auth/v1/passkey/list-user-passkeys', { cookie })).json()) as {
    id: string;
    name: string | null;
    createdAt: string;
    lastUsedAt?: string | null;
  }[];

describe('passkeys', () => {
  it('registers a named passkey with options inside the spec (user id of 1-64 bytes, rpId of PUBLIC_URL), lists it, and signs in with it', async () => {
    const u = await t.signUp();
    const device = softAuthenticator();
    const reg = await registerPasskey(u.cookie, device, '  Laptop  ');
    expect(reg.status).toBe(200);
    const userIdBytes = Buffer.from(reg.options.user.id, 'base64url').length;
    expect(userIdBytes).toBeGreaterThanOrEqual(1);
    expect(userIdBytes).toBeLessThanOrEqual(64);
    expect(reg.options.rp.id).toBe(RP_ID);

    const passkeys = await list(u.cookie);
    expect(passkeys).toHaveLength(1);
    expect(passkeys[0]!.name).toBe('Laptop');
    expect(new Date(passkeys[0]!.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(passkeys[0]!.lastUsedAt ?? null).toBeNull();

    // A second registration excludes the authenticator already registered.
    const again = await t.request('/auth/v1/passkey/generate-register-options', { cookie: u.cookie });
    expect(((await again.json()) as { excludeCredentials: { id: string }[] }).excludeCredentials.map((c) => c.id)).toEqual([device.id]);

    const signedIn = await signInWithPasskey(device);
    expect(signedIn.status).toBe(200);
    expect(signedIn.options.rpId).toBe(RP_ID);
    expect(signedIn.json.user?.id).toBe(u.userId);
    const session = (await (await t.request('/auth/v1/get-session', { cookie: signedIn.cookie })).json()) as { user: { id: string } };
    expect(session.user.id).toBe(u.userId);
    // The sign-in is recorded as the passkey's last use.
    const used = (await list(u.cookie))[0]!;
    expect(new Date(used.lastUsedAt!).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('renames and deletes a passkey; another person can do neither; a deleted passkey no longer signs in', async () => {
    const u = await t.signUp();
    const stranger = await t.signUp();
    const device = softAuthenticator();
    const { json } = await registerPasskey(u.cookie, device);
    const id = json.id!;

    const renamed = await t.request('/auth/v1/passkey/update-passkey', { cookie: u.cookie, body: { id, name: 'Phone' } });
    expect(renamed.status).toBe(200);
    expect((await list(u.cookie))[0]!.name).toBe('Phone');
    expect((await t.request('/auth/v1/passkey/update-passkey', { cookie: u.cookie, body: { id, name: '   ' } })).status).toBe(400);

    expect((await t.request('/auth/v1/passkey/update-passkey', { cookie: stranger.cookie, body: { id, name: 'Mine now' } })).status).toBe(401);
    expect((await t.request('/auth/v1/passkey/delete-passkey', { cookie: stranger.cookie, body: { id } })).status).toBe(401);
    expect(await list(u.cookie)).toHaveLength(1);

    expect((await t.request('/auth/v1/passkey/delete-passkey', { cookie: u.cookie, body: { id } })).status).toBe(200);
    expect(await list(u.cookie)).toHaveLength(0);
    const refused = await signInWithPasskey(device);
    expect(refused.status).toBe(401);
    expect(refused.json.code).toBe('PASSKEY_NOT_FOUND');
  });

  it('refuses a registration made for another origin as a bad request, and registration without a session', async () => {
    const u = await t.signUp();
    const reg = await registerPasskey(u.cookie, softAuthenticator('https://evil.example'));
    expect(reg.status).toBe(400);
    expect(reg.json.code).toBe('FAILED_TO_VERIFY_REGISTRATION');
    expect(await list(u.cookie)).toHaveLength(0);
    expect((await t.request('/auth/v1/passkey/generate-register-options')).status).toBe(401);
  });

  it('refuses a sign-in signed for another relying party', async () => {
    const u = await t.signUp();
    const device = softAuthenticator();
    await registerPasskey(u.cookie, device);
    const optionsRes = await t.request('/auth/v1/passkey/generate-authenticate-options');
    const options = (await optionsRes.json()) as { challenge: string };
    const forged = softAuthenticator(TEST_ORIGIN, 'evil.example').authenticate(options);
    const res = await t.request('/auth/v1/passkey/verify-authentication', {
      cookie: cookieFrom(optionsRes),
      body: { response: { ...forged, id: device.id, rawId: device.id } },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('AUTHENTICATION_FAILED');
  });
});

describe('delete my account, confirmed by a passkey', () => {
  const deleteVia = (cookie: string) => t.call('account-delete-request', { cookie, body: { via: 'passkey' } });

  it('is refused from a session begun with a password, or a passkey sign-in older than 5 minutes', async () => {
    const u = await t.signUp();
    expect((await registerPasskey(u.cookie, softAuthenticator())).status).toBe(200);
    const byPassword = await deleteVia(u.cookie);
    expect(byPassword.status).toBe(400);
    expect(byPassword.json.error.code).toBe('confirmation_invalid');

    const device = softAuthenticator();
    expect((await registerPasskey(u.cookie, device)).status).toBe(200);
    const signedIn = await signInWithPasskey(device);
    expect(signedIn.status).toBe(200);
    const [row] = await t.database.db
      .select({ id: sessions.id, signInMethod: sessions.signInMethod })
      .from(sessions)
      .where(eq(sessions.userId, u.userId))
      .orderBy(sessions.createdAt);
    expect(row?.signInMethod ?? null).toBeNull(); // the sign-up session
    const token = decodeURIComponent(signedIn.cookie.match(/session_token=([^;]+)/)![1]!).split('.')[0]!;
    await t.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(sessions.token, token));
    const stale = await deleteVia(signedIn.cookie);
    expect(stale.status).toBe(400);
    expect(stale.json.error.code).toBe('confirmation_invalid');
    expect(await t.database.db.select().from(accountDeletions).where(eq(accountDeletions.userId, u.userId))).toHaveLength(0);
  });

  it('schedules the deletion right after a passkey sign-in, and ends every session', async () => {
    const u = await t.signUp();
    const device = softAuthenticator();
    expect((await registerPasskey(u.cookie, device)).status).toBe(200);
    const signedIn = await signInWithPasskey(device);
    expect(signedIn.status).toBe(200);
    const token = decodeURIComponent(signedIn.cookie.match(/session_token=([^;]+)/)![1]!).split('.')[0]!;
    const [marked] = await t.database.db.select({ signInMethod: sessions.signInMethod }).from(sessions).where(eq(sessions.token, token));
    expect(marked?.signInMethod).toBe('passkey');

    const r = await deleteVia(signedIn.cookie);
    expect(r.status).toBe(200);
    expect(Date.parse(r.json.scheduledFor)).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);
    const [scheduled] = await t.database.db.select().from(accountDeletions).where(eq(accountDeletions.userId, u.userId));
    expect(scheduled?.status).toBe('scheduled');
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, u.userId))).toHaveLength(0);
  });
});

describe('the relying party of PUBLIC_URL', () => {
  it('is its hostname and origin; an IP address cannot be a WebAuthn rpId', () => {
    expect(relyingParty('https://curio.example:8443/app')).toEqual({ rpID: 'curio.example', origin: 'https://curio.example:8443', usable: true });
    expect(relyingParty('http://localhost:3000').usable).toBe(true);
    expect(relyingParty('http://127.0.0.1:3000').usable).toBe(false);
    expect(relyingParty('http://[::1]:3000').usable).toBe(false);
  });

  it('a server on an IP address refuses to start a registration, with a code the web translates', async () => {
    const onIp = await createTestApp({ PUBLIC_URL: 'http://127.0.0.1:3000' });
    try {
      const origin = { origin: 'http://127.0.0.1:3000' };
      const up = await onIp.app.request('http://127.0.0.1:3000/auth/v1/sign-up/email', {
        method: 'POST',
        headers: { ...origin, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ip@example.com', password: 'correct horse battery', name: 'ip' }),
      });
      expect(up.status).toBe(200);
      const res = await onIp.app.request('http://127.0.0.1:3000/auth/v1/passkey/generate-register-options', { headers: { ...origin, cookie: cookieFrom(up) } });
      expect(res.status).toBe(503);
      expect(((await res.json()) as { code: string }).code).toBe(PASSKEY_GUARD_CODES.INVALID_RP_ID);
    } finally {
      await onIp.close();
    }
  });
});
