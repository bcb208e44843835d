import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { getCardState, patchCards } from '../utils/card-cache';

/**
 * `social-like-toggle`: with `liked`, sets that state (a repeated tap changes nothing); without,
 * toggles. 401 for guests.
 */
export function toggleLike(itemId: string, liked?: boolean) {
  return callFunction('social-like-toggle', liked === undefined ? { itemId } : { itemId, liked });
}

/** A tap on a card's heart: the state the viewer wants (the opposite of what the card shows). */
export type CardLike = { itemId: string; liked: boolean };

/**
 * Optimistic: the card's heart and count change at once; a failure puts both back (the caller shows
 * 'Failed to update like'); the answer then sets the server's truth. The target state is sent, so
 * a card the viewer liked earlier is never un-liked by a tap meant to like it.
 */
export function useToggleCardLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, liked }: CardLike) => toggleLike(itemId, liked),
    onMutate: ({ itemId, liked }) => {
      const previous = getCardState(queryClient, itemId).liked ?? false;
      const delta = liked === previous ? 0 : liked ? 1 : -1;
      patchCards(queryClient, itemId, (card) => ({ ...card, liked, likeCount: Math.max(0, card.likeCount + delta) }));
      return { previous, delta };
    },
    onError: (_error, { itemId }, context) => {
      if (!context) return;
      patchCards(queryClient, itemId, (card) => ({ ...card, liked: context.previous, likeCount: Math.max(0, card.likeCount - context.delta) }));
    },
    onSuccess: ({ liked, likeCount }, { itemId }) => {
      patchCards(queryClient, itemId, (card) => ({ ...card, liked, likeCount }));
    },
  });
}
