import { emailOTP } from 'better-auth/plugins';
import { actionMail } from '../../mail/templates';
import { signInCodeMail } from '../../mail/templates-account';
import type { AuthPluginDeps } from './deps';

/** How long a mailed code stays valid, in minutes. */
export const EMAIL_CODE_MINUTES = 10;
/** Wrong tries a code takes before it is spent (TOO_MANY_ATTEMPTS; a new one must be asked for). */
export const EMAIL_CODE_ATTEMPTS = 5;

/**
 * A one-time code by mail: a second way to sign in (the spec's OTP), beside the password and the
 * sign-in link. Like the link, a code for an address without an account creates one (the address is
 * proven), and a code for an unconfirmed account proves it (better-auth then drops a password set
 * before the address was proven; the owner is mailed a link to set one, see auth.ts). Codes are stored
 * hashed; asking for one and entering one are rate-limited per client address in auth.ts (customRules).
 */
export function emailOtpPlugin({ env, mailer }: AuthPluginDeps) {
  return emailOTP({
    otpLength: 6,
    expiresIn: EMAIL_CODE_MINUTES * 60,
    allowedAttempts: EMAIL_CODE_ATTEMPTS,
    storeOTP: 'hashed',
    sendVerificationOTP: async ({ email, otp, type }) => {
      if (type === 'sign-in') {
        await mailer.send(signInCodeMail({ to: email, otp, url: `${env.PUBLIC_URL}/login`, appName: env.APP_NAME, minutes: EMAIL_CODE_MINUTES }));
        return;
      }
      // Other uses of the plugin (address confirmation, password reset by code) are not offered by the
      // web; should a client ask, the code still arrives with a neutral text.
      await mailer.send(
        actionMail({
          to: email,
          subject: `${otp} is your ${env.APP_NAME} code · ${env.APP_NAME} 验证码 ${otp}`,
          appName: env.APP_NAME,
          paragraphs: [
            [`Your one-time code is ${otp} (valid for ${EMAIL_CODE_MINUTES} minutes).`, `你的一次性验证码是 ${otp}（${EMAIL_CODE_MINUTES} 分钟内有效）。`],
          ],
          button: ['Open ' + env.APP_NAME, '打开 ' + env.APP_NAME],
          url: `${env.PUBLIC_URL}/login`,
          footer: ["If you didn't ask for it, ignore this mail.", '如果这不是你本人的操作，请忽略此邮件。'],
        }),
      );
    },
  });
}
