import { createOTP } from '@better-auth/utils/otp';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { generateRandomString, symmetricDecrypt } from 'better-auth/crypto';
import { twoFactor } from 'better-auth/plugins';
import { signInGuard } from '../../modules/sign-in-guard/sign-in-guard.service';
import type { AuthPluginDeps } from './deps';

/** The code sent for the second step when the account has no verified phone number. */
export const NO_VERIFIED_PHONE_CODE = 'NO_VERIFIED_PHONE';

/** How long a text-message code for the second step stays valid (minutes). */
export const SMS_CODE_MINUTES = 5;

/**
 * TOTP with ten one-time recovery codes; sign-in with a password asks for a code once a verified factor
 * exists (the spec's aal2). Where SMS is available (SMS_URL, or the SMS outbox outside production) a code
 * can also go by text message to the account's verified phone number — never by mail: a mailbox that
 * can already reset the password must not also pass the second step.
 *
 * Code entry is limited three ways: the route limit in auth.ts (`/two-factor/verify-*`), five tries per
 * sign-in challenge, and an account lockout of 15 minutes after 10 failures in a row (better-auth's).
 */
export function twoFactorPlugin({ db, env, sms }: AuthPluginDeps) {
  const plugin = twoFactor({
    issuer: env.APP_NAME,
    backupCodeOptions: { amount: 10, length: 10 },
    // A sign-in waits 10 minutes for its second step; "trust this device" lasts 30 days.
    twoFactorCookieMaxAge: 10 * 60,
    trustDeviceMaxAge: 30 * 24 * 60 * 60,
    accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
    otpOptions: sms
      ? {
          digits: 6,
          period: SMS_CODE_MINUTES,
          allowedAttempts: 5,
          storeOTP: 'hashed',
          // Not async on purpose: a refusal thrown here reaches the caller (a rejected promise would be
          // logged and swallowed by the plugin, and the person would wait for a text that never comes).
          sendOTP: ({ user, otp }) => {
            const phone = (user as { phoneNumber?: string | null; phoneNumberVerified?: boolean | null }).phoneNumber;
            const verified = (user as { phoneNumberVerified?: boolean | null }).phoneNumberVerified;
            if (!phone || !verified) {
              throw new APIError('BAD_REQUEST', { code: NO_VERIFIED_PHONE_CODE, message: 'This account has no verified phone number' });
            }
            return sms.send({ to: phone, text: smsCodeText(env.APP_NAME, otp) });
          },
        }
      : undefined,
  });
  return {
    ...plugin,
    hooks: {
      ...plugin.hooks,
      // The plugin has no before hooks of its own.
      before: [totpCodeOnce(db)],
      after: [...(plugin.hooks?.after ?? []), mailedSignInChallenge(env.PUBLIC_URL)],
    },
  };
}

/** The code of a sign-in with an authenticator code that was used already; the web translates it. */
export const TOTP_CODE_USED_CODE = 'TOTP_CODE_USED';

/** The plugin's TOTP settings (its defaults: none are set above). */
const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
/** The steps either side of now whose codes the plugin accepts (its verify's default window). */
const TOTP_WINDOW = 1;
/** Tries per sign-in challenge (the plugin's for TOTP). */
const CHALLENGE_ATTEMPTS = 5;
/** About one sign-in in this many also forgets used steps older than any code still accepted. */
const PRUNE_EVERY = 100;

/** The time step whose code `code` is, within the window the plugin accepts, or null. */
async function stepOf(secret: string, code: string): Promise<number | null> {
  const now = Math.floor(Date.now() / 1000 / TOTP_PERIOD_SECONDS);
  const otp = createOTP(secret, { digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    if ((await otp.hotp(step)) === code) return step;
  }
  return null;
}

/**
 * An authenticator code signs in once per account (RFC 6238 §5.2), in every process: before the plugin
 * checks a sign-in's second step, the step of a right code is recorded as one row per (user, step) in
 * the database, and a second sign-in with the same step — a replay, or two at once — is refused (401
 * TOTP_CODE_USED). Only a code the plugin would accept is recorded: a locked account, a spent challenge
 * and a wrong code are left to it. Enrolment (a signed-in person confirming the app) does not use up the
 * code.
 */
function totpCodeOnce(db: AuthPluginDeps['db']) {
  const repo = signInGuard(db);
  return {
    matcher: (ctx: { path?: string }) => ctx.path === '/two-factor/verify-totp',
    handler: createAuthMiddleware(async (ctx) => {
      const code = (ctx.body as { code?: unknown } | undefined)?.code;
      if (typeof code !== 'string') return;
      const challenge = await ctx.getSignedCookie(ctx.context.createAuthCookie('two_factor').name, ctx.context.secret);
      if (!challenge) return;
      if (await getSessionFromCtx(ctx)) return;
      const pending = await ctx.context.internalAdapter.findVerificationValue(challenge);
      if (!pending) return;
      const factor = (await ctx.context.adapter.findOne({ model: 'twoFactor', where: [{ field: 'userId', value: pending.value }] })) as {
        secret: string;
        verified?: boolean | null;
        lockedUntil?: Date | string | null;
      } | null;
      if (!factor || factor.verified === false) return;
      if (factor.lockedUntil && new Date(factor.lockedUntil).getTime() > Date.now()) return;
      const attempts = await ctx.context.internalAdapter.findVerificationValue(`2fa-attempts-${challenge}`);
      if (!attempts || !(Number(attempts.value) < CHALLENGE_ATTEMPTS)) return;
      const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: factor.secret });
      const step = await stepOf(secret, code);
      if (step === null) return;
      if (Math.random() * PRUNE_EVERY < 1) await repo.pruneTotpSteps(4 * TOTP_PERIOD_SECONDS * (TOTP_WINDOW + 1));
      if (await repo.useTotpStep(pending.value, step)) return;
      throw new APIError('UNAUTHORIZED', { code: TOTP_CODE_USED_CODE, message: 'This code was used already. Wait for the next code from your app.' });
    }),
  };
}

/** The sign-in page, where a mailed link that needs a second step lands (`?second-step=totp,otp`). */
export const SECOND_STEP_PARAM = 'second-step';

/** How long a sign-in waits for its second step (seconds); the plugin's default, set above too. */
const CHALLENGE_SECONDS = 10 * 60;

/**
 * better-auth asks for the second step only after a password (`/sign-in/email`). A sign-in link or a
 * mailed code proves the mailbox only — the same mailbox that can reset the password — so they get the
 * same challenge here: the session just made is deleted and the two-factor cookie set, exactly as the
 * plugin does after a password. A code sign-in answers `twoFactorRedirect` (the web client shows the
 * code step); a link redirects to the sign-in page with the methods in `?second-step=`. Passkeys are a
 * second factor themselves and are not asked again; nor are SIWE and external OpenID sign-ins.
 */
function mailedSignInChallenge(publicUrl: string) {
  return {
    matcher: (ctx: { path?: string }) => ctx.path === '/magic-link/verify' || ctx.path === '/sign-in/email-otp',
    handler: createAuthMiddleware(async (ctx) => {
      const data = ctx.context.newSession;
      if (!data || !(data.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled) return;
      deleteSessionCookie(ctx, true);
      await ctx.context.internalAdapter.deleteSession(data.session.token);
      ctx.context.setNewSession(null);
      const cookie = ctx.context.createAuthCookie('two_factor', { maxAge: CHALLENGE_SECONDS });
      const identifier = `2fa-${generateRandomString(20)}`;
      const expiresAt = new Date(Date.now() + CHALLENGE_SECONDS * 1000);
      await ctx.context.internalAdapter.createVerificationValue({ value: data.user.id, identifier, expiresAt });
      await ctx.context.internalAdapter.createVerificationValue({ value: '0', identifier: `2fa-attempts-${identifier}`, expiresAt });
      await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);
      const factor = (await ctx.context.adapter.findOne({ model: 'twoFactor', where: [{ field: 'userId', value: data.user.id }] })) as {
        verified?: boolean | null;
      } | null;
      const methods = [
        ...(factor && factor.verified !== false ? ['totp'] : []),
        ...(ctx.context.getPlugin('two-factor')?.options?.otpOptions?.sendOTP ? ['otp'] : []),
      ];
      if (ctx.path === '/sign-in/email-otp') return ctx.json({ twoFactorRedirect: true, twoFactorMethods: methods });
      // A link asked for on /login during an OAuth authorization returns there: its query is kept.
      const query = new URLSearchParams(loginQueryOf(ctx.query?.callbackURL));
      query.delete(SECOND_STEP_PARAM);
      const kept = query.toString();
      throw ctx.redirect(`${publicUrl}/login?${kept ? `${kept}&` : ''}${SECOND_STEP_PARAM}=${methods.join(',')}`);
    }),
  };
}

/** The query of a callback to the sign-in page (`/login?…`, a path on this site); empty for any other. */
function loginQueryOf(callbackURL: unknown): string {
  if (typeof callbackURL !== 'string' || !callbackURL.startsWith('/login?') || callbackURL.includes('\\')) return '';
  return callbackURL.slice('/login?'.length).split('#')[0]!;
}

/** The text of a code message, in both languages (like the mails). */
export const smsCodeText = (appName: string, code: string) =>
  `${code} is your ${appName} code (valid for ${SMS_CODE_MINUTES} minutes). ${appName} 验证码：${code}（${SMS_CODE_MINUTES} 分钟内有效）`;
