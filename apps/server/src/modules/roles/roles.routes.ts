import { implement } from '../../lib/functions';
import type { RolesService } from './roles.service';

export const rolesFunctions = (roles: RolesService) =>
  implement({
    'has-role': async ({ role }, { user }) => ({ hasRole: await roles.hasRole(user.id, role) }),
  });
