import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, createTestApp, TEST_ORIGIN, type TestApp } from '../test/harness';
import { startOidcProvider, TEST_OIDC_NAME, type TestOidcProvider } from '../test/oidc-provider';

let idp: TestOidcProvider;
let t: TestApp;
beforeAll(async () => {
  // The provider first: the app reads its discovery document when it starts.
  idp = await startOidcProvider({ redirectUris: [`${TEST_ORIGIN}/auth/v1/callback/oidc`] });
  t = await createTestApp(idp.env);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

/** Joins Cookie headers, later values winning. */
function joinCookies(...cookies: (string | undefined)[]) {
  const jar = new Map<string, string>();
  for (const c of cookies) {
    for (const pair of (c ?? '').split('; ').filter(Boolean)) {
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

/**
 * Starts a sign-in (`/sign-in/social`) or a link (`/link-social`, with the person's cookie), signs in at
 * the provider as `login` and follows the provider's redirect back to the callback as a browser would.
 */
async function viaProvider(login: string, opts: { link?: boolean; cookie?: string } = {}) {
  const path = opts.link ? '/auth/v1/link-social' : '/auth/v1/sign-in/social';
  const body = opts.link
    ? { provider: 'oidc', callbackURL: '/settings/account?linked=oidc', errorCallbackURL: '/settings/account' }
    : { provider: 'oidc', callbackURL: '/', newUserCallbackURL: '/onboarding', errorCallbackURL: '/login?via=oidc' };
  const start = await t.request(path, { body, cookie: opts.cookie });
  expect(start.status).toBe(200);
  const { url } = (await start.json()) as { url: string };
  expect(url.startsWith(`${idp.issuer}/`)).toBe(true);
  const callback = await idp.signIn(url, login);
  expect(callback.startsWith(`${TEST_ORIGIN}/auth/v1/callback/oidc?`)).toBe(true);
  const cookie = joinCookies(opts.cookie, cookieFrom(start));
  const res = await t.request(callback.replace(TEST_ORIGIN, ''), { cookie });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location')!, TEST_ORIGIN);
  return { location, cookie: joinCookies(cookie, cookieFrom(res)), res };
}

async function session(cookie: string) {
  const res = await t.request('/auth/v1/get-session', { cookie });
  return (await res.json()) as { user: { id: string; email: string; emailVerified: boolean } } | null;
}

async function accounts(cookie: string) {
  const res = await t.request('/auth/v1/list-accounts', { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string; providerId: string; accountId: string }[];
}

async function unlink(cookie: string, accountId: string) {
  const res = await t.request('/auth/v1/unlink-account', { body: { accountId }, cookie });
  return { status: res.status, json: (await res.json()) as { code?: string } };
}

describe('the provider on the login page', () => {
  it('public-site-settings names the configured provider', async () => {
    expect((await t.call('public-site-settings')).json.oidc).toEqual({ name: TEST_OIDC_NAME });
  });

  it('is absent when no provider is configured', async () => {
    const bare = await createTestApp();
    try {
      expect((await bare.call('public-site-settings')).json.oidc).toBeUndefined();
      // And the sign-in endpoint does not know the provider.
      const res = await bare.request('/auth/v1/sign-in/social', { body: { provider: 'oidc', callbackURL: '/' } });
      expect(res.status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

describe('sign-in with the external provider', () => {
  it('creates an account on the first sign-in (to onboarding) and signs the same account in afterwards (to /)', async () => {
    const first = await viaProvider('alice');
    expect(first.location.pathname).toBe('/onboarding');
    const me = await session(first.cookie);
    expect(me?.user.email).toBe('alice@oidc.test');
    // The provider said the address is verified.
    expect(me?.user.emailVerified).toBe(true);
    expect((await accounts(first.cookie)).map((a) => [a.providerId, a.accountId])).toEqual([['oidc', 'alice']]);

    const again = await viaProvider('alice');
    expect(again.location.pathname).toBe('/');
    expect((await session(again.cookie))?.user.id).toBe(me!.user.id);
  });

  it('joins an existing account with a verified address when the provider says the address is verified', async () => {
    const local = await t.signInByMagicLink('dora@example.com');
    const signed = await viaProvider('dora@example.com');
    expect(signed.location.pathname).toBe('/');
    expect((await session(signed.cookie))?.user.id).toBe(local.userId);
    expect((await accounts(local.cookie)).some((a) => a.providerId === 'oidc' && a.accountId === 'dora@example.com')).toBe(true);
  });

  it('does not join an account whose own address is unverified, nor on an address the provider has not verified', async () => {
    const unverifiedLocal = await t.signUp('erin@example.com');
    const refused = await viaProvider('erin@example.com');
    expect(refused.location.pathname).toBe('/login');
    expect(refused.location.searchParams.get('error')).toBe('account_not_linked');
    expect(await session(refused.cookie)).toBeNull();
    expect((await accounts(unverifiedLocal.cookie)).map((a) => a.providerId)).toEqual(['credential']);

    const verifiedLocal = await t.signInByMagicLink('unverified-fay@example.com');
    const refusedToo = await viaProvider('unverified-fay@example.com');
    expect(refusedToo.location.searchParams.get('error')).toBe('account_not_linked');
    expect((await accounts(verifiedLocal.cookie)).length).toBe(0);
  });
});

describe('linking and unlinking', () => {
  it('links an identity to the signed-in account (another address is fine) and unlinks it again', async () => {
    const bob = await t.signUp('bob@example.com');
    const linked = await viaProvider('bob-at-work', { link: true, cookie: bob.cookie });
    expect(linked.location.pathname).toBe('/settings/account');
    expect(linked.location.searchParams.get('linked')).toBe('oidc');
    const list = await accounts(bob.cookie);
    expect(list.map((a) => a.providerId).sort()).toEqual(['credential', 'oidc']);

    // The identity now signs bob in.
    const signed = await viaProvider('bob-at-work');
    expect((await session(signed.cookie))?.user.id).toBe(bob.userId);

    const oidc = list.find((a) => a.providerId === 'oidc')!;
    expect(await unlink(bob.cookie, oidc.id)).toEqual({ status: 200, json: { status: true } });
    expect((await accounts(bob.cookie)).map((a) => a.providerId)).toEqual(['credential']);
  });

  it('identity_already_exists: an identity linked to another account is refused, and the session stays', async () => {
    await viaProvider('gil');
    const carol = await t.signUp('carol@example.com');
    const refused = await viaProvider('gil', { link: true, cookie: carol.cookie });
    expect(refused.location.pathname).toBe('/settings/account');
    expect(refused.location.searchParams.get('error')).toBe('identity_already_exists');
    expect((await session(carol.cookie))?.user.id).toBe(carol.userId);
    expect((await accounts(carol.cookie)).map((a) => a.providerId)).toEqual(['credential']);
  });

  it('single_identity_not_deletable: the only way to sign in cannot be unlinked, and the session stays', async () => {
    const hal = await viaProvider('hal');
    const [only] = await accounts(hal.cookie);
    const refused = await unlink(hal.cookie, only!.id);
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe('single_identity_not_deletable');
    expect(await session(hal.cookie)).not.toBeNull();
    expect((await accounts(hal.cookie)).length).toBe(1);
  });

  it("identity_not_found: an unknown id, or someone else's identity, is not found", async () => {
    const ivy = await t.signUp('ivy@example.com');
    await viaProvider('ivy-ext', { link: true, cookie: ivy.cookie });
    const unknown = await unlink(ivy.cookie, 'no-such-identity');
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe('identity_not_found');

    const other = await viaProvider('jan');
    const [theirs] = await accounts(other.cookie);
    const notMine = await unlink(ivy.cookie, theirs!.id);
    expect(notMine.status).toBe(404);
    expect(notMine.json.code).toBe('identity_not_found');
    expect((await accounts(other.cookie)).length).toBe(1);
    expect(await session(ivy.cookie)).not.toBeNull();
  });

  it('unlinking needs a session', async () => {
    expect((await unlink('', 'anything')).status).toBe(401);
  });
});
