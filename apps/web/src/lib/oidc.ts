import { useMutation } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { loadAuthClient, toAuthError } from '@/lib/auth';

/** The better-auth provider id of the external OpenID Connect provider. */
export const OIDC_PROVIDER_ID = 'oidc';

/** Where a failed sign-in at the provider comes back to (`&error=<code>` is added). */
export const OIDC_ERROR_RETURN = '/login?via=oidc';

/**
 * Sends the browser to the provider; it comes back to `callbackURL` (a path of this site; without one, the
 * landing step that picks the home feed or home; a new account goes to /onboarding first), or to the error
 * page, which keeps a `callbackURL` other than the landing step as its `?next=` for another try.
 */
export async function signInWithOidc(callbackURL?: string) {
  const client = await loadAuthClient();
  const landing = paths.signedIn.getHref();
  const next = callbackURL && callbackURL !== landing ? callbackURL : null;
  const { data, error } = await client.signIn.social({
    provider: OIDC_PROVIDER_ID,
    callbackURL: callbackURL ?? landing,
    newUserCallbackURL: '/onboarding',
    errorCallbackURL: next ? `${OIDC_ERROR_RETURN}&next=${encodeURIComponent(next)}` : OIDC_ERROR_RETURN,
    disableRedirect: true,
  });
  if (error) throw toAuthError(error);
  if (!data?.url) throw toAuthError({ status: 500, code: 'no_redirect' });
  window.location.assign(data.url);
  // The page is leaving: stay pending until it does.
  await new Promise(() => undefined);
}

export function useSignInWithOidc(callbackURL?: string) {
  return useMutation({ mutationFn: () => signInWithOidc(callbackURL) });
}

/**
 * Codes a provider round trip can come back with (`?error=`), and the ones the identity endpoints answer,
 * mapped to their message keys (`authOidc.errors.*`). Anything else is `generic`.
 */
const KNOWN = new Set([
  'identity_already_exists',
  'identity_not_found',
  'single_identity_not_deletable',
  'account_not_linked',
  'unable_to_link_account',
  'email_does_not_match',
  'email_not_found',
  'access_denied',
  'rate_limited',
]);

export function oidcErrorKey(code: string | null | undefined, status?: number): string {
  if (status === 429) return 'authOidc.errors.rate_limited';
  if (code && KNOWN.has(code)) return `authOidc.errors.${code}`;
  return 'authOidc.errors.generic';
}
