// Only `limits` values here: this file is part of the landing page, which must not pull in the zod schemas.
import { LANDING_GALLERY, type ExploreCard, type ExploreSort, type FunctionInput, type FunctionOutput, type TimeRange } from '@curio/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { SHOWS_OWN_ERROR } from '@/lib/query-client';
import { exploreKeys } from '@/lib/query-keys';

export type ExploreItem = ExploreCard;
export type ExploreListResult = FunctionOutput<'explore-list'>;
export type ExploreListParams = FunctionInput<'explore-list'>;

/** `explore-list`: a page of cards; later pages pass back the first page's `snapshot`. */
export function getExploreList(params: ExploreListParams, signal?: AbortSignal) {
  return callFunction('explore-list', params, { method: 'GET', signal });
}

/** The landing page's trending gallery (8 items, 7 days, no NSFW). */
export function useTrendingItems() {
  const params: ExploreListParams = { ...LANDING_GALLERY };
  return useQuery({
    queryKey: exploreKeys.list(params),
    queryFn: ({ signal }) => getExploreList(params, signal),
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** The feed's filters; a fact (`maker`, `line`, `character`) only when it narrows the feed. */
export type ExploreFeedParams = {
  sort: ExploreSort;
  timeRange: TimeRange;
  tag: string | null;
  includeNSFW: boolean;
  maker?: string;
  line?: string;
  character?: string;
};
type FeedPageParam = { page: number; snapshot?: string };

/**
 * The explore grid: `pageSize` (30) cards a page, infinite, pinned to the snapshot of its first page.
 * A failure shows in the grid (its message and Retry), never as the server-error page.
 */
export function useExploreFeed(params: ExploreFeedParams, { pageSize, enabled = true }: { pageSize: number; enabled?: boolean }) {
  return useInfiniteQuery({
    queryKey: exploreKeys.feed(params),
    queryFn: ({ pageParam, signal }) =>
      getExploreList(
        {
          sort: params.sort,
          timeRange: params.timeRange,
          includeNSFW: params.includeNSFW,
          tag: params.tag ?? undefined,
          maker: params.maker,
          line: params.line,
          character: params.character,
          page: pageParam.page,
          pageSize,
          snapshot: pageParam.snapshot,
        },
        signal,
      ),
    initialPageParam: { page: 0 } as FeedPageParam,
    getNextPageParam: (last, pages): FeedPageParam | undefined =>
      last.nextPage === null ? undefined : { page: last.nextPage, snapshot: pages[0]?.snapshot ?? last.snapshot },
    enabled,
    staleTime: 60_000,
    // The grid says "Failed to load items" with Retry in place of the cards, whatever the failure.
    meta: SHOWS_OWN_ERROR,
  });
}
