import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { exploreKeys, itemKeys, shelfKeys } from '@/lib/query-keys';
import type { ItemGetResult } from './get-item';

export type UpdateItemInput = { itemId: string; title: string; tags: string; nsfw: boolean };
export type { UpdatedItem } from '@curio/contract';

/** `items-update` (owner): title, tags as comma-separated text, NSFW. */
export function updateItem(input: UpdateItemInput) {
  return callFunction('items-update', input);
}

export function useUpdateItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateItem,
    onSuccess: ({ item }) => {
      queryClient.setQueryData<ItemGetResult>(itemKeys.detail(item.id), (data) =>
        data?.access === 'visible' ? { ...data, item: { ...data.item, title: item.title, tags: item.tags, nsfw: item.nsfw } } : data,
      );
      void queryClient.invalidateQueries({ queryKey: exploreKeys.all });
      void queryClient.invalidateQueries({ queryKey: shelfKeys.all });
    },
  });
}
