import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { exploreKeys, itemKeys, shelfKeys } from '@/lib/query-keys';
import type { ItemFactsPatch } from '@curio/contract';
import type { ItemGetResult } from './get-item';

export type UpdateItemInput = {
  itemId: string;
  title: string;
  tags: string;
  nsfw: boolean;
  notes?: string | null;
  altText?: string | null;
  facts?: ItemFactsPatch;
};
export type { UpdatedItem } from '@curio/contract';

/**
 * `items-update` (owner): title, tags as comma-separated text, NSFW, the owner's notes, the chosen image's alt text and
 * the facts (a key left out stays).
 */
export function updateItem(input: UpdateItemInput) {
  return callFunction('items-update', input);
}

export function useUpdateItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateItem,
    onSuccess: ({ item }) => {
      queryClient.setQueryData<ItemGetResult>(itemKeys.detail(item.id), (data) =>
        data?.access === 'visible'
          ? {
              ...data,
              item: { ...data.item, title: item.title, tags: item.tags, nsfw: item.nsfw, notes: item.notes, altText: item.altText, facts: item.facts },
            }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: exploreKeys.all });
      void queryClient.invalidateQueries({ queryKey: shelfKeys.all });
    },
  });
}

/** `photos-update` (owner): a photo's alt text (blank unsets it); the item's page shows it at once. */
export function useUpdatePhotoAlt(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { imageId: string; altText: string | null }) => callFunction('photos-update', input),
    onSuccess: ({ photo }) => {
      queryClient.setQueryData<ItemGetResult>(itemKeys.detail(itemId), (data) =>
        data?.access === 'visible'
          ? { ...data, item: { ...data.item, photos: data.item.photos.map((p) => (p.imageId === photo.imageId ? { ...p, altText: photo.altText } : p)) } }
          : data,
      );
    },
  });
}
