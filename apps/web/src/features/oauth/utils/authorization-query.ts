import { API_PATHS } from '@curio/contract';

/** What the OAuth provider adds to the query it signs when it sends a person to /login or /oauth/consent. */
const SIGNING_PARAMS = ['sig', 'exp', 'ba_iat', 'ba_param', 'ba_pl'];

/** Whether the page was opened by the OAuth provider (a signed authorization request in its query). */
export function isAuthorizationRedirect(search: URLSearchParams): boolean {
  return search.has('sig') && search.has('client_id') && search.has('redirect_uri');
}

/**
 * Where /login sends a person who signed in during an OAuth authorization: the authorization endpoint
 * again, with the client's original request (the provider's signing fields dropped, and `prompt=login`
 * too, since they have just signed in). Null when the page was not opened by the provider.
 */
export function continueAuthorizationHref(search: URLSearchParams): string | null {
  if (!isAuthorizationRedirect(search)) return null;
  const query = new URLSearchParams(search);
  for (const name of SIGNING_PARAMS) query.delete(name);
  const prompts = (query.get('prompt') ?? '').split(' ').filter((p) => p && p !== 'login');
  if (prompts.length) query.set('prompt', prompts.join(' '));
  else query.delete('prompt');
  query.delete('max_age');
  return `${API_PATHS.auth}/oauth2/authorize?${query.toString()}`;
}

/**
 * Where a mailed sign-in link opened during an OAuth authorization returns: /login with the provider's
 * signed query, which then carries the authorization on (see `continueAuthorizationHref`). Always a
 * path on this site. Null when the page was not opened by the provider.
 */
export function resumeAuthorizationPath(search: URLSearchParams): string | null {
  return isAuthorizationRedirect(search) ? `/login?${search.toString()}` : null;
}

/** The scopes a consent page lists, in the order requested, without repeats. */
export function requestedScopes(search: URLSearchParams): string[] {
  return [...new Set((search.get('scope') ?? '').split(' ').filter(Boolean))];
}
