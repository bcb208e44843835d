import { emailOTP } from 'better-auth/plugins';
import { actionMail } from '../../mail/templates';
import type { AuthPluginDeps } from './deps';

/** A one-time code by mail: a second way to sign in. */
export function emailOtpPlugin({ env, mailer }: AuthPluginDeps) {
  return emailOTP({
    otpLength: 6,
    expiresIn: 10 * 60,
    allowedAttempts: 5,
    sendVerificationOTP: async ({ email, otp }) => {
      await mailer.send(
        actionMail({
          to: email,
          subject: `${otp} is your ${env.APP_NAME} code · ${env.APP_NAME} 验证码 ${otp}`,
          appName: env.APP_NAME,
          paragraphs: [[`Your one-time code is ${otp} (valid for 10 minutes).`, `你的一次性验证码是 ${otp}（10 分钟内有效）。`]],
          button: ['Open ' + env.APP_NAME, '打开 ' + env.APP_NAME],
          url: `${env.PUBLIC_URL}/login`,
          footer: ["If you didn't ask for it, ignore this mail.", '如果这不是你本人的操作，请忽略此邮件。'],
        }),
      );
    },
  });
}
