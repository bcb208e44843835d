import { oauthProvider } from '@better-auth/oauth-provider';
import { APIError } from 'better-auth/api';
import { jwt } from 'better-auth/plugins';
import { OAUTH_FUNCTIONS_RESOURCE_PATH, OAUTH_SCOPES } from '@curio/contract';
import type { Env } from '../../env';
import { retryWhileUnavailable } from '../../lib/unavailable';
import type { AuthPluginDeps } from './deps';

/** The audience of the JWTs `GET /auth/v1/token` hands out, and the issuer of every JWT we sign. */
export const jwtIssuer = (env: Pick<Env, 'PUBLIC_URL'>) => env.PUBLIC_URL.replace(/\/$/, '');
/** The resource (RFC 8707) an OAuth client names to get an access token the functions accept. */
export const functionsResource = (env: Pick<Env, 'PUBLIC_URL'>) => `${jwtIssuer(env)}${OAUTH_FUNCTIONS_RESOURCE_PATH}`;
/** JWT lifetime of `GET /auth/v1/token`. */
export const JWT_EXPIRES_IN = '15m';
/** Lifetime of the OAuth provider's access tokens (seconds); refresh tokens get new ones. */
export const OAUTH_ACCESS_TOKEN_SECONDS = 15 * 60;
/** The owner (`reference_id`) of every client admins make: the site, so that every admin manages them all. */
export const SITE_CLIENT_REFERENCE = 'site';

/** The code `GET /auth/v1/token` answers (403) for an account whose address is not verified. */
export const JWT_UNVERIFIED_CODE = 'EMAIL_NOT_VERIFIED';

/** Whether better-auth's user carries the admin role (`users.role` mirrors user_roles, comma-separated). */
function isAdmin(user: Record<string, unknown> | undefined): boolean {
  const role = user?.role;
  return typeof role === 'string' && role.split(',').includes('admin');
}

/**
 * JWKS at /auth/v1/.well-known/jwks.json and short-lived JWTs (`GET /auth/v1/token`, 15 minutes) that
 * the functions accept as bearer tokens (auth/jwt-bearer.ts). Issuer and audience are PUBLIC_URL; the
 * payload names the user (sub) and the session it was taken from (sid: the token is good only while
 * that session lives), and carries only their name and address. An account whose address is not
 * verified gets none (a pre-registration proves nothing). The session answer (`/get-session`) does
 * not hand one out in a header: `GET /auth/v1/token` is the one way to get one.
 */
export function jwtPlugin({ env }: AuthPluginDeps) {
  return jwt({
    jwks: { jwksPath: '/.well-known/jwks.json' },
    disableSettingJwtHeader: true,
    jwt: {
      issuer: jwtIssuer(env),
      audience: jwtIssuer(env),
      expirationTime: JWT_EXPIRES_IN,
      definePayload: ({ user, session }) => {
        if (!user.emailVerified) throw new APIError('FORBIDDEN', { code: JWT_UNVERIFIED_CODE, message: 'Verify your email address before asking for a token' });
        return { name: user.name, email: user.email, sid: session.id };
      },
    },
  });
}

/**
 * Curio as an OAuth 2.1 / OpenID provider. Clients are made by admins only (the admin-oauth-client-*
 * functions, through this plugin's API): `clientPrivileges` refuses everyone else, and every
 * admin-made client belongs to the site. A signed-in person allows or denies a client on
 * /oauth/consent; /login sends a person who signed in on the way back to the authorization
 * endpoint with the client's request (features/oauth in the web). A client that asks for the functions resource gets a JWT access token the
 * functions accept as a bearer token; otherwise an opaque one for userinfo.
 */
export function oauthProviderPlugin({ env, logger }: AuthPluginDeps) {
  const plugin = oauthProvider({
    loginPage: '/login',
    consentPage: '/oauth/consent',
    scopes: [...OAUTH_SCOPES],
    resources: [functionsResource(env)],
    // Every client may ask for the functions resource (there is one, and admins made every client).
    enforcePerClientResources: false,
    accessTokenExpiresIn: OAUTH_ACCESS_TOKEN_SECONDS,
    clientReference: ({ user }) => (isAdmin(user) ? SITE_CLIENT_REFERENCE : undefined),
    clientPrivileges: ({ user, action }) => action !== 'configure-client-credentials-scopes' && isAdmin(user),
  });
  // Its start-up writes the functions resource's row. If the database is out of reach just then,
  // better-auth's start-up would fail for good (every auth request an error until a restart, and an
  // unhandled rejection): it waits for the database instead. The seeding is idempotent.
  const init = plugin.init;
  return {
    ...plugin,
    init: ((ctx: Parameters<typeof init>[0]) =>
      retryWhileUnavailable(async () => init(ctx), {
        onRetry: (err, delayMs) =>
          logger.warn({ err: err instanceof Error ? err.message : String(err), delayMs }, 'auth: the database is out of reach at start-up; trying again'),
      })) as typeof init,
  };
}

/** Sign-in with an external OpenID Connect provider when OIDC_ISSUER is set (./external-oidc.ts). */
export { externalOidcPlugin } from './external-oidc';
