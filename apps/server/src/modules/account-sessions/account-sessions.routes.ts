import { implement } from '../../lib/functions';
import type { AccountSessionsService } from './account-sessions.service';

export const accountSessionsFunctions = (accountSessions: AccountSessionsService) =>
  implement({
    'account-sessions-list': (_input, { user, headers, clientIp }) => accountSessions.list(user.id, { headers, clientIp }),
    'account-session-revoke': (input, { user }) => accountSessions.revoke(user.id, input.id),
  });
