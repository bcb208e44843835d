import { APIError } from 'better-auth/api';
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
  return twoFactor({
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
}

/** The text of a code message, in both languages (like the mails). */
export const smsCodeText = (appName: string, code: string) =>
  `${code} is your ${appName} code (valid for ${SMS_CODE_MINUTES} minutes). ${appName} 验证码：${code}（${SMS_CODE_MINUTES} 分钟内有效）`;
