import { API_PATHS } from '@curio/contract';
import { passkeyClient } from '@better-auth/passkey/client';
import {
  adminClient,
  emailOTPClient,
  magicLinkClient,
  phoneNumberClient,
  siweClient,
  twoFactorClient,
} from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

/**
 * The better-auth client (cookie sessions, server basePath /auth/v1). Loaded lazily through `loadAuthClient()`
 * so that it stays out of the landing page's first bundle.
 */
export const authClient = createAuthClient({
  baseURL: `${window.location.origin}${API_PATHS.auth}`,
  plugins: [
    magicLinkClient(),
    emailOTPClient(),
    twoFactorClient(),
    passkeyClient(),
    siweClient(),
    phoneNumberClient(),
    adminClient(),
  ],
});

export type AuthClient = typeof authClient;
export type AuthSessionData = AuthClient['$Infer']['Session'];
