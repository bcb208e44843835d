import { LANDING_GALLERY } from '@curio/contract';
import { useQuery } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { exploreKeys } from '@/lib/query-keys';

export type ExploreItem = {
  itemId: string;
  title: string;
  imageUrl: string;
  nsfw: boolean;
  likeCount: number;
  commentCount: number;
  saveCount: number;
  user: { handle: string; avatarImageId: string | null };
};
export type ExploreListResult = { items: ExploreItem[]; nextPage: number | string | null };
export type ExploreListParams = { sort: string; timeRange: string; includeNSFW: boolean; limit: number };

export const EXPLORE_LIST = 'explore-list';

export function getExploreList(params: ExploreListParams, signal?: AbortSignal) {
  return callFunction<ExploreListResult>(EXPLORE_LIST, params, { method: 'GET', signal });
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
