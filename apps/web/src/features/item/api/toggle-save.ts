import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { savesKeys } from '@/lib/query-keys';
import type { VisibleItem } from './get-item';
import { patchVisibleItem } from '../utils/item-cache';

/** `social-bookmark-toggle`: with `saved`, sets that state; without, toggles. 401 for guests. */
export function toggleSave(itemId: string, saved?: boolean) {
  return callFunction('social-bookmark-toggle', saved === undefined ? { itemId } : { itemId, saved });
}

const withSaved =
  (saved: boolean) =>
  (data: VisibleItem): VisibleItem => ({ ...data, viewer: { ...data.viewer, saved } });

/** Optimistic on the item page: the bookmark flips at once and goes back if the server refuses. */
export function useToggleItemSave(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (current: { saved: boolean }) => toggleSave(itemId, !current.saved),
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
