import path from 'node:path';
import { openDatabase, type Database } from './db/client';
import { lockDataDir } from './db/lock';
import type { Env } from './env';
import type { Logger } from './lib/logger';

/**
 * Opens the configured database: PGlite under DATA_DIR (after taking the directory's lock) or
 * PostgreSQL at DATABASE_URL. The returned close() also releases the lock.
 */
export async function openConfiguredDatabase(env: Env, logger: Logger): Promise<Database> {
  let release: (() => Promise<void>) | null = null;
  if (!env.DATABASE_URL) release = await lockDataDir(env.DATA_DIR);
  try {
    const database = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      onPoolError: (err) => logger.warn({ err }, 'PostgreSQL connection lost; the pool reconnects'),
    });
    logger.info(
      database.kind === 'pglite' ? { database: 'pglite', dir: path.join(env.DATA_DIR, 'pglite') } : { database: 'postgres' },
      'database opened',
    );
    return {
      ...database,
      async close() {
        await database.close();
        await release?.();
      },
    };
  } catch (err) {
    await release?.();
    throw err;
  }
}
