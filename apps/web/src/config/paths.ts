/** Every route path of the app, in one place. Routes that later issues build are listed under `future`. */
export type ExploreSearch = { sort?: string; timeRange?: string; tag?: string; nsfw?: string; maker?: string; line?: string; character?: string };

export const paths = {
  home: { path: '/', getHref: () => '/' },
  /** With `next`: where to return after signing in (a path of this site; see `returnPath`). */
  login: { path: '/login', getHref: (next?: string) => (next ? `/login?next=${encodeURIComponent(next)}` : '/login') },
  resetPassword: {
    path: '/reset-password',
    getHref: (token?: string) => (token ? `/reset-password?token=${encodeURIComponent(token)}` : '/reset-password'),
  },
  emailVerified: { path: '/email-verified', getHref: () => '/email-verified' },
  onboarding: { path: '/onboarding', getHref: () => '/onboarding' },
  /** Where a sign-in with no page to return to lands: it goes on to the home feed or home. */
  signedIn: { path: '/signed-in', getHref: () => '/signed-in' },
  myShelf: { path: '/me/shelf', getHref: () => '/me/shelf' },
  explore: {
    path: '/explore',
    getHref: (search: ExploreSearch = {}) => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(search)) if (value) params.set(key, value);
      const query = params.toString();
      return query ? `/explore?${query}` : '/explore';
    },
  },
  item: { path: '/i/:itemId', getHref: (id: string) => `/i/${encodeURIComponent(id)}` },
  /** The home feed: the collectors and tags the viewer follows. */
  feed: { path: '/feed', getHref: () => '/feed' },
  tag: { path: '/t/:tag', getHref: (tag: string) => `/t/${encodeURIComponent(tag)}` },
  saves: { path: '/me/saves', getHref: () => '/me/saves' },
  collection: { path: '/me/collection', getHref: () => '/me/collection' },
  myWanted: { path: '/me/wanted', getHref: () => '/me/wanted' },
  profile: { path: '/u/:handle', getHref: (handle: string) => `/u/${encodeURIComponent(handle)}` },
  profileWanted: { path: '/u/:handle/wanted', getHref: (handle: string) => `/u/${encodeURIComponent(handle)}/wanted` },
  notifications: { path: '/me/notifications', getHref: () => '/me/notifications' },
  messages: { path: '/me/messages', getHref: () => '/me/messages' },
  messageThread: { path: '/me/messages/:threadId', getHref: (threadId: string) => `/me/messages/${encodeURIComponent(threadId)}` },
  insights: { path: '/me/insights', getHref: () => '/me/insights' },
  privacySettings: { path: '/settings/privacy', getHref: () => '/settings/privacy' },
  profileSettings: { path: '/settings/profile', getHref: () => '/settings/profile' },
  accountSettings: { path: '/settings/account', getHref: () => '/settings/account' },
  terms: { path: '/terms', getHref: () => '/terms' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  admin: { path: '/admin', getHref: (tab?: string) => (tab ? `/admin?tab=${encodeURIComponent(tab)}` : '/admin') },
  adminFunctions: { path: '/admin/functions', getHref: () => '/admin/functions' },
  adminJobs: { path: '/admin/jobs', getHref: () => '/admin/jobs' },
  oauthConsent: { path: '/oauth/consent', getHref: () => '/oauth/consent' },
  feedback: { path: '/feedback', getHref: () => '/feedback' },
  dmca: { path: '/dmca', getHref: (item?: string) => (item ? `/dmca?item=${encodeURIComponent(item)}` : '/dmca') },
  mod: { path: '/mod', getHref: () => '/mod' },
  modReport: { path: '/mod/reports/:reportId', getHref: (id: string) => `/mod/reports/${encodeURIComponent(id)}` },
  maintenance: { path: '/maintenance', getHref: () => '/maintenance' },
  serverError: { path: '/error', getHref: () => '/error' },
  notFound: { path: '*', getHref: () => '/404' },
  /** Search results: `type` all (the default, left out of the address), items, people or tags. */
  search: {
    path: '/search',
    getHref: (q?: string, type?: string) => {
      const params = new URLSearchParams();
      if (q) params.set('q', q);
      if (type && type !== 'all') params.set('type', type);
      const query = params.toString();
      return query ? `/search?${query}` : '/search';
    },
  },
  future: {
    /** A tag's page (the tag pages issue builds it). */
    tag: { getHref: (tag: string) => `/t/${encodeURIComponent(tag)}` },
    admin: { getHref: () => '/admin' },
    dmca: { getHref: () => '/dmca' },
    terms: { getHref: () => '/terms' },
    privacy: { getHref: () => '/privacy' },
  },
} as const;

const SIGNED_IN_ONLY_PREFIXES = ['/me/', '/onboarding', '/settings/', '/mod', '/admin'];

/** Pages that make no sense without a session: a 401 there ends the session and goes to /login. */
export function isSignedInOnlyPath(pathname: string): boolean {
  return SIGNED_IN_ONLY_PREFIXES.some((prefix) => pathname === prefix.replace(/\/$/, '') || pathname.startsWith(prefix));
}

/**
 * `path` when it is a path of this site (`/x?y#z`), else null: never an address elsewhere (`//host`,
 * a backslash, `https://…`, `javascript:`), nor one holding white space or a control character
 * (browsers drop tabs and line breaks from addresses: `/\t/evil.example` is `//evil.example`).
 */
export function sitePath(path: string | null | undefined): string | null {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return null;
  if (/\s/.test(path) || [...path].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  const base = 'http://same-origin.invalid';
  try {
    return new URL(path, base).origin === base ? path : null;
  } catch {
    return null;
  }
}

/** A sign-in page's `?next=` when it is a path of this site (`sitePath`) other than the sign-in page itself, else null. */
export function returnPath(next: string | null | undefined): string | null {
  const path = sitePath(next);
  if (!path || path === paths.login.path || path.startsWith(`${paths.login.path}?`) || path.startsWith(`${paths.login.path}/`)) return null;
  return path;
}
