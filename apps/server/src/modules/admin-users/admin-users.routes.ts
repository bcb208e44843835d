import { implement } from '../../lib/functions';
import type { AdminAccountsService } from './admin-accounts.service';
import type { AdminUsersService } from './admin-users.service';

export const adminUsersFunctions = (adminUsers: AdminUsersService) =>
  implement({
    'admin-users-list': async (input) => adminUsers.list(input),
    'admin-user-update': async (input, { user }) => adminUsers.update(user.id, input),
    'admin-credits-grant': async (input, { user }) => adminUsers.grantCredits(user.id, input),
    'admin-credits-history': async (input) => adminUsers.creditHistory(input),
  });

export const adminAccountsFunctions = (accounts: AdminAccountsService) =>
  implement({
    'admin-user-get': async (input) => accounts.get(input.userId),
    'admin-user-factors-list': async (input) => accounts.factors(input.userId),
    'admin-user-factor-remove': async (input, { user }) => accounts.removeFactor(user.id, input),
    'admin-user-delete': async (input, { user }) => accounts.deleteUser(user.id, input),
    'admin-user-sign-in-link': async (input, { user }) => accounts.signInLink(user.id, input),
  });
