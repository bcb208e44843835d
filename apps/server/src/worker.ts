/**
 * The cut-out worker: the only kind of process that loads the segmentation model.
 *
 * - `npm run worker` (PostgreSQL only): takes `cutout` jobs from the queue itself, like the worker
 *   `npm start` starts beside the web process. Start as many as the machine allows.
 * - `worker --segmenter`: a child of the web process on the embedded database (which only one
 *   process may open); it receives photos over IPC and answers cut-outs, nothing else.
 */
import './supported-node';
import { EnvError, envSchema, loadEnv } from './env';
import { SchemaNewerError } from './db/schema-version';

async function segmenterChild() {
  const { serveSegmenter } = await import('./modules/cutouts/segmenter-ipc');
  const { modelSegmenter, simpleSegmenter } = await import('./modules/cutouts/segmenter');
  // Only CUTOUT matters here: the child touches neither the database nor the rest of the settings.
  const cutout = envSchema.shape.CUTOUT.parse(process.env.CUTOUT || undefined);
  // The model's buffers come and go with each photo: what they leave free goes back to the system.
  (await import('./lib/malloc-trim')).startMallocTrim();
  serveSegmenter(cutout === 'simple' ? simpleSegmenter() : modelSegmenter());
}

async function queueWorker() {
  const env = loadEnv();
  if (!env.DATABASE_URL) {
    console.error('The worker needs DATABASE_URL (PostgreSQL). With the embedded database, `npm start` runs the cut-outs in a child of the web process.');
    process.exit(1);
  }
  const [{ createLogger }, { openConfiguredDatabase }, { createServices }, { checkStorageFromEnv, createStorageFromEnv }, { modelSegmenter, simpleSegmenter }] =
    await Promise.all([
      import('./lib/logger'),
      import('./bootstrap'),
      import('./services'),
      import('./storage/from-env'),
      import('./modules/cutouts/segmenter'),
    ]);
  const logger = createLogger(env.LOG_LEVEL, env.NODE_ENV === 'development' && process.stdout.isTTY).child({ process: 'worker' });
  await checkStorageFromEnv(env); // a missing bucket stops the worker naming S3_BUCKET, like the web process
  const database = await openConfiguredDatabase(env, logger);
  await database.migrate();
  const services = createServices(database.db, env, {
    storage: createStorageFromEnv(env),
    logger,
    segmenter: env.CUTOUT === 'simple' ? simpleSegmenter() : modelSegmenter(),
  });
  // Schedules are kept by the web processes; a worker only works the queues.
  // Under the start-up lock: pg-boss's own start creates shared objects and races a booting web process.
  await database.exclusive(() => services.jobs.start({ schedules: false }));
  logger.info({ concurrency: env.CUTOUT_CONCURRENCY, cutout: env.CUTOUT }, 'cut-out worker ready');
  (await import('./lib/malloc-trim')).startMallocTrim({ logger });
  // The container's liveness check (`worker.js --alive`) reads the age of this beat.
  const { startHeartbeat, WORKER_HEARTBEAT_FILE } = await import('./lib/heartbeat');
  startHeartbeat(WORKER_HEARTBEAT_FILE, () => database.ping());

  let stopping = false;
  const shutdown = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ reason }, 'worker stopping: finishing running jobs');
    // Within 10 s in all: a job still running after 8 s is failed and retried by another worker.
    setTimeout(() => process.exit(1), 9_800).unref();
    await services.jobs.stop(8_000);
    await database.close();
    logger.info('worker stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // Started by `npm start`: end with the web process.
  process.on('disconnect', () => void shutdown('parent exited'));
}

/** `worker --alive`: exits 0 when this machine's (or container's) worker beat within the last minute, 1 otherwise. */
async function aliveCheck() {
  const { heartbeatAge, HEARTBEAT_MAX_AGE_MS, WORKER_HEARTBEAT_FILE } = await import('./lib/heartbeat');
  const age = heartbeatAge(WORKER_HEARTBEAT_FILE);
  if (age !== null && age <= HEARTBEAT_MAX_AGE_MS) process.exit(0);
  console.error(
    age === null ? 'the worker has not beaten yet (starting, or it cannot reach its database)' : `the worker's last beat was ${Math.round(age / 1000)} s ago`,
  );
  process.exit(1);
}

(process.argv.includes('--alive') ? aliveCheck() : process.argv.includes('--segmenter') ? segmenterChild() : queueWorker()).catch((err) => {
  // A bad setting or a database a newer version migrated: one line, no stack trace.
  console.error(err instanceof EnvError || err instanceof SchemaNewerError ? err.message : err);
  process.exit(1);
});
