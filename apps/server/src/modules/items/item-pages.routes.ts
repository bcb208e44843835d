import { itemIdInputSchema, itemsUpdateInputSchema } from '@curio/contract';
import { defineFunction } from '../../lib/functions';
import type { ItemPagesService } from './item-pages.service';

export const itemPagesFunctions = (pages: ItemPagesService) => [
  defineFunction({
    name: 'item-get',
    read: true,
    auth: 'optional',
    input: itemIdInputSchema,
    handler: ({ itemId }, { user }) => pages.get(itemId, user?.id ?? null),
  }),
  defineFunction({
    name: 'items-update',
    auth: 'required',
    input: itemsUpdateInputSchema,
    handler: (input, { user }) => pages.update(user.id, input),
  }),
  defineFunction({
    name: 'items-delete',
    auth: 'required',
    input: itemIdInputSchema,
    handler: ({ itemId }, { user }) => pages.delete(user.id, itemId),
  }),
];
