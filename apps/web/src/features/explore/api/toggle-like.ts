import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { getViewerState, patchCards, setViewerState } from '../utils/card-cache';

/** `social-like-toggle`: likes or unlikes an item (401 for guests). */
export const SOCIAL_LIKE_TOGGLE = 'social-like-toggle';
export type LikeToggleResult = { liked: boolean; likeCount: number };

export function toggleLike(itemId: string) {
  return callFunction<LikeToggleResult>(SOCIAL_LIKE_TOGGLE, { itemId });
}

/**
 * Optimistic: the card's heart and count change at once; a failure puts both back (the caller shows
 * 'Failed to update like'); the answer then sets the server's truth.
 */
export function useToggleCardLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => toggleLike(itemId),
    onMutate: (itemId) => {
      const previous = getViewerState(queryClient, itemId).liked ?? false;
      const next = !previous;
      setViewerState(queryClient, itemId, { liked: next });
      patchCards(queryClient, itemId, (card) => ({ ...card, likeCount: Math.max(0, card.likeCount + (next ? 1 : -1)) }));
      return { previous, next };
    },
    onError: (_error, itemId, context) => {
      if (!context) return;
      setViewerState(queryClient, itemId, { liked: context.previous });
      patchCards(queryClient, itemId, (card) => ({ ...card, likeCount: Math.max(0, card.likeCount + (context.next ? -1 : 1)) }));
    },
    onSuccess: ({ liked, likeCount }, itemId) => {
      setViewerState(queryClient, itemId, { liked });
      patchCards(queryClient, itemId, (card) => ({ ...card, likeCount }));
    },
  });
}
