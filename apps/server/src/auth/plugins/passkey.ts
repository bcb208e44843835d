import { passkey } from '@better-auth/passkey';
import type { AuthPluginDeps } from './deps';

/** WebAuthn: the relying party is PUBLIC_URL's host. */
export function passkeyPlugin({ env }: AuthPluginDeps) {
  const url = new URL(env.PUBLIC_URL);
  return passkey({ rpID: url.hostname, rpName: env.APP_NAME, origin: url.origin });
}
