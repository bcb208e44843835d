import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { exploreKeys } from '@/lib/query-keys';
import type { ExploreItem, ExploreListResult } from '../api/get-explore-list';

/** What the viewer did to a card in this session; explore cards carry no viewer state of their own. */
export type CardViewerState = { liked?: boolean; saved?: boolean };
export type ViewerStates = Record<string, CardViewerState>;

type CachedList = ExploreListResult | InfiniteData<ExploreListResult> | ViewerStates | undefined;

function isInfinite(data: CachedList): data is InfiniteData<ExploreListResult> {
  return !!data && Array.isArray((data as InfiniteData<ExploreListResult>).pages);
}
function isList(data: CachedList): data is ExploreListResult {
  return !!data && Array.isArray((data as ExploreListResult).items);
}

/** Applies `patch` to every cached explore card with this id (the landing gallery and every explore feed). */
export function patchCards(queryClient: QueryClient, itemId: string, patch: (card: ExploreItem) => ExploreItem) {
  const mapItems = (items: ExploreItem[]) => (items.some((c) => c.itemId === itemId) ? items.map((c) => (c.itemId === itemId ? patch(c) : c)) : items);
  queryClient.setQueriesData<CachedList>({ queryKey: exploreKeys.all }, (data) => {
    if (isInfinite(data)) return { ...data, pages: data.pages.map((page) => ({ ...page, items: mapItems(page.items) })) };
    if (isList(data)) return { ...data, items: mapItems(data.items) };
    return data;
  });
}

export function getViewerState(queryClient: QueryClient, itemId: string): CardViewerState {
  return queryClient.getQueryData<ViewerStates>(exploreKeys.viewer())?.[itemId] ?? {};
}

export function setViewerState(queryClient: QueryClient, itemId: string, state: CardViewerState) {
  queryClient.setQueryData<ViewerStates>(exploreKeys.viewer(), (all = {}) => ({ ...all, [itemId]: { ...all[itemId], ...state } }));
}
