import type { Db } from '../../db/client';
import type { Env } from '../../env';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../mail/mailer';
import type { Sms } from '../../sms/sms';

/** What the better-auth plugin factories in this folder are built from. */
export interface AuthPluginDeps {
  db: Db;
  env: Env;
  logger: Logger;
  mailer: Mailer;
  /** Text messages (codes); absent where SMS is not available (no SMS_URL in production). */
  sms?: Sms;
}
