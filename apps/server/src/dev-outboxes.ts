import type { Hono } from 'hono';
import { API_PATHS } from '@curio/contract';
import type { Env } from './env';
import type { Logger } from './lib/logger';
import type { Mailer } from './mail/mailer';
import { outboxRouter, type AddressResolver } from './mail/outbox-route';
import type { Sms } from './sms/sms';
import { SMS_OUTBOX_PATH, smsOutboxRouter } from './sms/sms-outbox';

/**
 * Where mails and text messages go without a provider (development): the SMS outbox page when there
 * is an SMS store but no SMS_URL, and the mail outbox page without SMTP_URL (said in the log with its
 * address). Only this machine reads them (mail/outbox-route.ts, localOnlyRouter; tests inject `remoteAddress`).
 */
export function mountDevOutboxes(app: Hono, deps: { env: Env; logger: Logger; mailer: Mailer; sms: Sms | undefined; remoteAddress?: AddressResolver }): void {
  const { env, logger, mailer, sms, remoteAddress } = deps;
  if (sms && !env.SMS_URL) {
    app.route(SMS_OUTBOX_PATH, smsOutboxRouter({ sms, appName: env.APP_NAME, behindProxy: env.TRUST_PROXY, remoteAddress }));
  }
  if (!env.SMTP_URL) {
    app.route(API_PATHS.outbox, outboxRouter({ mailer, appName: env.APP_NAME, behindProxy: env.TRUST_PROXY, remoteAddress }));
    logger.info(
      { outbox: `http://localhost:${env.PORT}${API_PATHS.outbox}` },
      `no SMTP_URL: mails (sign-in links too) are kept in the outbox; open http://localhost:${env.PORT}${API_PATHS.outbox} on this computer to read them`,
    );
  }
}
