import { APIError, createAuthMiddleware } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { generateRandomString } from 'better-auth/crypto';
import { twoFactor } from 'better-auth/plugins';
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
export function twoFactorPlugin({ env, sms }: AuthPluginDeps) {
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
  return { ...plugin, hooks: { ...plugin.hooks, after: [...(plugin.hooks?.after ?? []), mailedSignInChallenge(env.PUBLIC_URL)] } };
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
      const factor = (await ctx.context.adapter.findOne({ model: 'twoFactor', where: [{ field: 'userId', value: data.user.id }] })) as { verified?: boolean | null } | null;
      const methods = [...(factor && factor.verified !== false ? ['totp'] : []), ...(ctx.context.getPlugin('two-factor')?.options?.otpOptions?.sendOTP ? ['otp'] : [])];
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
