import path from 'node:path';
import { openDatabase, probe, type Database } from './db/client';
import { lockDataDir } from './db/lock';
import { EnvError, type Env } from './env';
import { ownerOnlyDir } from './lib/owner-only';
import type { Logger } from './lib/logger';

/** A database URL fit for a log line: its password replaced by `***`. */
function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(not a URL)';
  }
}

/**
 * One `select 1` on PostgreSQL before anything else uses it (the pool gives up connecting after 5 s).
 * A database that does not answer stops the start with one line naming DATABASE_URL and the reason
 * (a refused connection, a wrong password, a missing database), never the password. There is no
 * retry here: a supervisor restarts the process (compose waits for PostgreSQL's health check first).
 */
async function checkPostgres(database: Database, url: string): Promise<void> {
  try {
    await probe(database.db);
  } catch (err) {
    // Drizzle wraps the driver's error ("Failed query: …"); the reason is the innermost cause.
    let e = err as Error & { code?: string };
    while (e.cause instanceof Error) e = e.cause as Error & { code?: string };
    const password = URL.canParse(url) ? decodeURIComponent(new URL(url).password) : '';
    let reason = (e.message || e.code || e.name).replace(/\s+/g, ' ').trim();
    if (password) reason = reason.split(password).join('***');
    throw new EnvError(`DATABASE_URL: cannot use the PostgreSQL database at ${redactUrl(url)}: ${reason}`);
  }
}

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
    // The embedded database's files are readable by their owner only (a cluster made before, too).
    if (database.kind === 'pglite') ownerOnlyDir(path.join(env.DATA_DIR, 'pglite'));
    if (env.DATABASE_URL) {
      try {
        await checkPostgres(database, env.DATABASE_URL);
      } catch (err) {
        await database.close().catch(() => undefined);
        throw err;
      }
    }
    logger.info(database.kind === 'pglite' ? { database: 'pglite', dir: path.join(env.DATA_DIR, 'pglite') } : { database: 'postgres' }, 'database opened');
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
