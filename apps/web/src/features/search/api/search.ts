import { SEARCH_PAGE_SIZE, type FunctionOutput, type SearchType } from '@curio/contract';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { SHOWS_OWN_ERROR } from '@/lib/query-client';
import { exploreKeys, searchKeys } from '@/lib/query-keys';

export type SearchResult = FunctionOutput<'search'>;
export type { SearchPerson, SearchTag, SearchType } from '@curio/contract';

/** How many of each kind the header's suggestions show. */
export const SUGGESTION_LIMIT = 4;

/** `search`: a page of items (with `all`, the first page also holds people and tags), people or tags. */
export function search(params: { q: string; type: SearchType; cursor?: string; limit?: number }, signal?: AbortSignal) {
  return callFunction('search', params, { method: 'GET', signal });
}

/** The header's suggestions for `q` (already debounced): a few items, people and tags; the last answer stays while the next loads. */
export function useSearchSuggestions(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: searchKeys.suggestions(query.toLowerCase()),
    queryFn: ({ signal }) => search({ q: query, type: 'all', limit: SUGGESTION_LIMIT }, signal),
    enabled: query.length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    meta: SHOWS_OWN_ERROR,
  });
}

/** The results page: pages of `SEARCH_PAGE_SIZE`, infinite; a failure shows in the page (its message and Retry). */
export function useSearchResults(q: string, type: SearchType) {
  const query = q.trim();
  return useInfiniteQuery({
    queryKey: exploreKeys.search(query, type),
    queryFn: ({ pageParam, signal }) => search({ q: query, type, cursor: pageParam, limit: SEARCH_PAGE_SIZE }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: query.length > 0,
    staleTime: 30_000,
    meta: SHOWS_OWN_ERROR,
  });
}
