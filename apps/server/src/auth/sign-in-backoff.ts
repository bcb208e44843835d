import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { signInBackoffMail } from '../mail/templates-account';
import { signInGuard, type BackoffPolicy } from '../modules/sign-in-guard/sign-in-guard.service';
import type { AuthPluginDeps } from './plugins/deps';

/** The code of the 429 a password sign-in gets while its account waits; the web translates it. */
export const SIGN_IN_BACKOFF_CODE = 'TOO_MANY_FAILED_SIGN_INS';
export const SIGN_IN_BACKOFF_MESSAGE = 'Too many wrong passwords for this account. Wait a little, or sign in with a link or a passkey.';

/**
 * Five wrong passwords are free; then each attempt waits 2^(n - 5) seconds after the previous one
 * (2 s, 4 s, … up to 15 minutes). An episode is forgotten 15 minutes after its last failure or wait.
 */
export const SIGN_IN_BACKOFF: BackoffPolicy = { free: 5, maxWaitSeconds: 15 * 60, forgetSeconds: 15 * 60 };

/** About one attempt in this many also forgets ended episodes. */
const PRUNE_EVERY = 200;

/** Where the owner's notice sends them: the sign-in page (a link, a passkey, a reset). */
const SIGN_IN_PAGE = '/login';

const isPasswordSignIn = (ctx: { path?: string }) => ctx.path === '/sign-in/email';

/** The address of a sign-in's body as better-auth compares it (case-insensitive), or null. */
function emailOf(body: unknown): string | null {
  const email = (body as { email?: unknown } | null | undefined)?.email;
  if (typeof email !== 'string') return null;
  const normalized = email.trim().toLowerCase();
  return normalized && normalized.length <= 320 ? normalized : null;
}

/**
 * A limit per account on password sign-ins, counted in the database (every process shares it), on top
 * of the per-address route limit in auth.ts: many addresses guessing one account's password slow down
 * exponentially. Each attempt is counted before the password is checked (so concurrent guesses cannot
 * slip past the count) and a right password ends the episode. While the account waits, a password
 * sign-in answers 429 with Retry-After without checking the password; every address is treated alike,
 * with or without an account. The owner is mailed once per episode. Sign-in links, mailed codes and
 * passkeys are not limited here: the owner is never locked out (docs/decisions.md).
 */
export function signInBackoffPlugin({ db, env, mailer, logger }: AuthPluginDeps) {
  const repo = signInGuard(db);
  return {
    id: 'sign-in-backoff',
    hooks: {
      before: [
        {
          matcher: isPasswordSignIn,
          handler: createAuthMiddleware(async (ctx) => {
            const email = emailOf(ctx.body);
            if (!email) return;
            const { waitSeconds, notify } = await repo.attempt(email, SIGN_IN_BACKOFF);
            if (Math.random() * PRUNE_EVERY < 1) await repo.pruneFailures(SIGN_IN_BACKOFF.forgetSeconds + SIGN_IN_BACKOFF.maxWaitSeconds);
            if (notify) {
              const found = await ctx.context.internalAdapter.findUserByEmail(email);
              if (found?.user) {
                await mailer.send(signInBackoffMail({ to: found.user.email, url: `${env.PUBLIC_URL}${SIGN_IN_PAGE}`, appName: env.APP_NAME }));
                logger.info(
                  { userId: found.user.id },
                  'auth: repeated wrong passwords for an account; its password sign-ins now wait, and its owner was mailed',
                );
              }
            }
            if (waitSeconds > 0) {
              throw new APIError('TOO_MANY_REQUESTS', { code: SIGN_IN_BACKOFF_CODE, message: SIGN_IN_BACKOFF_MESSAGE }, { 'Retry-After': String(waitSeconds) });
            }
          }),
        },
      ],
      after: [
        {
          matcher: isPasswordSignIn,
          // A right password (a session, or the second step asked for) ends the episode.
          handler: createAuthMiddleware(async (ctx) => {
            const email = emailOf(ctx.body);
            if (!email || isAPIError(ctx.context.returned)) return;
            await repo.clear(email);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
