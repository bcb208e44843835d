/**
 * The web app's pages (its router's paths, `:name` a segment of any value). The server answers an
 * address none of them matches with the app's not-found page and HTTP 404; the web app's route test
 * keeps this list and its router in step.
 */
export const WEB_ROUTES = [
  '/',
  '/login',
  '/reset-password',
  '/email-verified',
  '/onboarding',
  '/signed-in',
  '/me/shelf',
  '/me/saves',
  '/me/collection',
  '/me/wanted',
  '/explore',
  '/search',
  '/i/:itemId',
  '/feed',
  '/t/:tag',
  '/u/:handle',
  '/u/:handle/wanted',
  '/me/notifications',
  '/me/messages',
  '/me/messages/:threadId',
  '/me/insights',
  '/settings/privacy',
  '/settings/profile',
  '/settings/account',
  '/terms',
  '/privacy',
  '/dmca',
  '/admin',
  '/admin/functions',
  '/admin/jobs',
  '/oauth/consent',
  '/feedback',
  '/maintenance',
  '/error',
  '/mod',
  '/mod/reports/:reportId',
] as const;

/** Whether a path (without its query) is one of the web app's pages; as its router matches: any case, a trailing slash allowed. */
export function isWebRoute(pathname: string): boolean {
  const segments = pathname.replace(/\/+$/, '').split('/').slice(1);
  return WEB_ROUTES.some((route) => {
    const parts = route === '/' ? [] : route.split('/').slice(1);
    return parts.length === segments.length && parts.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i]!.toLowerCase()));
  });
}
