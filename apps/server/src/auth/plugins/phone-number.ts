import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { phoneNumber } from 'better-auth/plugins';
import type { AuthPluginDeps } from './deps';
import { smsCodeText } from './two-factor';

/** E.164: a plus, then 8 to 15 digits (the first not 0). */
const E164 = /^\+[1-9]\d{7,14}$/;

/** The refusal when text messages are not available (no SMS_URL in production). */
export const SMS_UNAVAILABLE_CODE = 'SMS_UNAVAILABLE';

/**
 * The phone factor: a signed-in person adds a number and proves it with a code sent by SMS (SMS_URL, or
 * the SMS outbox while it is unset). The number is a second factor only: it is never a way to sign in
 * on its own (a code sent to it does not create a session) and codes are only sent to signed-in people,
 * so nobody can make the server text arbitrary numbers.
 */
export function phoneNumberPlugin({ env, sms }: AuthPluginDeps) {
  const plugin = phoneNumber({
    otpLength: 6,
    expiresIn: 5 * 60,
    allowedAttempts: 5,
    phoneNumberValidator: (value) => E164.test(value),
    sendOTP: async ({ phoneNumber: to, code }) => {
      if (!sms) throw new APIError('BAD_REQUEST', { code: SMS_UNAVAILABLE_CODE, message: 'Text messages are not available' });
      await sms.send({ to, text: smsCodeText(env.APP_NAME, code) });
    },
  });
  const guard = {
    matcher: (ctx: { path?: string }) =>
      ctx.path === '/phone-number/send-otp' ||
      ctx.path === '/phone-number/verify' ||
      ctx.path === '/sign-in/phone-number' ||
      ctx.path === '/phone-number/request-password-reset' ||
      ctx.path === '/phone-number/reset-password',
    handler: createAuthMiddleware(async (ctx) => {
      if (ctx.path !== '/phone-number/send-otp' && ctx.path !== '/phone-number/verify') {
        throw new APIError('NOT_FOUND', { code: 'NOT_FOUND', message: 'Not found' });
      }
      if (!sms) throw new APIError('BAD_REQUEST', { code: SMS_UNAVAILABLE_CODE, message: 'Text messages are not available' });
      const session = await getSessionFromCtx(ctx);
      if (!session) throw new APIError('UNAUTHORIZED', { code: 'UNAUTHORIZED', message: 'Sign in first' });
      // A code only ever adds the number to the signed-in account.
      if (ctx.path === '/phone-number/verify') {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        return { context: { body: { ...body, updatePhoneNumber: true, disableSession: true } } };
      }
    }),
  };
  return { ...plugin, hooks: { ...plugin.hooks, before: [guard, ...(plugin.hooks?.before ?? [])] } };
}
