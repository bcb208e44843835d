import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { exploreKeys } from '@/lib/query-keys';
import type { VisibleItem } from './get-item';
import { patchVisibleItem } from '../utils/item-cache';

/** `social-like-toggle`: likes or unlikes an item (401 for guests). */
export const SOCIAL_LIKE_TOGGLE = 'social-like-toggle';

export function toggleLike(itemId: string) {
  return callFunction<{ liked: boolean; likeCount: number }>(SOCIAL_LIKE_TOGGLE, { itemId });
}

const withLike = (liked: boolean, likes: number) => (data: VisibleItem): VisibleItem => ({
  ...data,
  viewer: { ...data.viewer, liked },
  item: { ...data.item, counts: { ...data.item.counts, likes: Math.max(0, likes) } },
});

/** Optimistic on the item page: the heart and count change at once and go back if the server refuses. */
export function useToggleItemLike(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (_current: { liked: boolean; likes: number }) => toggleLike(itemId),
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
