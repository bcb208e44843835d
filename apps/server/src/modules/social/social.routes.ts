import { z } from 'zod';
import { itemIdInputSchema } from '@curio/contract';
import { defineFunction } from '../../lib/functions';
import type { SocialService } from './social.service';

export const socialFunctions = (social: SocialService) => [
  defineFunction({
    name: 'social-like-toggle',
    auth: 'required',
    input: itemIdInputSchema,
    handler: ({ itemId }, { user }) => social.toggleLike(user.id, itemId),
  }),
  defineFunction({
    name: 'social-bookmark-toggle',
    auth: 'required',
    input: itemIdInputSchema,
    handler: ({ itemId }, { user }) => social.toggleBookmark(user.id, itemId),
  }),
  defineFunction({
    name: 'saves-list',
    read: true,
    auth: 'required',
    input: z.object({}).passthrough(),
    handler: (_input, { user }) => social.saves(user.id),
  }),
];
