import type { Arrangement, ShelfGetResult } from '@curio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { shelfKeys } from '@/lib/query-keys';

export type ApplyArrangementInput = { shelfId: string; arrangements: readonly Arrangement[] };

/** `shelf-apply`: replaces all arrangements (Apply of a proposal, and Undo with the previous list). */
export function applyArrangement({ shelfId, arrangements }: ApplyArrangementInput): Promise<{ arrangements: Arrangement[] }> {
  return callFunction('shelf-apply', { shelfId, arrangements: arrangements.map((a) => ({ ...a })) });
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
