import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { savesKeys } from '@/lib/query-keys';
import { getCardState, patchCards } from '../utils/card-cache';

/** `social-bookmark-toggle`: with `saved`, sets that state; without, toggles. 401 for guests. */
export function toggleSave(itemId: string, saved?: boolean) {
  return callFunction('social-bookmark-toggle', saved === undefined ? { itemId } : { itemId, saved });
}

/** A tap on a card's bookmark: the state the viewer wants. */
export type CardSave = { itemId: string; saved: boolean };

/** Optimistic like the like toggle; a failure puts the bookmark (and the save count) back. */
export function useToggleCardSave() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, saved }: CardSave) => toggleSave(itemId, saved),
    onMutate: ({ itemId, saved }) => {
      const previous = getCardState(queryClient, itemId).saved ?? false;
      const delta = saved === previous ? 0 : saved ? 1 : -1;
      patchCards(queryClient, itemId, (card) => ({ ...card, saved, saveCount: Math.max(0, card.saveCount + delta) }));
      return { previous, delta };
    },
    onError: (_error, { itemId }, context) => {
      if (!context) return;
      patchCards(queryClient, itemId, (card) => ({ ...card, saved: context.previous, saveCount: Math.max(0, card.saveCount - context.delta) }));
    },
    onSuccess: ({ saved }, { itemId, saved: wanted }) => {
      // The server says where the bookmark ended up; correct the count if that is not where the guess put it.
      const correction = saved === wanted ? 0 : saved ? 1 : -1;
      patchCards(queryClient, itemId, (card) => ({ ...card, saved, saveCount: Math.max(0, card.saveCount + correction) }));
      void queryClient.invalidateQueries({ queryKey: savesKeys.all });
    },
  });
}
