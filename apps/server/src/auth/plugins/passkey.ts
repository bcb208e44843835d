import { isIP } from 'node:net';
import { PASSKEY_ERROR_CODES, passkey } from '@better-auth/passkey';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import type { AuthPluginDeps } from './deps';

/** The spec's WebAuthn rule: a user handle of 1 to 64 bytes. */
export const WEBAUTHN_USER_ID_MIN = 1;
export const WEBAUTHN_USER_ID_MAX = 64;

/** Codes of the guards below; the web translates them beside the browser's WebAuthn errors. */
export const PASSKEY_GUARD_CODES = {
  INVALID_USER_ID_LENGTH: 'WEBAUTHN_INVALID_USER_ID_LENGTH',
  INVALID_RP_ID: 'WEBAUTHN_INVALID_RP_ID',
} as const;

/** sessions.sign_in_method of a session begun by a passkey. */
export const PASSKEY_SIGN_IN_METHOD = 'passkey';

/** A passkey's name: what a person types (trimmed), at most this long. */
export const PASSKEY_NAME_MAX = 60;

const base64UrlBytes = (value: string) => Buffer.from(value, 'base64url').length;

/**
 * The relying party of PUBLIC_URL: its hostname is the rpId, its origin the only accepted origin. Browsers
 * refuse an IP address as rpId (only a domain name or `localhost`), so passkeys then cannot work: said once
 * at start-up rather than as a failed ceremony later.
 */
export function relyingParty(publicUrl: string) {
  const url = new URL(publicUrl);
  const rpID = url.hostname.replace(/^\[|\]$/g, '');
  return { rpID, origin: url.origin, usable: rpID.length > 0 && isIP(rpID) === 0 };
}

/**
 * WebAuthn passkeys (@better-auth/passkey): registration needs a fresh session (signed in within the
 * session's fresh age); sign-in with one needs no e-mail. The plugin makes a random 32-character user
 * handle; a guard on the options it hands out enforces the spec's 1–64 bytes and the rpId, so a change in
 * the plugin cannot send a browser options it would refuse. A name is trimmed and shortened to 60 characters.
 * `lastUsedAt` (a column of ours) is set on each sign-in with the passkey.
 */
export function passkeyPlugin({ env, logger }: AuthPluginDeps) {
  const rp = relyingParty(env.PUBLIC_URL);
  if (!rp.usable) {
    logger.warn(
      { publicUrl: env.PUBLIC_URL },
      'passkeys: PUBLIC_URL names an IP address; browsers accept only a domain name (or localhost) as WebAuthn rpId, so passkeys will not work',
    );
  }
  const plugin = passkey({
    rpID: rp.rpID,
    rpName: env.APP_NAME,
    origin: rp.origin,
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    // The plugin keeps no time of last use: each sign-in with a passkey records it.
    authentication: {
      afterVerification: async ({ ctx, clientData }) => {
        await ctx.context.adapter.update({ model: 'passkey', where: [{ field: 'credentialID', value: clientData.id }], update: { lastUsedAt: new Date() } });
      },
    },
  });
  return {
    ...plugin,
    // A session begun by a passkey says so (sessions.sign_in_method): a fresh one confirms an account deletion.
    init: () => ({
      options: {
        databaseHooks: {
          session: {
            create: {
              before: async (_session: unknown, ctx: { path?: string } | null | undefined) =>
                ctx?.path === '/passkey/verify-authentication' ? { data: { signInMethod: PASSKEY_SIGN_IN_METHOD } } : undefined,
            },
          },
        },
      },
    }),
    schema: {
      ...plugin.schema,
      passkey: { ...plugin.schema.passkey, fields: { ...plugin.schema.passkey.fields, lastUsedAt: { type: 'date' as const, required: false } } },
      session: { fields: { signInMethod: { type: 'string' as const, required: false, input: false } } },
    },
    hooks: {
      before: [
        {
          // Names are typed by people: trimmed and kept short (the plugin takes any string).
          matcher: (ctx: { path?: string }) => ctx.path === '/passkey/verify-registration' || ctx.path === '/passkey/update-passkey',
          handler: createAuthMiddleware(async (ctx) => {
            const body = ctx.body as { name?: unknown } | undefined;
            if (!body || typeof body.name !== 'string') return;
            return { context: { body: { ...body, name: body.name.trim().slice(0, PASSKEY_NAME_MAX) } } };
          }),
        },
      ],
      after: [
        {
          // The plugin answers 500 when the browser's response does not verify (another origin, a stale
          // challenge, a forged attestation): that is a refused request, not a server fault.
          matcher: (ctx: { path?: string }) => ctx.path === '/passkey/verify-registration',
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            if (!isAPIError(returned) || returned.statusCode !== 500) return;
            if ((returned.body as { code?: string } | undefined)?.code !== PASSKEY_ERROR_CODES.FAILED_TO_VERIFY_REGISTRATION.code) return;
            // A Response is passed through as it is (a thrown error would keep the first error's status).
            const { code, message } = PASSKEY_ERROR_CODES.FAILED_TO_VERIFY_REGISTRATION;
            return new Response(JSON.stringify({ code, message }), { status: 400, headers: { 'content-type': 'application/json' } });
          }),
        },
        {
          matcher: (ctx: { path?: string }) => ctx.path === '/passkey/generate-register-options',
          handler: createAuthMiddleware(async (ctx) => {
            const options = ctx.context.returned as { rp?: { id?: string }; user?: { id?: string } } | undefined;
            if (!options || options instanceof Error || !options.user) return;
            const length = typeof options.user.id === 'string' ? base64UrlBytes(options.user.id) : 0;
            if (length < WEBAUTHN_USER_ID_MIN || length > WEBAUTHN_USER_ID_MAX) {
              throw new APIError('SERVICE_UNAVAILABLE', {
                code: PASSKEY_GUARD_CODES.INVALID_USER_ID_LENGTH,
                message: 'The WebAuthn user id must be 1 to 64 bytes long',
              });
            }
            if (!rp.usable || options.rp?.id !== rp.rpID) {
              throw new APIError('SERVICE_UNAVAILABLE', {
                code: PASSKEY_GUARD_CODES.INVALID_RP_ID,
                message: 'The WebAuthn rpId must be the domain of PUBLIC_URL',
              });
            }
          }),
        },
      ],
    },
  };
}
