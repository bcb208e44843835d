import { implement } from '../../lib/functions';
import type { AdminUsersService } from './admin-users.service';

export const adminUsersFunctions = (adminUsers: AdminUsersService) =>
  implement({
    'admin-users-list': async (input) => adminUsers.list(input),
    'admin-user-update': async (input, { user }) => adminUsers.update(user.id, input),
    'admin-credits-grant': async (input, { user }) => adminUsers.grantCredits(user.id, input),
  });
