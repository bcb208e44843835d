import { z } from 'zod';
import { defineFunction } from '../../lib/functions';
import type { CreditsService } from './credits.service';

export const creditsFunctions = (credits: CreditsService) => [
  defineFunction({
    name: 'get-credit-balance',
    read: true,
    auth: 'required',
    input: z.object({}).passthrough(),
    handler: async (_input, { user }) => ({ balance: await credits.balance(user.id) }),
  }),
];
