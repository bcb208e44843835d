import { callFunction } from '@/lib/api-client';

/** `items-choose`: the variant that becomes the item's chosen composite, with its alt text when given. */
export function chooseVariant(input: { itemId: string; compositeId: string; altText?: string | null }): Promise<unknown> {
  return callFunction('items-choose', input);
}
