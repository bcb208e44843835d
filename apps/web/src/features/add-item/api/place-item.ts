import type { Arrangement } from '@curio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';
import { creditKeys, profileKeys, shelfKeys } from '@/lib/query-keys';
import { chooseVariant } from './choose-variant';

/** `items-place`: the first free cell row by row, or overflow when the shelf is full. */
export function placeItem(input: { itemId: string }): Promise<{ arrangement: Arrangement }> {
  return callFunction('items-place', input);
}

/** Save and place: records the chosen variant, then places the item; the shelf reloads. */
export function useSaveAndPlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ itemId, compositeId, altText }: { itemId: string; compositeId: string; altText?: string | null }) => {
      await chooseVariant({ itemId, compositeId, ...(altText === undefined ? {} : { altText }) });
      return placeItem({ itemId });
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shelfKeys.all }),
        queryClient.invalidateQueries({ queryKey: creditKeys.all }),
        queryClient.invalidateQueries({ queryKey: profileKeys.me() }),
      ]),
  });
}
