import { GUEST_PAGE_META } from '@curio/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { authKeys } from './query-keys';

/*
 * A page the server rendered with its data (a guest's profile, apps/server/src/modules/pages) carries
 * that data in a JSON script beside the rendered HTML. The app's first render reads its queries from
 * there instead of asking for them again, so it renders what the HTML already shows and takes over its
 * elements (hydration) rather than drawing the page anew.
 */

/** The id of the script element the data travels in. */
export const PAGE_DATA_ID = 'curio-page-data';

/** One query's answer, under the key the app asks it with. */
export interface PageQuery {
  key: QueryKey;
  data: unknown;
}

/**
 * JSON that is safe inside a `<script>` element: `<` can neither close the element nor open a comment,
 * and the two line separators JavaScript once rejected travel escaped.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The script element that carries a rendered page's queries. */
export function pageDataScript(queries: readonly PageQuery[]): string {
  return `<script type="application/json" id="${PAGE_DATA_ID}">${scriptJson(queries)}</script>`;
}

/** The queries the server rendered this page with (none when it did not, or when they do not parse); read as the app starts. */
export function readPageData(): PageQuery[] {
  if (typeof document === 'undefined') return [];
  const script = document.getElementById(PAGE_DATA_ID);
  if (!script?.textContent) return [];
  try {
    const queries: unknown = JSON.parse(script.textContent);
    return Array.isArray(queries) ? queries.filter((q): q is PageQuery => !!q && typeof q === 'object' && Array.isArray((q as PageQuery).key)) : [];
  } catch {
    return [];
  }
}

/**
 * The session as the page's request had it, when the server says there was none (GUEST_PAGE_META): the
 * session query starts answered, signed out, and the first render needs no answer from the server. A
 * sign-in (here or in another tab) asks for the session again.
 */
export function readGuestSession(): PageQuery[] {
  if (typeof document === 'undefined') return [];
  return document.querySelector(`meta[name="${GUEST_PAGE_META}"]`) ? [{ key: authKeys.session(), data: null }] : [];
}

/** Puts the queries into the cache as answers received now (fresh for the cache's stale time). */
export function seedQueries(client: QueryClient, queries: readonly PageQuery[]): QueryClient {
  for (const { key, data } of queries) client.setQueryData(key, data);
  return client;
}
