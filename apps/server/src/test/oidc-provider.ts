import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { interactionPolicy } from 'oidc-provider';
import { htmlText } from '../lib/html';

/**
 * A small OpenID Connect provider for tests (oidc-provider): one confidential client, an account for
 * any login name, and its own minimal sign-in page in place of the library's interactions.
 *
 * - Whoever signs in as `name` gets `sub = name`; the e-mail is `name` when it has an @, otherwise
 *   `name@oidc.test`. `email_verified` is true unless the name starts with `unverified`.
 * - The provider asks for the login name on every authorization (no remembered provider session), so
 *   one browser can sign in as different people; consent is given automatically.
 * - `signIn(authorizationUrl, login)` completes a flow over HTTP and answers the redirect to the
 *   client's callback (`…/callback/oidc?code=…&state=…&iss=…`).
 */
export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The environment the app needs to use this provider. */
  env: Record<string, string>;
  signIn(authorizationUrl: string, login: string): Promise<string>;
  close(): Promise<void>;
}

export const TEST_OIDC_CLIENT_ID = 'curio-test-client';
export const TEST_OIDC_CLIENT_SECRET = 'curio-test-client-secret-0123456789abcdef';
export const TEST_OIDC_NAME = 'Test ID';

const emailOf = (login: string) => (login.includes('@') ? login : `${login}@oidc.test`);

function loginPage(uid: string) {
  return htmlText`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Test ID: sign in</title></head><body><main>
<h1>Test ID</h1>
<form method="post" action="/interaction/${uid}">
<label for="login">Login name</label> <input id="login" name="login" autocomplete="username" required autofocus>
<button type="submit">Continue</button>
</form></main></body></html>`;
}

async function readForm(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startOidcProvider(opts: { port?: number; redirectUris: string[]; host?: string }): Promise<TestOidcProvider> {
  const host = opts.host ?? '127.0.0.1';
  // The issuer must be known before the provider is built: take the port first when none is given.
  let port = opts.port ?? 0;
  if (!port) {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, host, resolve));
    port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
  }
  const issuer = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;

  // The login prompt is asked on every authorization until this interaction has answered it.
  const policy = interactionPolicy.base();
  policy
    .get('login')
    .checks.add(
      new interactionPolicy.Check('always_login', 'the test provider asks every time', (ctx: any) =>
        ctx.oidc.result?.login ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_OIDC_CLIENT_ID,
        client_secret: TEST_OIDC_CLIENT_SECRET,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    async findAccount(_ctx: unknown, sub: string) {
      return {
        accountId: sub,
        async claims() {
          return { sub, email: emailOf(sub), email_verified: !sub.startsWith('unverified'), name: `Test ${sub.split('@')[0]}` };
        },
      };
    },
    interactions: { policy, url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    // Consent is given for whatever the client asks.
    async loadExistingGrant(ctx: any) {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    features: { devInteractions: { enabled: false } },
    cookies: { keys: ['curio-test-oidc-cookie-key'] },
    pkce: { required: () => false },
  });
  const handler = provider.callback();

  const server: Server = createServer((req, res) => void answer(req, res));
  async function answer(req: IncomingMessage, res: ServerResponse) {
    const match = /^\/interaction\/([^/?]+)/.exec(req.url ?? '');
    if (!match) return handler(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(loginPage(details.uid));
        return;
      }
      const login = (await readForm(req)).get('login')?.trim();
      if (!login) {
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end('login required');
        return;
      }
      await provider.interactionFinished(req, res, { login: { accountId: login } }, { mergeWithLastSubmission: false });
    } catch (err) {
      res.writeHead(400, { 'content-type': 'text/plain' });
      res.end(String(err));
    }
  }
  await new Promise<void>((resolve) => server.listen(port, host, resolve));

  /** A cookie jar for one flow at the provider. */
  async function signIn(authorizationUrl: string, login: string) {
    const jar = new Map<string, string>();
    const keep = (res: Response) => {
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const eq = pair!.indexOf('=');
        jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
      }
    };
    const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    let url = authorizationUrl;
    let body: string | undefined;
    for (let hop = 0; hop < 10; hop++) {
      if (!url.startsWith(issuer)) return url;
      const res = await fetch(url, {
        method: body ? 'POST' : 'GET',
        redirect: 'manual',
        headers: { cookie: cookie(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        body,
      });
      keep(res);
      body = undefined;
      const location = res.headers.get('location');
      if (location) {
        url = new URL(location, url).toString();
        continue;
      }
      if (res.status === 200 && /\/interaction\//.test(url)) {
        body = new URLSearchParams({ login }).toString();
        continue;
      }
      throw new Error(`test OIDC provider: unexpected ${res.status} at ${url}: ${(await res.text()).slice(0, 300)}`);
    }
    throw new Error('test OIDC provider: too many redirects');
  }

  return {
    issuer,
    clientId: TEST_OIDC_CLIENT_ID,
    clientSecret: TEST_OIDC_CLIENT_SECRET,
    env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: TEST_OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: TEST_OIDC_CLIENT_SECRET, OIDC_NAME: TEST_OIDC_NAME },
    signIn,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
