import { callFunction } from '@/lib/api-client';

/** `items-choose`: the variant that becomes the item's chosen composite. */
export const ITEMS_CHOOSE = 'items-choose';

export function chooseVariant(input: { itemId: string; compositeId: string }): Promise<unknown> {
  return callFunction<unknown>(ITEMS_CHOOSE, input);
}
