import { z } from 'zod';
import { inviteRedeemInputSchema } from '@curio/contract';
import { defineFunction } from '../../lib/functions';
import type { RolesService } from '../roles/roles.service';
import type { InvitesService } from './invites.service';

export const adminInvitesCreateSchema = z.object({
  count: z.number().int().min(1).max(500).default(1),
  maxUses: z.number().int().min(1).max(100_000).default(1),
  expiresAt: z.string().datetime().nullish(),
  grantTester: z.boolean().default(false),
  grantCredits: z.number().int().min(0).max(100_000).default(0),
  prefix: z.string().regex(/^[A-Z0-9-]{0,12}$/).optional(),
  notes: z.string().max(500).nullish(),
});

export const invitesFunctions = (invites: InvitesService, roles: RolesService) => [
  defineFunction({
    name: 'invite-redeem',
    auth: 'required',
    input: inviteRedeemInputSchema,
    handler: ({ code }, { user }) => invites.redeem(user.id, code),
  }),
  defineFunction({
    name: 'admin-invites-create',
    auth: 'required',
    input: adminInvitesCreateSchema,
    handler: async (input, { user }) => {
      await roles.requireRole(user.id, 'admin');
      const codes = await invites.create({ ...input, expiresAt: input.expiresAt ? new Date(input.expiresAt) : null }, user.id);
      return { codes };
    },
  }),
];
