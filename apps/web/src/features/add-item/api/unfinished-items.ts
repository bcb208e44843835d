import type { UnfinishedItem } from '@curio/contract';
import { useQuery } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';

export type { UnfinishedItem };

export const unfinishedKeys = {
  all: ['items', 'unfinished'] as const,
  variants: (itemId: string) => ['items', 'variants', itemId] as const,
};

/** `items-unfinished-list`: the collector's items without a chosen image, newest first (they count toward the limit). */
export function useUnfinishedItems({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: unfinishedKeys.all, queryFn: () => callFunction('items-unfinished-list', undefined, { method: 'GET' }), enabled });
}

/** `items-variants-list`: every variant generated for the item, oldest first. */
export function useItemVariants(itemId: string | null) {
  return useQuery({
    queryKey: unfinishedKeys.variants(itemId ?? ''),
    queryFn: () => callFunction('items-variants-list', { itemId: itemId! }, { method: 'GET' }),
    enabled: !!itemId,
  });
}
