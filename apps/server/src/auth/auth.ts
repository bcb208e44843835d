import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware, isAPIError } from 'better-auth/api';
import { admin, bearer, magicLink } from 'better-auth/plugins';
import { API_PATHS, PASSWORD_MAX, PASSWORD_MIN } from '@curio/contract';
import type { Db } from '../db/client';
import { authSchema } from '../db/schema';
import type { Env } from '../env';
import type { Logger } from '../lib/logger';
import { trustedOrigins } from '../lib/origin-guard';
import type { Mailer } from '../mail/mailer';
import type { Sms } from '../sms/sms';
import { magicLinkMail, resetPasswordMail, verifyEmailMail } from '../mail/templates';
import { changeEmailNoticeMail, changeEmailVerifyMail } from '../mail/templates-account';
import { ACCOUNT_SETTINGS_PAGE } from '../modules/account-sessions/account-sessions.service';
import { signUpWithoutEnumeration, tokenRequestType } from './sign-up-guard';
import { signInBackoffPlugin } from './sign-in-backoff';
import { emailOtpPlugin } from './plugins/email-otp';
import { externalOidcPlugin, jwtPlugin, oauthProviderPlugin } from './plugins/oauth';
import { passkeyPlugin } from './plugins/passkey';
import { phoneNumberPlugin } from './plugins/phone-number';
import { siwePlugin } from './plugins/siwe';
import { twoFactorPlugin } from './plugins/two-factor';

/** The request header the server sets to the client's address; better-auth keys its limiter on it. */
export const CLIENT_IP_HEADER = 'x-curio-client-ip';

export interface AuthHooks {
  onUserCreated(user: { id: string; email: string; emailVerified: boolean }): Promise<void>;
  onSessionCreated(session: { userId: string; ipAddress?: string | null; userAgent?: string | null; impersonatedBy?: string | null }): Promise<void>;
  /** After any change to a user row (a verified address, for instance). */
  onUserUpdated(user: { id: string; email: string; emailVerified: boolean }): Promise<void>;
  /** After a session row was deleted (sign-out, password change or reset, revocation, a deleted user). */
  onSessionDeleted?(session: { userId: string }): Promise<void>;
}

/** better-auth's code for a sign-in of a suspended (banned) account; the web translates it. */
export const SUSPENDED_CODE = 'BANNED_USER';
export const SUSPENDED_MESSAGE = 'This account is suspended. Contact the site operators if you think this is a mistake.';

/** The web page that takes a password-reset token (`?token=`). */
export const RESET_PASSWORD_PAGE = '/reset-password';

/** better-auth's messages about a refused origin or redirect target: `Invalid origin: http://…`. */
const REFUSED_ORIGIN = /^Invalid (origin|callbackURL|redirectURL|errorCallbackURL|newUserCallbackURL): (.*)$/;

/**
 * better-auth's log lines into ours. A refused origin is a configuration matter (the app opened under
 * another address than PUBLIC_URL), so it becomes one warning naming the origin and what is trusted.
 */
export function authLogger(logger: Logger, trusted: readonly string[]) {
  return {
    log: (level: 'debug' | 'info' | 'warn' | 'error', message: string, ...args: unknown[]) => {
      const refused = REFUSED_ORIGIN.exec(message);
      if (refused) {
        logger.warn(
          { [refused[1]!]: refused[2], trustedOrigins: trusted },
          `auth: refused a request: its ${refused[1]} is not trusted (open the app at PUBLIC_URL)`,
        );
        return;
      }
      // The hint that follows a refused origin repeats it.
      if (message.startsWith("If it's a valid URL, please add")) return;
      logger[level]({ args }, `auth: ${message}`);
    },
  };
}

/** PostgreSQL's code for a unique violation, anywhere in an error's chain of causes. */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * better-auth's Drizzle adapter, with a unique violation named as such in the error's message. Drizzle
 * reports "Failed query: …" and keeps PostgreSQL's error as the cause, but better-auth's plugins tell a
 * lost insert race by the message: the OAuth provider seeds its resource row as each process starts,
 * and on PostgreSQL two processes starting together race for it; without this the loser's auth would
 * fail to start (every auth request a 500).
 */
function authAdapter(db: Db) {
  const base = drizzleAdapter(db, { provider: 'pg', schema: authSchema });
  return (options: Parameters<typeof base>[0]) => {
    const adapter = base(options);
    const create = (async (args: Parameters<typeof adapter.create>[0]) => {
      try {
        return await adapter.create(args);
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        throw new Error(`duplicate key value violates unique constraint (${args.model})`, { cause: err });
      }
    }) as typeof adapter.create;
    return { ...adapter, create };
  };
}

/** How passwords are hashed and checked: better-auth's own (scrypt, N=16384) unless given (the tests' cheaper one). */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
}

export function createAuth(deps: { db: Db; env: Env; logger: Logger; mailer: Mailer; hooks: AuthHooks; sms?: Sms; passwordHashing?: PasswordHashing }) {
  const { db, env, logger, mailer, hooks } = deps;
  const limit = { window: env.AUTH_RATE_LIMIT_WINDOW, max: env.AUTH_SIGNIN_RATE_LIMIT_MAX };
  const trusted = trustedOrigins(env);

  const auth = betterAuth({
    appName: env.APP_NAME,
    baseURL: env.PUBLIC_URL,
    basePath: API_PATHS.auth,
    secret: env.AUTH_SECRET,
    trustedOrigins: trusted,
    database: authAdapter(db),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      ...(deps.passwordHashing ? { password: deps.passwordHashing } : {}),
      maxPasswordLength: PASSWORD_MAX,
      autoSignIn: true,
      // The link goes straight to the web page; the token is single-use and expires in an hour.
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, token }) => {
        const ctx = await auth.$context;
        const hasPassword = !!(await ctx.internalAdapter.findCredentialAccount(user.id))?.password;
        const url = `${env.PUBLIC_URL}${RESET_PASSWORD_PAGE}?token=${encodeURIComponent(token)}`;
        await mailer.send(resetPasswordMail({ to: user.email, url, appName: env.APP_NAME, hasPassword }));
      },
      // Whoever held the account before the reset (a pre-registration, a stolen session) is signed out.
      revokeSessionsOnPasswordReset: true,
      // The reset link proved the mailbox: the address counts as verified, so a later sign-in by link
      // does not drop the password just set.
      onPasswordReset: async ({ user }) => {
        if (user.emailVerified) return;
        const ctx = await auth.$context;
        await ctx.internalAdapter.updateUser(user.id, { emailVerified: true });
      },
    },
    // Every sign-up gets a confirmation mail; the app works meanwhile (sign-in does not wait for it).
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url, token }) => {
        // A change of address (user.changeEmail): the link goes to the new address, a notice to the old.
        if (tokenRequestType(token) === 'change-email-verification') {
          const ctx = await auth.$context;
          const current = await ctx.internalAdapter.findUserById(user.id);
          await mailer.send(changeEmailVerifyMail({ to: user.email, url, appName: env.APP_NAME }));
          if (current && current.email !== user.email) {
            await mailer.send(
              changeEmailNoticeMail({ to: current.email, newEmail: user.email, url: `${env.PUBLIC_URL}${ACCOUNT_SETTINGS_PAGE}`, appName: env.APP_NAME }),
            );
          }
          return;
        }
        await mailer.send(verifyEmailMail({ to: user.email, url, appName: env.APP_NAME }));
      },
    },
    user: {
      // A new address takes effect only once the link mailed to it is opened (the old one is told).
      changeEmail: { enabled: true },
      additionalFields: { tester: { type: 'boolean', required: false, defaultValue: false, input: false } },
    },
    // No signed cookie cache: the function router keeps sessions in memory briefly itself
    // (auth/session-cache.ts), and a sign-out or revocation ends them in every process at once.
    // A session's row is refreshed at most hourly when used: its updated_at is its "last seen".
    session: { cookieCache: { enabled: false }, updateAge: 60 * 60 },
    // External identities (plugins/external-oidc.ts): a sign-in joins an existing account only when the
    // provider says its address is verified and the account's is too (better-auth's defaults, no trusted
    // providers). Someone signed in may link an identity under another address: they proved both.
    account: { accountLinking: { enabled: true, allowDifferentEmails: true } },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: env.AUTH_RATE_LIMIT_WINDOW,
      max: env.AUTH_RATE_LIMIT_MAX,
      customRules: {
        '/sign-in/email': limit,
        '/sign-up/email': limit,
        '/sign-in/magic-link': limit,
        '/sign-in/social': limit,
        '/magic-link/verify': limit,
        '/request-password-reset': limit,
        '/reset-password': limit,
        '/send-verification-email': limit,
        // A mailed sign-in code: asking for one and entering it, like a sign-in (each code also takes
        // five wrong tries at most); changing the password or the address likewise.
        '/email-otp/send-verification-otp': limit,
        '/sign-in/email-otp': limit,
        '/change-password': limit,
        '/change-email': limit,
        // Second-step codes (TOTP, recovery, text message), enrolment and phone codes: like a sign-in
        // (instead of the plugin's 3 per 10 s for all of /two-factor/). The two-factor plugin adds five
        // tries per challenge and a 15-minute lockout after ten failures in a row.
        '/two-factor/*': limit,
        '/phone-number/send-otp': limit,
        '/phone-number/verify': limit,
        // Signing in with a passkey or a wallet, and asking for a wallet nonce (each one a stored row).
        '/passkey/verify-authentication': limit,
        '/siwe/nonce': limit,
        '/siwe/verify': limit,
        // Every page load reads the session; it is a cheap read and not worth limiting.
        '/get-session': false,
      },
    },
    advanced: {
      // better-auth turns its origin check off when it sees a test environment; keep it on everywhere so
      // that the tests exercise what production does.
      disableOriginCheck: false,
      cookiePrefix: 'curio',
      useSecureCookies: env.PUBLIC_URL.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    logger: authLogger(logger, trusted),
    plugins: [
      magicLink({
        expiresIn: 15 * 60,
        sendMagicLink: async ({ email, url }) => {
          await mailer.send(magicLinkMail({ to: email, url, appName: env.APP_NAME }));
        },
      }),
      bearer(),
      // Suspension: a banned user gets no new session by any method (its session hook refuses them).
      // user_roles stays the source of roles; users.role mirrors it for the plugin's own endpoints.
      admin({ defaultRole: 'user', adminRoles: ['admin'], bannedUserMessage: SUSPENDED_MESSAGE }),
      // Account security (each configured in its own file under ./plugins).
      // Wrong passwords per account: exponential back-off in the database (./sign-in-backoff.ts).
      signInBackoffPlugin(deps),
      twoFactorPlugin(deps),
      emailOtpPlugin(deps),
      phoneNumberPlugin(deps),
      passkeyPlugin(deps),
      siwePlugin(deps),
      jwtPlugin(deps),
      oauthProviderPlugin(deps),
      externalOidcPlugin(deps),
    ],
    hooks: {
      // Sign-up with an address that has an account answers as for a new one and mails the owner.
      before: signUpWithoutEnumeration({ mailer, env }),
      // A sign-in link opened by a suspended user lands on the sign-in page with the reason, not on a
      // JSON error.
      after: createAuthMiddleware(async (ctx) => {
        const returned = ctx.context.returned;
        if (ctx.path !== '/magic-link/verify') return;
        if (!isAPIError(returned) || (returned.body as { code?: string } | undefined)?.code !== SUSPENDED_CODE) return;
        // A Response is passed through as it is (a thrown redirect would keep the error's 403 status).
        return new Response(null, { status: 302, headers: { location: `${env.PUBLIC_URL}/login?error=${SUSPENDED_CODE}` } });
      }),
    },
    databaseHooks: {
      user: {
        create: { after: async (user) => hooks.onUserCreated(user) },
        update: { after: async (user) => hooks.onUserUpdated(user) },
      },
      session: {
        create: { after: async (session) => hooks.onSessionCreated(session) },
        delete: { after: async (session) => hooks.onSessionDeleted?.(session) },
      },
      account: {
        delete: {
          // better-auth drops the password of an unverified account when a sign-in link proves the
          // address (a pre-registration defence). The mailbox's owner is told at once, with a link to
          // set a new password: nobody loses their password silently.
          after: async (account) => {
            if (account.providerId !== 'credential' || !account.password) return;
            const ctx = await auth.$context;
            const user = await ctx.internalAdapter.findUserById(account.userId);
            if (!user) return;
            await auth.api.requestPasswordReset({ body: { email: user.email } });
            logger.info(
              { userId: user.id },
              'auth: the password of an unverified account was removed when its address was proven; a link to set one was mailed',
            );
          },
        },
      },
    },
  });
  // A start-up that failed for another reason than an unreachable database (those are waited out) is
  // a fault of this process: it is logged, and every auth request answers an error until a restart.
  auth.$context.catch((err: unknown) => logger.error({ err }, 'auth: start-up failed; sign-in is unavailable until this process restarts'));
  return auth;
}
export type Auth = ReturnType<typeof createAuth>;
