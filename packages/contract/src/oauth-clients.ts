import { z } from 'zod';
import { httpUrl, text } from './strings';

/** The most redirect addresses one OAuth client may register. */
export const OAUTH_CLIENT_REDIRECTS_MAX = 10;
export const OAUTH_CLIENT_NAME_MAX = 100;

/**
 * The resource (RFC 8707) an OAuth client names (`resource=`) to get an access token the functions
 * accept as a bearer token: a JWT whose audience holds `${PUBLIC_URL}${OAUTH_FUNCTIONS_RESOURCE_PATH}`.
 * Without it the client gets an opaque token that only reaches userinfo.
 */
export const OAUTH_FUNCTIONS_RESOURCE_PATH = '/functions/v1';

/** The scopes Curio's OAuth provider offers; the consent page names each one. */
export const OAUTH_SCOPES = ['openid', 'profile', 'email', 'offline_access'] as const;

/**
 * A confidential client authenticates with its secret at the token endpoint (a server-side app); a
 * public client has no secret and must use PKCE (a single-page or native app).
 */
export const oauthClientTypeSchema = z.enum(['confidential', 'public']);
export type OAuthClientType = z.infer<typeof oauthClientTypeSchema>;

export const oauthClientIdInputSchema = z.object({ clientId: text().trim().min(1).max(200) });

/** `admin-oauth-client-create`: a name, its redirect addresses (http or https) and its type. */
export const adminOAuthClientCreateInputSchema = z.object({
  name: text().trim().min(1).max(OAUTH_CLIENT_NAME_MAX),
  redirectUris: z.array(httpUrl()).min(1).max(OAUTH_CLIENT_REDIRECTS_MAX),
  type: oauthClientTypeSchema,
});
export type AdminOAuthClientCreateInput = z.infer<typeof adminOAuthClientCreateInputSchema>;

/** An OAuth client as admins see it; its secret is never part of it. */
export const oauthClientSchema = z.object({
  clientId: z.string(),
  name: z.string(),
  type: oauthClientTypeSchema,
  redirectUris: z.array(z.string()),
  scopes: z.array(z.string()),
  createdAt: z.string().nullable(),
  disabled: z.boolean(),
});
export type OAuthClientInfo = z.infer<typeof oauthClientSchema>;

export const adminOAuthClientsListResultSchema = z.object({ clients: z.array(oauthClientSchema) });
export const adminOAuthClientResultSchema = z.object({ client: oauthClientSchema });

/** On creation and on regeneration only: the secret, shown once (null for a public client). */
export const adminOAuthClientSecretResultSchema = z.object({ client: oauthClientSchema, clientSecret: z.string().nullable() });
export const adminOAuthClientDeleteResultSchema = z.object({ deleted: z.literal(true) });
