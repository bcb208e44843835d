import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { savesKeys } from '@/lib/query-keys';
import type { VisibleItem } from './get-item';
import { patchVisibleItem } from '../utils/item-cache';

/** `social-bookmark-toggle`: saves or unsaves an item (401 for guests). */
export const SOCIAL_BOOKMARK_TOGGLE = 'social-bookmark-toggle';

export function toggleSave(itemId: string) {
  return callFunction<{ saved: boolean }>(SOCIAL_BOOKMARK_TOGGLE, { itemId });
}

const withSaved = (saved: boolean) => (data: VisibleItem): VisibleItem => ({ ...data, viewer: { ...data.viewer, saved } });

/** Optimistic on the item page: the bookmark flips at once and goes back if the server refuses. */
export function useToggleItemSave(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (_current: { saved: boolean }) => toggleSave(itemId),
    onMutate: (current) => {
      patchVisibleItem(queryClient, itemId, withSaved(!current.saved));
      return current;
    },
    onError: (_error, _vars, previous) => {
      if (previous) patchVisibleItem(queryClient, itemId, withSaved(previous.saved));
    },
    onSuccess: ({ saved }) => {
      patchVisibleItem(queryClient, itemId, withSaved(saved));
      void queryClient.invalidateQueries({ queryKey: savesKeys.all });
    },
  });
}
