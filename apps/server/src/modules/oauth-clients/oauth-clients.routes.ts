import { implement } from '../../lib/functions';
import type { OAuthClientsService } from './oauth-clients.service';

export const oauthClientsFunctions = (clients: OAuthClientsService) =>
  implement({
    'admin-oauth-clients-list': async (_input, { headers }) => ({ clients: await clients.list(headers) }),
    'admin-oauth-client-create': async (input, { headers }) => clients.create(headers, input),
    'admin-oauth-client-get': async ({ clientId }, { headers }) => clients.get(headers, clientId),
    'admin-oauth-client-delete': async ({ clientId }, { headers }) => clients.remove(headers, clientId),
    'admin-oauth-client-regenerate-secret': async ({ clientId }, { headers }) => clients.regenerateSecret(headers, clientId),
  });
