import { isAPIError } from 'better-auth/api';
import type { AdminOAuthClientCreateInput, OAuthClientInfo } from '@curio/contract';
import type { Auth } from '../../auth/auth';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors';

/** A client as the OAuth provider plugin answers it (RFC 7591 field names). */
interface PluginClient {
  client_id: string;
  client_secret?: string;
  client_name?: string;
  redirect_uris?: string[];
  token_endpoint_auth_method?: string;
  scope?: string;
  client_id_issued_at?: number;
  disabled?: boolean;
}

/** The plugin's client row mapped to what the contract shows (never the secret). */
export function toClientInfo(client: PluginClient): OAuthClientInfo {
  return {
    clientId: client.client_id,
    name: client.client_name ?? client.client_id,
    type: client.token_endpoint_auth_method === 'none' ? 'public' : 'confidential',
    redirectUris: client.redirect_uris ?? [],
    scopes: client.scope ? client.scope.split(' ').filter(Boolean) : [],
    createdAt: client.client_id_issued_at ? new Date(client.client_id_issued_at * 1000).toISOString() : null,
    disabled: client.disabled ?? false,
  };
}

/** The plugin's errors in our envelope: an unknown client is a 404, a refusal a 403, a bad field a 400. */
function mapped(err: unknown): unknown {
  if (!isAPIError(err)) return err;
  const body = (err.body ?? {}) as { error_description?: string; message?: string };
  const message = body.error_description ?? body.message ?? err.message;
  if (err.status === 'NOT_FOUND') return notFound('No such OAuth client');
  if (err.status === 'UNAUTHORIZED' || err.status === 'FORBIDDEN') {
    // The plugin reads the admin's better-auth session from the request: a function called with a
    // JWT instead has none.
    return forbidden('Managing OAuth clients needs a signed-in session (not a bearer JWT)');
  }
  if (err.status === 'BAD_REQUEST') return badRequest(message || 'The OAuth client was refused');
  return new AppError(500, 'internal_error', `OAuth provider: ${message}`);
}

/**
 * Admin management of the OAuth provider's clients, through the plugin's own server API (which
 * checks the caller's admin role itself: see `clientPrivileges` in auth/plugins/oauth.ts). Every
 * admin-made client belongs to the site (one client reference), so every admin sees them all.
 */
export function createOAuthClientsService(auth: Auth) {
  const api = auth.api;
  async function run<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      throw mapped(err);
    }
  }
  return {
    async list(headers: Headers): Promise<OAuthClientInfo[]> {
      const clients = (await run(() => api.getOAuthClients({ headers }))) as PluginClient[] | null;
      return (clients ?? []).map(toClientInfo).sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? '') || a.name.localeCompare(b.name));
    },

    async create(headers: Headers, input: AdminOAuthClientCreateInput) {
      const confidential = input.type === 'confidential';
      const created = (await run(() =>
        api.adminCreateOAuthClient({
          headers,
          body: {
            client_name: input.name,
            redirect_uris: input.redirectUris,
            token_endpoint_auth_method: confidential ? 'client_secret_basic' : 'none',
            grant_types: ['authorization_code', 'refresh_token'],
            response_types: ['code'],
            // PKCE for every client: OAuth 2.1 asks it of public ones and it costs a confidential one nothing.
            require_pkce: true,
          },
        }),
      )) as PluginClient;
      return { client: toClientInfo(created), clientSecret: created.client_secret ?? null };
    },

    async get(headers: Headers, clientId: string) {
      const client = (await run(() => api.getOAuthClient({ headers, query: { client_id: clientId } }))) as PluginClient;
      return { client: toClientInfo(client) };
    },

    async remove(headers: Headers, clientId: string) {
      await run(() => api.deleteOAuthClient({ headers, body: { client_id: clientId } }));
      return { deleted: true as const };
    },

    async regenerateSecret(headers: Headers, clientId: string) {
      const client = (await run(() => api.getOAuthClient({ headers, query: { client_id: clientId } }))) as PluginClient;
      if (client.token_endpoint_auth_method === 'none') throw badRequest('A public client has no secret to regenerate');
      const rotated = (await run(() => api.rotateClientSecret({ headers, body: { client_id: clientId } }))) as PluginClient;
      return { client: toClientInfo(rotated), clientSecret: rotated.client_secret ?? null };
    },
  };
}
export type OAuthClientsService = ReturnType<typeof createOAuthClientsService>;
