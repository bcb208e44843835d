import { Hono } from 'hono';
import { oauthProviderAuthServerMetadata, oauthProviderOpenIdConfigMetadata } from '@better-auth/oauth-provider';
import type { Auth } from '../../auth/auth';

/**
 * The OAuth provider's discovery documents at the app's root, where clients look for them (the issuer
 * is PUBLIC_URL; the plugin's own endpoints live under /auth/v1 and are server-only):
 * `/.well-known/openid-configuration` and `/.well-known/oauth-authorization-server` (RFC 8414).
 */
export function oauthDiscoveryRouter(auth: Auth) {
  const headers = { 'cache-control': 'public, max-age=3600' };
  const openId = oauthProviderOpenIdConfigMetadata(auth, { headers });
  const authServer = oauthProviderAuthServerMetadata(auth, { headers });
  const router = new Hono();
  router.get('/openid-configuration', (c) => openId(c.req.raw));
  router.get('/oauth-authorization-server', (c) => authServer(c.req.raw));
  return router;
}
