import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/harness';

const ADMIN = 'oauth-admin@example.com';
const REDIRECT = 'https://client.example/callback';
const RESOURCE = `${TEST_ORIGIN}/functions/v1`;

let t: TestApp;
let admin: { cookie: string };
let as: oauth.AuthorizationServer;
/** oauth4webapi's requests, answered by the in-process app. */
let http: { [oauth.customFetch]: typeof fetch; [oauth.allowInsecureRequests]: true };

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN });
  admin = await t.signInByMagicLink(ADMIN);
  http = {
    [oauth.customFetch]: ((url: string | URL | Request, init?: RequestInit) =>
      t.app.request(url instanceof Request ? url.url : url.toString(), init)) as typeof fetch,
    [oauth.allowInsecureRequests]: true,
  };
  const issuer = new URL(TEST_ORIGIN);
  as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oidc', ...http }));
}, 60_000);
afterAll(() => t?.close());

async function createClient(type: 'confidential' | 'public' = 'confidential', name = 'Shelf sync') {
  const res = await t.call('admin-oauth-client-create', { cookie: admin.cookie, body: { name, redirectUris: [REDIRECT], type } });
  expect(res.status).toBe(200);
  return res.json as { client: { clientId: string; name: string; type: string }; clientSecret: string | null };
}

/**
 * A person signed in with `cookie` authorizes the client in the browser: /authorize sends them to the
 * consent page, they allow, and the redirect back to the client carries the code.
 */
async function authorize(cookie: string, clientId: string, extra: Record<string, string> = {}) {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: 'openid profile email offline_access',
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...extra,
  }).toString();
  const toConsent = await t.request(url.pathname + url.search, { cookie });
  expect(toConsent.status).toBe(302);
  const consentUrl = new URL(toConsent.headers.get('location')!, TEST_ORIGIN);
  expect(consentUrl.pathname).toBe('/oauth/consent');
  expect(consentUrl.searchParams.get('client_id')).toBe(clientId);
  const allowed = await t.request('/auth/v1/oauth2/consent', {
    cookie,
    headers: { accept: 'application/json' },
    body: { accept: true, oauth_query: consentUrl.search.slice(1) },
  });
  expect(allowed.status).toBe(200);
  const back = new URL(((await allowed.json()) as { url: string }).url);
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
  return { callback: back, state, verifier };
}

async function exchange(
  client: oauth.Client,
  auth: oauth.ClientAuth,
  flow: Awaited<ReturnType<typeof authorize>>,
  additionalParameters?: Record<string, string>,
) {
  const params = oauth.validateAuthResponse(as, client, flow.callback, flow.state);
  const res = await oauth.authorizationCodeGrantRequest(as, client, auth, params, REDIRECT, flow.verifier, { ...http, additionalParameters });
  return oauth.processAuthorizationCodeResponse(as, client, res);
}

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

describe('Curio as an OAuth 2.1 / OpenID provider', () => {
  it('publishes discovery at the root where clients look, naming the provider endpoints and the JWKS', async () => {
    expect(as.issuer).toBe(TEST_ORIGIN);
    expect(as.authorization_endpoint).toBe(`${TEST_ORIGIN}/auth/v1/oauth2/authorize`);
    expect(as.token_endpoint).toBe(`${TEST_ORIGIN}/auth/v1/oauth2/token`);
    expect(as.jwks_uri).toBe(`${TEST_ORIGIN}/auth/v1/.well-known/jwks.json`);
    expect(as.code_challenge_methods_supported).toContain('S256');
    const rfc8414 = await t.request('/.well-known/oauth-authorization-server');
    expect(rfc8414.status).toBe(200);
    expect(((await rfc8414.json()) as { issuer: string }).issuer).toBe(TEST_ORIGIN);
  });

  it('runs authorization code + PKCE: consent, code, tokens, userinfo; a token for the functions resource is accepted by the functions', async () => {
    const created = await createClient();
    expect(created.clientSecret).toEqual(expect.any(String));
    const client: oauth.Client = { client_id: created.client.clientId };
    const person = await t.signInByMagicLink();

    const flow = await authorize(person.cookie, client.client_id, { resource: RESOURCE });
    const tokens = await exchange(client, oauth.ClientSecretBasic(created.clientSecret!), flow, { resource: RESOURCE });
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.refresh_token).toEqual(expect.any(String));
    const idClaims = oauth.getValidatedIdTokenClaims(tokens)!;
    expect(idClaims.sub).toBe(person.userId);

    const info = await oauth.processUserInfoResponse(as, client, person.userId, await oauth.userInfoRequest(as, client, tokens.access_token, http));
    expect(info).toMatchObject({ sub: person.userId, email: person.email });

    // The access token is a JWT for the functions: it calls them as the person.
    const called = await t.call('notifications-unseen-count', bearer(tokens.access_token));
    expect(called.status).toBe(200);
    // An ID token is meant for the client, not for us.
    expect((await t.call('notifications-unseen-count', bearer(tokens.id_token!))).status).toBe(401);

    // The access token names the session that granted it (sid) and ends with it.
    const accessClaims = JSON.parse(Buffer.from(tokens.access_token.split('.')[1]!, 'base64url').toString()) as { sid?: string };
    expect(accessClaims.sid).toEqual(expect.any(String));
    expect((await t.request('/auth/v1/sign-out', { cookie: person.cookie, body: {} })).status).toBe(200);
    expect((await t.call('notifications-unseen-count', bearer(tokens.access_token))).status).toBe(401);
  });

  it('refuses the functions an access token of an account whose address is not verified', async () => {
    const created = await createClient();
    const client: oauth.Client = { client_id: created.client.clientId };
    const person = await t.signUp();
    const tokens = await exchange(
      client,
      oauth.ClientSecretBasic(created.clientSecret!),
      await authorize(person.cookie, client.client_id, { resource: RESOURCE }),
      { resource: RESOURCE },
    );
    expect(tokens.access_token.split('.')).toHaveLength(3);
    expect((await t.call('notifications-unseen-count', bearer(tokens.access_token))).status).toBe(401);
  });

  it('gives an opaque token when the client does not ask for the functions resource; the functions refuse it, userinfo takes it', async () => {
    const created = await createClient('public', 'Pocket app');
    expect(created.clientSecret).toBeNull();
    expect(created.client.type).toBe('public');
    const client: oauth.Client = { client_id: created.client.clientId, token_endpoint_auth_method: 'none' };
    const person = await t.signUp();
    const tokens = await exchange(client, oauth.None(), await authorize(person.cookie, client.client_id));
    expect(tokens.access_token.split('.')).not.toHaveLength(3);
    expect((await t.call('notifications-unseen-count', bearer(tokens.access_token))).status).toBe(401);
    const info = await oauth.processUserInfoResponse(as, client, person.userId, await oauth.userInfoRequest(as, client, tokens.access_token, http));
    expect(info.sub).toBe(person.userId);
  });

  it('denying consent sends the person back to the client with access_denied', async () => {
    const created = await createClient();
    const person = await t.signUp();
    const url = new URL(as.authorization_endpoint!);
    url.search = new URLSearchParams({
      client_id: created.client.clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'openid',
      code_challenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()),
      code_challenge_method: 'S256',
      state: 'st',
    }).toString();
    const toConsent = await t.request(url.pathname + url.search, { cookie: person.cookie });
    const consentUrl = new URL(toConsent.headers.get('location')!, TEST_ORIGIN);
    const denied = await t.request('/auth/v1/oauth2/consent', {
      cookie: person.cookie,
      headers: { accept: 'application/json' },
      body: { accept: false, oauth_query: consentUrl.search.slice(1) },
    });
    const back = new URL(((await denied.json()) as { url: string }).url);
    expect(back.searchParams.get('error')).toBe('access_denied');
  });

  it('regenerating the secret invalidates the old one at the token endpoint', async () => {
    const created = await createClient();
    const client: oauth.Client = { client_id: created.client.clientId };
    const person = await t.signUp();
    const tokens = await exchange(client, oauth.ClientSecretBasic(created.clientSecret!), await authorize(person.cookie, client.client_id));

    const rotated = await t.call('admin-oauth-client-regenerate-secret', { cookie: admin.cookie, body: { clientId: client.client_id } });
    expect(rotated.status).toBe(200);
    const newSecret = rotated.json.clientSecret as string;
    expect(newSecret).toEqual(expect.any(String));
    expect(newSecret).not.toBe(created.clientSecret);

    const withOld = await oauth.refreshTokenGrantRequest(as, client, oauth.ClientSecretBasic(created.clientSecret!), tokens.refresh_token!, http);
    // Refused as an unauthenticated client: 401 with a Basic challenge.
    expect(withOld.status).toBe(401);
    await expect(oauth.processRefreshTokenResponse(as, client, withOld)).rejects.toMatchObject({ status: 401 });
    const withNew = await oauth.refreshTokenGrantRequest(as, client, oauth.ClientSecretBasic(newSecret), tokens.refresh_token!, http);
    expect((await oauth.processRefreshTokenResponse(as, client, withNew)).access_token).toEqual(expect.any(String));
  });

  it('admins list, get and delete clients; the secret is never shown again; others are refused', async () => {
    const created = await createClient('confidential', 'Catalogue export');
    const id = created.client.clientId;
    const list = await t.call('admin-oauth-clients-list', { cookie: admin.cookie });
    expect(list.status).toBe(200);
    expect(list.json.clients.map((c: { clientId: string }) => c.clientId)).toContain(id);
    expect(JSON.stringify(list.json)).not.toContain(created.clientSecret);
    const got = await t.call('admin-oauth-client-get', { cookie: admin.cookie, body: { clientId: id } });
    expect(got.json.client).toMatchObject({ clientId: id, name: 'Catalogue export', type: 'confidential', redirectUris: [REDIRECT] });
    expect(JSON.stringify(got.json)).not.toContain(created.clientSecret);

    const someone = await t.signUp();
    expect((await t.call('admin-oauth-clients-list', { cookie: someone.cookie })).status).toBe(403);
    // The plugin's own endpoints refuse a non-admin too.
    const direct = await t.request('/auth/v1/oauth2/create-client', { cookie: someone.cookie, body: { redirect_uris: [REDIRECT], client_name: 'Mine' } });
    expect(direct.status).toBe(401);

    expect((await t.call('admin-oauth-client-delete', { cookie: admin.cookie, body: { clientId: id } })).json).toEqual({ deleted: true });
    const gone = await t.call('admin-oauth-client-get', { cookie: admin.cookie, body: { clientId: id } });
    expect(gone.status).toBe(404);
  });

  it('refuses redirect addresses that are not http(s)', async () => {
    const res = await t.call('admin-oauth-client-create', {
      cookie: admin.cookie,
      body: { name: 'Bad', redirectUris: ['javascript:alert(1)'], type: 'public' },
    });
    expect(res.status).toBe(400);
  });
});

describe('JWKS and short-lived JWTs as bearer tokens', () => {
  it('serves the signing keys and a JWT from /auth/v1/token calls the functions; expired, tampered or suspended ones are refused', async () => {
    const person = await t.signInByMagicLink();
    const got = await t.request('/auth/v1/token', { cookie: person.cookie });
    expect(got.status).toBe(200);
    const { token } = (await got.json()) as { token: string };

    const jwks = (await (await t.request('/auth/v1/.well-known/jwks.json')).json()) as { keys: { kid: string }[] };
    const kid = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()).kid as string;
    expect(jwks.keys.map((k) => k.kid)).toContain(kid);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      exp: number;
      iat: number;
      iss: string;
      aud: string;
      sub: string;
      sid: string;
    };
    expect(claims.sid).toEqual(expect.any(String));
    expect(claims).toMatchObject({ iss: TEST_ORIGIN, aud: TEST_ORIGIN, sub: person.userId });
    expect(claims.exp - claims.iat).toBe(15 * 60);

    expect((await t.call('notifications-unseen-count', bearer(token))).status).toBe(200);

    const [h, p, s] = token.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url');
    expect((await t.call('notifications-unseen-count', bearer(`${h}.${forged}.${s}`))).status).toBe(401);
    expect((await t.call('notifications-unseen-count', bearer(`${h}.${p}.${s.slice(0, -4)}AAAA`))).status).toBe(401);

    const now = Math.floor(Date.now() / 1000);
    const { token: expired } = await t.auth.api.signJWT({ body: { payload: { sub: person.userId, sid: claims.sid, iat: now - 3600, exp: now - 60 } } });
    expect((await t.call('notifications-unseen-count', bearer(expired))).status).toBe(401);

    // A suspension ends the JWT's use at once (the cached lookup is revoked with the sessions).
    const suspended = await t.call('admin-user-update', { cookie: admin.cookie, body: { userId: person.userId, suspended: true } });
    expect(suspended.status).toBe(200);
    expect((await t.call('notifications-unseen-count', bearer(token))).status).toBe(401);
  });
});
