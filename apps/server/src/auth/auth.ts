import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, magicLink } from 'better-auth/plugins';
import { API_PATHS, PASSWORD_MAX, PASSWORD_MIN } from '@curio/contract';
import type { Db } from '../db/client';
import { authSchema } from '../db/schema';
import type { Env } from '../env';
import type { Logger } from '../lib/logger';
import { trustedOrigins } from '../lib/origin-guard';
import type { Mailer } from '../mail/mailer';
import { magicLinkMail } from '../mail/templates';

/** The request header the server sets to the client's address; better-auth keys its limiter on it. */
export const CLIENT_IP_HEADER = 'x-curio-client-ip';

export interface AuthHooks {
  onUserCreated(user: { id: string; email: string; emailVerified: boolean }): Promise<void>;
  onSessionCreated(session: { userId: string }): Promise<void>;
  /** After any change to a user row (a verified address, for instance). */
  onUserUpdated(user: { id: string; email: string; emailVerified: boolean }): Promise<void>;
}

export function createAuth(deps: { db: Db; env: Env; logger: Logger; mailer: Mailer; hooks: AuthHooks }) {
  const { db, env, logger, mailer, hooks } = deps;
  const limit = { window: env.AUTH_RATE_LIMIT_WINDOW, max: env.AUTH_SIGNIN_RATE_LIMIT_MAX };

  return betterAuth({
    appName: env.APP_NAME,
    baseURL: env.PUBLIC_URL,
    basePath: API_PATHS.auth,
    secret: env.AUTH_SECRET,
    trustedOrigins: trustedOrigins(env),
    database: drizzleAdapter(db, { provider: 'pg', schema: authSchema }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      autoSignIn: true,
    },
    user: {
      additionalFields: { tester: { type: 'boolean', required: false, defaultValue: false, input: false } },
    },
    // Every request reads the session from the database: a sign-out or revocation takes effect at once.
    session: { cookieCache: { enabled: false } },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: env.AUTH_RATE_LIMIT_WINDOW,
      max: env.AUTH_RATE_LIMIT_MAX,
      customRules: {
        '/sign-in/email': limit,
        '/sign-up/email': limit,
        '/sign-in/magic-link': limit,
        '/magic-link/verify': limit,
        // Every page load reads the session; it is a cheap read and not worth limiting.
        '/get-session': false,
      },
    },
    advanced: {
      cookiePrefix: 'curio',
      useSecureCookies: env.PUBLIC_URL.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    logger: {
      log: (level, message, ...args) => logger[level]({ args }, `auth: ${message}`),
    },
    plugins: [
      magicLink({
        expiresIn: 15 * 60,
        sendMagicLink: async ({ email, url }) => {
          await mailer.send(magicLinkMail({ to: email, url, appName: env.APP_NAME }));
        },
      }),
      bearer(),
    ],
    databaseHooks: {
      user: {
        create: { after: async (user) => hooks.onUserCreated(user) },
        update: { after: async (user) => hooks.onUserUpdated(user) },
      },
      session: { create: { after: async (session) => hooks.onSessionCreated(session) } },
    },
  });
}
export type Auth = ReturnType<typeof createAuth>;
