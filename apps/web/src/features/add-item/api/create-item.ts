import type { ItemsCreateInput } from '@curio/contract';
import { useMutation } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';

export type { CreatedItem } from '@curio/contract';

/** `items-create`: a draft item (409 item_limit at 50 items). */
export function createItem(input: ItemsCreateInput) {
  return callFunction('items-create', input);
}

export function useCreateItem() {
  return useMutation({ mutationFn: createItem });
}
