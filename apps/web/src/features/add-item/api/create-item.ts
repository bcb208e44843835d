import type { ItemsCreateInput } from '@curio/contract';
import { useMutation } from '@tanstack/react-query';
import { callFunction } from '@/lib/api-client';

/** `items-create`: a draft item (409 item_limit at 50 items). */
export const ITEMS_CREATE = 'items-create';
export type CreatedItem = { id: string; title: string };

export function createItem(input: ItemsCreateInput): Promise<{ item: CreatedItem }> {
  return callFunction<{ item: CreatedItem }>(ITEMS_CREATE, input as Record<string, unknown>);
}

export function useCreateItem() {
  return useMutation({ mutationFn: createItem });
}
