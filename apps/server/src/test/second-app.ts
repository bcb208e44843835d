import { createApp } from '../app';
import { createLogger } from '../lib/logger';
import type { TestApp } from './harness';
import { testPasswordHashing } from './password-hashing';

/**
 * A second app on a test app's database: another process as far as its caches, its event listener and its
 * transactions go (mails go nowhere). Its owner stops it (`services.functionStats.stop()`, `services.events.stop()`…).
 */
export function createSecondApp(t: Pick<TestApp, 'env' | 'database'>) {
  return createApp({
    env: t.env,
    database: t.database,
    logger: createLogger('silent'),
    mailer: { send: async () => undefined, outbox: async () => [] },
    passwordHashing: testPasswordHashing,
  });
}
