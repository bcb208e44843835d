import { API_PATHS, FEED_EVENTS, FEED_PAGE, feedItemEventSchema, type FeedListResult } from '@curio/contract';
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { callFunction } from '@/lib/api-client';
import { SHOWS_OWN_ERROR } from '@/lib/query-client';
import { exploreKeys } from '@/lib/query-keys';
import { parseEventData } from '@/lib/sse';
import { mergeNewest } from '../utils/feed-merge';

/** The live "new items" stream of the home feed (server-sent events, same origin, the session cookie). */
export const FEED_STREAM_URL = `${API_PATHS.realtime}/feed`;

export function getFeedPage(cursor: string | undefined, signal?: AbortSignal) {
  return callFunction('feed-list', cursor ? { cursor, limit: FEED_PAGE } : { limit: FEED_PAGE }, { method: 'GET', signal });
}

/** The home feed: pages of 30 cards, newest first, keyset-paged (nothing repeats or is skipped while others post). */
export function useFollowingFeed() {
  return useInfiniteQuery({
    queryKey: exploreKeys.following(),
    queryFn: ({ pageParam, signal }) => getFeedPage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 60_000,
    meta: SHOWS_OWN_ERROR,
  });
}

/**
 * While the feed is open: the items just added by people (or with tags) the viewer follows, counted from the live
 * stream; `show` reads the newest page and puts them on top. The browser reconnects by itself; closed on unmount.
 */
export function useNewFeedItems() {
  const queryClient = useQueryClient();
  const [fresh, setFresh] = useState<string[]>([]);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(FEED_STREAM_URL);
    source.addEventListener(FEED_EVENTS.item, (e) => {
      const event = parseEventData(feedItemEventSchema, (e as MessageEvent).data);
      if (event) setFresh((ids) => (ids.includes(event.itemId) ? ids : [...ids, event.itemId]));
    });
    return () => source.close();
  }, []);
  const show = useCallback(async () => {
    const newest = await getFeedPage(undefined);
    queryClient.setQueryData<InfiniteData<FeedListResult, string | undefined>>(exploreKeys.following(), (data) => mergeNewest(data, newest));
    setFresh([]);
  }, [queryClient]);
  return { count: fresh.length, show };
}
