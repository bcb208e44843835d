import type { ItemGetResult } from '@curio/contract';
import { useQuery } from '@tanstack/react-query';
import { callFunction, isApiError } from '@/lib/api-client';
import { itemKeys } from '@/lib/query-keys';

export type { HiddenSource, ItemComposite, ItemDetail, ItemGetResult, ItemOwner, ItemPhoto, ItemViewer } from '@curio/contract';
export type VisibleItem = Extract<ItemGetResult, { access: 'visible' }>;

/** `item-get`: the item page's data, or why the viewer may not see it. 404 not_found when there is none. */
export function getItem(itemId: string, signal?: AbortSignal) {
  return callFunction('item-get', { itemId }, { method: 'GET', signal });
}

export function useItem(itemId: string) {
  return useQuery({
    queryKey: itemKeys.detail(itemId),
    queryFn: ({ signal }) => getItem(itemId, signal),
    // A missing item stays missing; other failures get one more try.
    retry: (count, error) => !(isApiError(error) && (error.status === 404 || error.status === 400)) && count < 1,
  });
}
