import { z } from 'zod';
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
];
