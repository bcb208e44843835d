import { API_PATHS } from '@curio/contract';
import { passkeyClient } from '@better-auth/passkey/client';
import { adminClient, emailOTPClient, magicLinkClient, phoneNumberClient, siweClient, twoFactorClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { startTwoFactorChallenge } from './two-factor-challenge';

/**
 * The better-auth client (cookie sessions, server basePath /auth/v1). Loaded lazily through `loadAuthClient()`
 * so that it stays out of the landing page's first bundle.
 */
export const authClient = createAuthClient({
  baseURL: `${window.location.origin}${API_PATHS.auth}`,
  plugins: [
    magicLinkClient(),
    emailOTPClient(),
    // A correct password on an account with a second factor: the sign-in page shows the code step.
    twoFactorClient({ onTwoFactorRedirect: ({ twoFactorMethods }) => startTwoFactorChallenge(twoFactorMethods ?? []) }),
    passkeyClient(),
    siweClient(),
    phoneNumberClient(),
    adminClient(),
  ],
});

export type AuthClient = typeof authClient;
export type AuthSessionData = AuthClient['$Infer']['Session'];
