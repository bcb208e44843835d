import type { Arrangement, ShelfGetResult } from '@curio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { shelfKeys } from '@/lib/query-keys';

/** `shelf-apply`: replaces all arrangements (Apply of a proposal, and Undo with the previous list). */
export const SHELF_APPLY = 'shelf-apply';
export type ApplyArrangementInput = { shelfId: string; arrangements: readonly Arrangement[] };

export function applyArrangement({ shelfId, arrangements }: ApplyArrangementInput): Promise<{ arrangements: Arrangement[] }> {
  return callFunction<{ arrangements: Arrangement[] }>(SHELF_APPLY, { shelfId, arrangements: arrangements.map((a) => ({ ...a })) });
}

export function useApplyArrangement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyArrangement,
    onSuccess: ({ arrangements }) => {
      queryClient.setQueryData<ShelfGetResult>(shelfKeys.mine(), (data) => (data ? { ...data, arrangements } : data));
    },
  });
}
