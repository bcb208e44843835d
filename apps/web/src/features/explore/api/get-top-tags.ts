import { EXPLORE_TOP_TAGS, type TimeRange } from '@curio/contract';
import { useQuery } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { exploreKeys } from '@/lib/query-keys';

/** `explore-top-tags`: the 15 most used tags of public items in the time range, with counts. */
export function getTopTags(timeRange: TimeRange, signal?: AbortSignal) {
  return callFunction('explore-top-tags', { timeRange, limit: EXPLORE_TOP_TAGS }, { method: 'GET', signal });
}

export function useTopTags(timeRange: TimeRange, enabled = true) {
  return useQuery({
    queryKey: exploreKeys.topTags(timeRange),
    queryFn: ({ signal }) => getTopTags(timeRange, signal),
    enabled,
    staleTime: 5 * 60_000,
  });
}
