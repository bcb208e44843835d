import type { QueryClient } from '@tanstack/react-query';
import { itemKeys } from '@/lib/query-keys';
import type { ItemGetResult, VisibleItem } from '../api/get-item';

/** Changes a visible item's cached page data (nothing happens for removed or private answers). */
export function patchVisibleItem(queryClient: QueryClient, itemId: string, patch: (data: VisibleItem) => VisibleItem) {
  queryClient.setQueryData<ItemGetResult>(itemKeys.detail(itemId), (data) => (data?.access === 'visible' ? patch(data) : data));
}
