import { callFunction } from '@/lib/api-client';

/** `items-choose`: the variant that becomes the item's chosen composite. */
export function chooseVariant(input: { itemId: string; compositeId: string }): Promise<unknown> {
  return callFunction('items-choose', input);
}
