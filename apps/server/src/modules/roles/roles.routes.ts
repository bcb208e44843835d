import { hasRoleInputSchema } from '@curio/contract';
import { defineFunction } from '../../lib/functions';
import type { RolesService } from './roles.service';

export const rolesFunctions = (roles: RolesService) => [
  defineFunction({
    name: 'has-role',
    read: true,
    auth: 'required',
    input: hasRoleInputSchema,
    handler: async ({ role }, { user }) => ({ hasRole: await roles.hasRole(user.id, role) }),
  }),
];
