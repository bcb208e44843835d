import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { exploreKeys, itemKeys, savesKeys, shelfKeys } from '@/lib/query-keys';

/** `items-delete` (owner): the item and everything hanging on it. */
export function deleteItem(itemId: string) {
  return callFunction('items-delete', { itemId });
}

export function useDeleteItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteItem,
    onSuccess: (_data, itemId) => {
      queryClient.removeQueries({ queryKey: itemKeys.detail(itemId) });
      void queryClient.invalidateQueries({ queryKey: shelfKeys.all });
      void queryClient.invalidateQueries({ queryKey: exploreKeys.all });
      void queryClient.invalidateQueries({ queryKey: savesKeys.all });
    },
  });
}
