import type { Arrangement, ShelfGetResult } from '@curio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { shelfKeys } from '@/lib/query-keys';
import { withMove } from '../utils/grid';

export type MoveItemInput = { itemId: string; col: number; row: number };

/** `shelf-move`: puts one item on a free cell (409 cell_occupied, 400 outside the grid). */
export function moveItem(input: MoveItemInput): Promise<{ arrangement: Arrangement }> {
  return callFunction('shelf-move', input);
}

/** Optimistic: the cache moves at once and goes back to the snapshot when the server refuses. */
export function useMoveItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveItem,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: shelfKeys.mine() });
      const previous = queryClient.getQueryData<ShelfGetResult>(shelfKeys.mine());
      if (previous) {
        queryClient.setQueryData<ShelfGetResult>(shelfKeys.mine(), {
          ...previous,
          arrangements: withMove(previous.arrangements, input.itemId, input),
        });
      }
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(shelfKeys.mine(), context.previous);
    },
    onSuccess: ({ arrangement }) => {
      queryClient.setQueryData<ShelfGetResult>(shelfKeys.mine(), (data) =>
        data ? { ...data, arrangements: [...data.arrangements.filter((a) => a.itemId !== arrangement.itemId), arrangement] } : data,
      );
    },
  });
}
