import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins';
import type { AuthPluginDeps } from './deps';

/** The spec's identity errors, answered by the identity endpoints below in place of better-auth's codes. */
export const IDENTITY_ERROR_CODES = {
  /** The external identity is already linked to another Curio account. */
  ALREADY_EXISTS: 'identity_already_exists',
  /** No identity with that id among the person's own. */
  NOT_FOUND: 'identity_not_found',
  /** Unlinking it would leave the account with no identity (password, provider or wallet) to sign in with. */
  SINGLE_NOT_DELETABLE: 'single_identity_not_deletable',
} as const;

/** The better-auth provider id of the external OpenID Connect provider (callback /auth/v1/callback/oidc). */
export const EXTERNAL_OIDC_PROVIDER_ID = 'oidc';

/** What the sign-in button says when OIDC_NAME is not set. */
export const EXTERNAL_OIDC_DEFAULT_NAME = 'OpenID Connect';

/** The provider's display name when one is configured (issuer and client id), else null. */
export function externalOidcName(env: Pick<AuthPluginDeps['env'], 'OIDC_ISSUER' | 'OIDC_CLIENT_ID' | 'OIDC_NAME'>): string | null {
  if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID) return null;
  return env.OIDC_NAME ?? EXTERNAL_OIDC_DEFAULT_NAME;
}

const identityError = (status: 'BAD_REQUEST' | 'NOT_FOUND' | 'CONFLICT', code: string, message: string) => new APIError(status, { code, message });

/** better-auth's codes on the identity endpoints, mapped to the spec's (the session is kept: no sign-out). */
const IDENTITY_ERRORS: Record<string, () => APIError> = {
  FAILED_TO_UNLINK_LAST_ACCOUNT: () =>
    identityError('BAD_REQUEST', IDENTITY_ERROR_CODES.SINGLE_NOT_DELETABLE, 'This is your only way to sign in; add another before unlinking it'),
  ACCOUNT_NOT_FOUND: () => identityError('NOT_FOUND', IDENTITY_ERROR_CODES.NOT_FOUND, 'No such identity on this account'),
  SOCIAL_ACCOUNT_ALREADY_LINKED: () => identityError('CONFLICT', IDENTITY_ERROR_CODES.ALREADY_EXISTS, 'This identity is already linked to another account'),
};

/** The callback's redirect error (`?error=`) for an identity linked elsewhere. */
const CALLBACK_ERRORS: Record<string, string> = {
  account_already_linked_to_different_user: IDENTITY_ERROR_CODES.ALREADY_EXISTS,
};

/**
 * Sign-in with an external OpenID Connect provider when OIDC_ISSUER and OIDC_CLIENT_ID are set: better-auth's
 * generic OAuth provider `oidc`, used through the core endpoints (`/sign-in/social`, `/link-social`,
 * `/callback/oidc`, `/list-accounts`, `/unlink-account`). Discovery runs at start-up; ID tokens are verified
 * against the provider's keys (a provider without usable discovery is skipped and logged). Linking policy is
 * in auth.ts (`account.accountLinking`): an unlinked sign-in joins an existing account only when the provider
 * says the address is verified and the account's own address is verified too.
 */
export function externalOidcPlugin({ env }: AuthPluginDeps) {
  const name = externalOidcName(env);
  const config =
    name && env.OIDC_ISSUER && env.OIDC_CLIENT_ID
      ? [
          {
            providerId: EXTERNAL_OIDC_PROVIDER_ID,
            name,
            discoveryUrl: `${env.OIDC_ISSUER.replace(/\/$/, '')}/.well-known/openid-configuration`,
            requireIdTokenVerification: true,
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET,
            scopes: ['openid', 'email', 'profile'],
            pkce: true,
          },
        ]
      : [];
  const plugin = genericOAuth({ config });
  return {
    ...plugin,
    hooks: {
      before: [
        {
          // Unlinking: an id that is not among the person's identities is not found (404), and the last one
          // stays (better-auth's own rule, checked here so that the spec's codes and statuses answer).
          matcher: (ctx: { path?: string }) => ctx.path === '/unlink-account',
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx);
            const accountId = (ctx.body as { accountId?: unknown } | undefined)?.accountId;
            if (!session || typeof accountId !== 'string') return;
            const accounts = await ctx.context.internalAdapter.findAccounts(session.user.id);
            if (!accounts.some((a) => a.id === accountId)) throw IDENTITY_ERRORS.ACCOUNT_NOT_FOUND!();
            if (accounts.length === 1) throw IDENTITY_ERRORS.FAILED_TO_UNLINK_LAST_ACCOUNT!();
          }),
        },
      ],
      after: [
        {
          // Linking by ID token (no redirect) answers better-auth's code; the status stays better-auth's.
          matcher: (ctx: { path?: string }) => ctx.path === '/link-social',
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            if (!isAPIError(returned)) return;
            const mapped = IDENTITY_ERRORS[(returned.body as { code?: string } | undefined)?.code ?? ''];
            if (mapped) throw mapped();
          }),
        },
        {
          // A link that failed comes back as a redirect to the page's error address with `?error=`.
          matcher: (ctx: { path?: string }) => ctx.path === '/callback/:id',
          handler: createAuthMiddleware(async (ctx) => {
            const location = ctx.context.responseHeaders?.get('location');
            if (!location || !location.includes('error=')) return;
            const url = new URL(location, env.PUBLIC_URL);
            const code = CALLBACK_ERRORS[url.searchParams.get('error') ?? ''];
            if (!code) return;
            url.searchParams.set('error', code);
            url.searchParams.delete('error_description');
            throw ctx.redirect(url.toString());
          }),
        },
      ],
    },
  };
}
