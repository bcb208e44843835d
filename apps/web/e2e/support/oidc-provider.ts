/**
 * The OpenID Connect provider the end-to-end app signs in with (started by playwright.config.ts before
 * the app, whose start-up reads its discovery document). Its login page asks for a name; see
 * apps/server/src/test/oidc-provider.ts for the accounts it makes up.
 * REDIRECT_URIS lists the callbacks of every worker's server, separated by spaces:
 *   OIDC_PORT=4305 REDIRECT_URIS=http://localhost:3305/auth/v1/callback/oidc npx tsx apps/web/e2e/support/oidc-provider.ts
 */
import { startOidcProvider } from '../../../server/src/test/oidc-provider';

const port = Number(process.env.OIDC_PORT);
const redirectUris = (process.env.REDIRECT_URIS ?? '').split(' ').filter(Boolean);
if (!port || redirectUris.length === 0) throw new Error('OIDC_PORT and REDIRECT_URIS are required');

const provider = await startOidcProvider({ port, redirectUris });
console.log(`test OIDC provider at ${provider.issuer}`);
const stop = () => void provider.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
