import { implement } from '../../lib/functions';
import type { InvitesService } from './invites.service';

export const invitesFunctions = (invites: InvitesService) =>
  implement({
    'invite-redeem': ({ code }, { user }) => invites.redeem(user.id, code),
    'admin-invites-create': async (input, { user }) => {
      const codes = await invites.create({ ...input, expiresAt: input.expiresAt ? new Date(input.expiresAt) : null }, user.id);
      return { codes };
    },
    'admin-invites-list': (input) => invites.list(input),
    'admin-invite-disable': async ({ id }) => ({ code: await invites.disable(id) }),
  });
