import type { ShelfGetResult, ShelfLayout } from '@curio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { shelfKeys } from '@/lib/query-keys';

/** `shelf-resize`: new columns and rows (1–12 each); items that no longer fit go to overflow. */
export function resizeShelf(layout: ShelfLayout): Promise<ShelfGetResult> {
  return callFunction('shelf-resize', layout);
}

export function useResizeShelf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resizeShelf,
    onSuccess: (data) => queryClient.setQueryData(shelfKeys.mine(), data),
  });
}
