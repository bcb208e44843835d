import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { exploreKeys } from '@/lib/query-keys';
import type { VisibleItem } from './get-item';
import { patchVisibleItem } from '../utils/item-cache';

/**
 * `social-like-toggle`: with `liked`, sets that state (a repeated tap changes nothing); without,
 * toggles. 401 for guests.
 */
export function toggleLike(itemId: string, liked?: boolean) {
  return callFunction('social-like-toggle', liked === undefined ? { itemId } : { itemId, liked });
}

const withLike =
  (liked: boolean, likes: number) =>
  (data: VisibleItem): VisibleItem => ({
    ...data,
    viewer: { ...data.viewer, liked },
    item: { ...data.item, counts: { ...data.item.counts, likes: Math.max(0, likes) } },
  });

/** Optimistic on the item page: the heart and count change at once and go back if the server refuses. `mutate` takes the current state. */
export function useToggleItemLike(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The state wanted is sent, so a retried or doubled tap cannot flip it back.
    mutationFn: (current: { liked: boolean; likes: number }) => toggleLike(itemId, !current.liked),
    onMutate: (current) => {
      patchVisibleItem(queryClient, itemId, withLike(!current.liked, current.likes + (current.liked ? -1 : 1)));
      return current;
    },
    onError: (_error, _vars, previous) => {
      if (previous) patchVisibleItem(queryClient, itemId, withLike(previous.liked, previous.likes));
    },
    onSuccess: ({ liked, likeCount }) => {
      patchVisibleItem(queryClient, itemId, withLike(liked, likeCount));
      void queryClient.invalidateQueries({ queryKey: exploreKeys.all, refetchType: 'none' });
    },
  });
}
