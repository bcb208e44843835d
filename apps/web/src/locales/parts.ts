/**
 * Each language's catalog ships in two parts. The core part holds what the first paint of any page
 * needs (the header, footer, banners, errors, the landing page) and is loaded before the app renders;
 * the rest (every other page's messages) follows right after the first paint, and every route other
 * than the landing page waits for it before it renders. The build splits the one catalog file per
 * language by these top-level namespaces (catalog-parts.ts beside vite.config.ts).
 */
export const CORE_NAMESPACES = [
  'announcement',
  'common',
  'consent',
  'credits',
  'errorBoundary',
  'errors',
  'footer',
  'landing',
  'language',
  'maintenance',
  'meta',
  'nav',
  'notFound',
  'notifications',
  'offline',
  // The header's search field (its suggestions) shows on every page.
  'search',
  'serverError',
  'social',
  'theme',
  'validation',
] as const;

export type CatalogPart = 'core' | 'rest';

/** The namespaces of one part of a catalog, in the catalog's order. */
export function pickPart(catalog: Record<string, unknown>, part: CatalogPart): Record<string, unknown> {
  const core = new Set<string>(CORE_NAMESPACES);
  return Object.fromEntries(Object.entries(catalog).filter(([ns]) => core.has(ns) === (part === 'core')));
}
