import { z } from 'zod';
import {
  itemsPlaceInputSchema,
  shelfApplyInputSchema,
  shelfAutoArrangeInputSchema,
  shelfMoveInputSchema,
  shelfResizeInputSchema,
} from '@curio/contract';
import { defineFunction } from '../../lib/functions';
import type { ShelvesService } from './shelves.service';

export const shelvesFunctions = (shelves: ShelvesService) => [
  defineFunction({
    name: 'shelf-get',
    read: true,
    auth: 'required',
    input: z.object({}).passthrough(),
    handler: (_input, { user }) => shelves.getOwn(user.id),
  }),
  defineFunction({
    name: 'shelf-move',
    auth: 'required',
    input: shelfMoveInputSchema,
    handler: async (input, { user }) => ({ arrangement: await shelves.move(user.id, input) }),
  }),
  defineFunction({
    name: 'shelf-auto-arrange',
    auth: 'required',
    input: shelfAutoArrangeInputSchema,
    handler: ({ shelfId }, { user }) => shelves.autoArrange(user.id, shelfId),
  }),
  defineFunction({
    name: 'shelf-apply',
    auth: 'required',
    input: shelfApplyInputSchema,
    handler: ({ shelfId, arrangements }, { user }) => shelves.apply(user.id, shelfId, arrangements),
  }),
  defineFunction({
    name: 'shelf-resize',
    auth: 'required',
    input: shelfResizeInputSchema,
    handler: (layout, { user }) => shelves.resize(user.id, layout),
  }),
  defineFunction({
    name: 'items-place',
    auth: 'required',
    input: itemsPlaceInputSchema,
    handler: async ({ itemId }, { user }) => ({ arrangement: await shelves.place(user.id, itemId) }),
  }),
];
