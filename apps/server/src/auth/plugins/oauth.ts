import { oauthProvider } from '@better-auth/oauth-provider';
import { jwt } from 'better-auth/plugins';
import type { AuthPluginDeps } from './deps';

/** JWKS at /auth/v1/.well-known/jwks.json and short-lived JWTs the functions accept as bearer tokens. */
export function jwtPlugin({ env }: AuthPluginDeps) {
  return jwt({
    jwks: { jwksPath: '/.well-known/jwks.json' },
    jwt: { issuer: env.PUBLIC_URL, audience: env.PUBLIC_URL, expirationTime: '15m' },
  });
}

/** Curio as an OAuth 2.1 / OpenID provider; clients are managed by admins. */
export function oauthProviderPlugin(_deps: AuthPluginDeps) {
  return oauthProvider({ loginPage: '/login', consentPage: '/oauth/consent' });
}

/** Sign-in with an external OpenID Connect provider when OIDC_ISSUER is set (./external-oidc.ts). */
export { externalOidcPlugin } from './external-oidc';
