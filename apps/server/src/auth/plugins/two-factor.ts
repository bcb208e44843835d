import { twoFactor } from 'better-auth/plugins';
import type { AuthPluginDeps } from './deps';

/** TOTP with ten one-time recovery codes; sign-in asks for a code once a verified factor exists. */
export function twoFactorPlugin({ env }: AuthPluginDeps) {
  return twoFactor({
    issuer: env.APP_NAME,
    backupCodeOptions: { amount: 10, length: 10 },
  });
}
