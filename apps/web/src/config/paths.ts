/** Every route path of the app, in one place. Routes that later issues build are listed under `future`. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  login: { path: '/login', getHref: () => '/login' },
  onboarding: { path: '/onboarding', getHref: () => '/onboarding' },
  myShelf: { path: '/me/shelf', getHref: () => '/me/shelf' },
  notFound: { path: '*', getHref: () => '/404' },
  future: {
    explore: { getHref: () => '/explore' },
    item: { getHref: (id: string) => `/i/${encodeURIComponent(id)}` },
    admin: { getHref: () => '/admin' },
    saves: { getHref: () => '/me/saves' },
    notifications: { getHref: () => '/me/notifications' },
    dmca: { getHref: () => '/dmca' },
    terms: { getHref: () => '/terms' },
    privacy: { getHref: () => '/privacy' },
  },
} as const;

const SIGNED_IN_ONLY_PREFIXES = ['/me/', '/onboarding', '/settings/', '/admin'];

/** Pages that make no sense without a session: a 401 there ends the session and goes to /login. */
export function isSignedInOnlyPath(pathname: string): boolean {
  return SIGNED_IN_ONLY_PREFIXES.some((prefix) => pathname === prefix.replace(/\/$/, '') || pathname.startsWith(prefix));
}
