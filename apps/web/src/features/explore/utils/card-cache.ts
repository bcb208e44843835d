import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { exploreKeys } from '@/lib/query-keys';
import type { ExploreItem, ExploreListResult } from '../api/get-explore-list';

/**
 * The viewer's marks on a card. The server puts them on every card of a signed-in viewer (absent
 * for guests); the like and save toggles change them in the cache optimistically.
 */
export type CardViewerState = { liked?: boolean; saved?: boolean };

type CachedList = ExploreListResult | InfiniteData<ExploreListResult> | undefined;

function isInfinite(data: unknown): data is InfiniteData<ExploreListResult> {
  return !!data && Array.isArray((data as InfiniteData<ExploreListResult>).pages);
}
function isList(data: unknown): data is ExploreListResult {
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

/** The viewer's marks on the first cached card with this id (what the server said, or this session's change). */
export function getCardState(queryClient: QueryClient, itemId: string): CardViewerState {
  for (const [, data] of queryClient.getQueriesData<CachedList>({ queryKey: exploreKeys.all })) {
    const items = isInfinite(data) ? data.pages.flatMap((p) => p.items) : isList(data) ? data.items : [];
    const card = items.find((c) => c.itemId === itemId);
    if (card) return { liked: card.liked, saved: card.saved };
  }
  return {};
}

/** Sets the viewer's marks on every cached card with this id. */
export function setCardState(queryClient: QueryClient, itemId: string, state: CardViewerState) {
  patchCards(queryClient, itemId, (card) => ({ ...card, ...state }));
}
