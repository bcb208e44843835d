import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { openConfiguredDatabase } from './bootstrap';
import { DataDirLockedError } from './db/lock';
import { SchemaNewerError } from './db/schema-version';
import { EnvError, type Env } from './env';
import { createLogger } from './lib/logger';
import { startMallocTrim } from './lib/malloc-trim';
import { queuedMailer } from './mail/mail-queue';
import { createMailer } from './mail/mailer';
import { QUEUES } from './modules/jobs/jobs';
import { startCutoutWorkers, workerEntryBeside } from './modules/jobs/workers';
import { checkStorageFromEnv } from './storage/from-env';

/**
 * The web process once its settings are known (main.ts checked them): the bucket and the database checked, the
 * migrations applied, the app listening, and the shutdown on SIGTERM or SIGINT.
 */
export async function startServer(env: Env) {
  const logger = createLogger(env.LOG_LEVEL, env.NODE_ENV === 'development' && process.stdout.isTTY);

  // The bucket and the database are checked before anything listens: a wrong one stops the start
  // with one line naming its variable (an EnvError), instead of a process that is ready and fails.
  await checkStorageFromEnv(env);

  let database;
  try {
    database = await openConfiguredDatabase(env, logger);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  let migrated = false;
  await database.migrate();
  migrated = true;
  logger.info('migrations applied');

  const directMailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    outboxDir: path.join(env.DATA_DIR, 'outbox'),
    logger,
    logText: env.NODE_ENV !== 'production',
  });
  // With SMTP, mails are jobs: a mail server that is down delays them, never loses them.
  const mailQueue = env.SMTP_URL ? queuedMailer(directMailer, logger, env.AUTH_SECRET) : null;
  const mailer = mailQueue ?? directMailer;
  const workers = startCutoutWorkers({ env, kind: database.kind, entry: workerEntryBeside(import.meta.url), logger });
  const { fetch, services, drained, startDraining, close } = createApp({
    env,
    database,
    logger,
    mailer,
    isMigrated: () => migrated,
    overrides: workers.segmenter ? { segmenter: workers.segmenter } : undefined,
  });
  mailQueue?.attach(services.jobs, QUEUES.mail.name);
  // pg-boss creates its schema and queues at start: one booting process at a time.
  await database.exclusive(() => services.jobs.start());
  const queued = await services.cutouts.enqueuePending();
  if (queued) logger.info({ photos: queued }, 'cut-outs queued for photos still waiting');

  await services.events.start(); // events from every process reach this one before its first request
  const stopTrim = startMallocTrim({ logger }); // freed memory goes back to the system (lib/malloc-trim.ts)

  const server = serve({ fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    logger.info({ port: info.port, url: env.PUBLIC_URL }, `${env.APP_NAME} is listening on ${env.PUBLIC_URL}`);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    // The whole shutdown fits in 10 s: requests get up to 7 s, running jobs what is left.
    const deadline = Date.now() + 9_500;
    const left = () => Math.max(500, deadline - Date.now() - 500);
    startDraining(); // /ready answers 503 from now on
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      logger.warn('in-flight requests did not finish in 7 s; closing anyway');
      if ('closeAllConnections' in server) server.closeAllConnections();
    }, 7_000);
    force.unref();
    setTimeout(() => {
      logger.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 9_800).unref();
    // Live streams never end on their own: end them first (with a retry hint), then the connections
    // they leave idle, so that closing waits for real requests only.
    void services.realtime.closeAll().then(() => {
      if ('closeIdleConnections' in server) server.closeIdleConnections();
    });
    const finish = async () => {
      stopTrim();
      await drained(left());
      // Running jobs finish (a job still running at the deadline is retried later), then the workers end.
      await services.jobs.stop(left());
      await workers.stop();
      await close();
      await services.functionStats.stop(); // the counts of the last seconds
      await database.close();
      logger.info('stopped');
    };
    server.close(
      () =>
        void finish().then(
          () => process.exit(0),
          (err: unknown) => {
            logger.error({ err }, 'shutdown failed');
            process.exit(1);
          },
        ),
    );
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

/** The failure of a start that got past the settings: one line for what an operator fixes, no stack trace. */
export function startFailed(err: unknown): never {
  console.error(err instanceof EnvError || err instanceof SchemaNewerError ? err.message : err);
  process.exit(1);
}
