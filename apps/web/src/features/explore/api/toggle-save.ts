import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { savesKeys } from '@/lib/query-keys';
import { getViewerState, patchCards, setViewerState } from '../utils/card-cache';

/** `social-bookmark-toggle`: saves or unsaves an item (401 for guests). */
export const SOCIAL_BOOKMARK_TOGGLE = 'social-bookmark-toggle';

export function toggleSave(itemId: string) {
  return callFunction<{ saved: boolean }>(SOCIAL_BOOKMARK_TOGGLE, { itemId });
}

/** Optimistic like the like toggle; a failure puts the bookmark (and the save count) back. */
export function useToggleCardSave() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => toggleSave(itemId),
    onMutate: (itemId) => {
      const previous = getViewerState(queryClient, itemId).saved ?? false;
      const next = !previous;
      setViewerState(queryClient, itemId, { saved: next });
      patchCards(queryClient, itemId, (card) => ({ ...card, saveCount: Math.max(0, card.saveCount + (next ? 1 : -1)) }));
      return { previous, next };
    },
    onError: (_error, itemId, context) => {
      if (!context) return;
      setViewerState(queryClient, itemId, { saved: context.previous });
      patchCards(queryClient, itemId, (card) => ({ ...card, saveCount: Math.max(0, card.saveCount + (context.next ? -1 : 1)) }));
    },
    onSuccess: ({ saved }, itemId, context) => {
      setViewerState(queryClient, itemId, { saved });
      // The server only says where the bookmark ended up; correct the count if the guess was wrong.
      if (context && saved !== context.next) patchCards(queryClient, itemId, (card) => ({ ...card, saveCount: Math.max(0, card.saveCount + (saved ? 1 : -1) * 2) }));
      void queryClient.invalidateQueries({ queryKey: savesKeys.all });
    },
  });
}
