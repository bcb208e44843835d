import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { JOB_PROCESS_BEAT_MAX_AGE_SECONDS, type JobProcess, type JobQueueFigures } from '@curio/contract';
import type PgBoss from 'pg-boss';
import type { Db } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { BOSS_SCHEMA, bossDb, createBoss, trackedDb, type BossOptions } from './boss';
import { jobsRepository } from './jobs.repository';

/** Every queue, with how its jobs are retried and, for housekeeping, when they are sent. */
export const QUEUES = {
  /** Cut a photo's subject out (data: { photoId }); one job per photo at a time. */
  cutout: { name: 'cutout', policy: 'stately', retryLimit: 3, retryDelay: 20, retryBackoff: true, expireInSeconds: 600 },
  /** Send one mail over SMTP (data: the mail); retried with back-off while the mail server is down. */
  mail: { name: 'mail', policy: 'standard', retryLimit: 12, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 },
  /** Send one text message to SMS_URL (data: { to, text }); retried with back-off while it is down. */
  sms: { name: 'sms', policy: 'standard', retryLimit: 8, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 },
  /** Daily: analytics events lose the viewer after 30 days and are deleted after 90. */
  analyticsRetention: { name: 'analytics-retention', policy: 'short', retryLimit: 2, retryDelay: 300, expireInSeconds: 900, cron: '17 3 * * *' },
  /** Hourly: invite codes past their expiry are marked expired. */
  invitesExpire: { name: 'invites-expire', policy: 'short', retryLimit: 2, retryDelay: 60, expireInSeconds: 300, cron: '7 * * * *' },
  /** Hourly: items with no chosen image 24 h after they were created go, with their images. */
  draftsCleanup: { name: 'drafts-cleanup', policy: 'short', retryLimit: 2, retryDelay: 60, expireInSeconds: 900, cron: '27 * * * *' },
  /** Hourly: upload signatures that expired unused are deleted. */
  /** The variants of saved items that were not chosen, a day after they were made (itemPages.removeUnchosenVariants). */
  variantsCleanup: { name: 'variants-cleanup', policy: 'short', retryLimit: 2, retryDelay: 60, expireInSeconds: 900, cron: '31 * * * *' },
  uploadsCleanup: { name: 'uploads-cleanup', policy: 'short', retryLimit: 2, retryDelay: 60, expireInSeconds: 300, cron: '37 * * * *' },
  /** Hourly: domain events older than a day (kept for streams that resume) are deleted. */
  eventsPrune: { name: 'events-prune', policy: 'short', retryLimit: 2, retryDelay: 60, expireInSeconds: 300, cron: '47 * * * *' },
  /** Every five minutes: explore's per-item range totals are rolled up to the present (rankings read them). */
  exploreRollup: { name: 'explore-rollup', policy: 'short', retryLimit: 1, retryDelay: 60, expireInSeconds: 600, cron: '*/5 * * * *' },
  /** Daily: stored image objects without a database row (older than an hour) are removed. */
  storageSweep: { name: 'storage-sweep', policy: 'short', retryLimit: 2, retryDelay: 300, expireInSeconds: 3600, cron: '41 4 * * *' },
  /** Build one "download my data" archive (data: { exportId }). */
  accountExport: { name: 'account-export', policy: 'standard', retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 900 },
  /** Import an inventory CSV's rows as items (data: { importId }); a retry resumes where the last attempt stopped. */
  inventoryImport: { name: 'inventory-import', policy: 'standard', retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 900 },
  /** Hourly: expired data exports are removed, and accounts whose deletion grace period ended are deleted. */
  /** Credit allowances: collectors whose refill period began get topped up (credits.applyRefills). */
  creditsRefill: { name: 'credits-refill', policy: 'short', retryLimit: 2, retryDelay: 60, expireInSeconds: 900, cron: '13 * * * *' },
  accountDataSweep: { name: 'account-data-sweep', policy: 'short', retryLimit: 2, retryDelay: 60, expireInSeconds: 1800, cron: '53 * * * *' },
} as const satisfies Record<string, PgBoss.Queue & { cron?: string }>;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES]['name'];
const byName = new Map<string, PgBoss.Queue & { cron?: string }>(Object.values(QUEUES).map((q) => [q.name, q]));

export interface JobContext {
  id: string;
  /** True when a failure of this attempt is final (no retry follows). */
  lastAttempt: boolean;
}
export type JobHandler<T> = (data: T, ctx: JobContext) => Promise<unknown>;

interface Registration {
  name: QueueName;
  handler: JobHandler<any>;
  concurrency: number;
}

export interface JobsOptions extends BossOptions {
  logger: Logger;
  /** How often a process that works the queue records its heartbeat (job_processes), in seconds. */
  heartbeatSeconds?: number;
}

/** A process's heartbeat row is pruned this long after its last beat (it died without deleting it). */
const PRUNE_PROCESSES_AFTER_SECONDS = 24 * 3600;

/**
 * The job queue (pg-boss, in the `pgboss` schema of the application's database). Jobs outlive the
 * process: on PostgreSQL they are rows any process may take; on PGlite they persist in the data
 * directory. Handlers registered with `handle` are worked by this process once it has started.
 */
export function createJobs(appDb: Db, opts: JobsOptions) {
  const { logger } = opts;
  const db = trackedDb(bossDb(appDb));
  const boss = createBoss(db, opts);
  boss.on('error', (err) => logger.warn({ err }, 'job queue error'));
  const registrations: Registration[] = [];
  const workerIds = new Map<string, string[]>();
  let started: Promise<void> | null = null;
  let stopped = false;
  let running = 0;

  // This process's heartbeat, from the start of the queue to its stop: what the admin page and /metrics read.
  const processes = jobsRepository(appDb);
  const host = os.hostname();
  const processId = `${host}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const processStartedAt = new Date();
  let beatTimer: NodeJS.Timeout | null = null;
  let beating: Promise<void> = Promise.resolve();
  const beat = () =>
    (beating = processes
      .beat(
        { id: processId, host, pid: process.pid, queues: [...new Set(registrations.map((r) => r.name))].sort(), startedAt: processStartedAt },
        PRUNE_PROCESSES_AFTER_SECONDS,
      )
      .catch((err: unknown) => logger.warn({ err }, 'job queue: the heartbeat was not recorded')));

  async function register(r: Registration) {
    const ids: string[] = [];
    for (let i = 0; i < r.concurrency; i++) {
      ids.push(
        await boss.work<unknown>(r.name, { batchSize: 1, includeMetadata: true }, async ([job]) => {
          if (!job) return;
          // A job fetched while the queue was stopping goes back to be retried by another run.
          if (stopped) throw new Error('the job queue is stopping');
          const lastAttempt = job.retryCount >= job.retryLimit;
          running++;
          try {
            return await r.handler(job.data, { id: job.id, lastAttempt });
          } catch (err) {
            logger.warn({ err, queue: r.name, jobId: job.id, attempt: job.retryCount + 1, lastAttempt }, 'job failed');
            throw err;
          } finally {
            running--;
          }
        }),
      );
    }
    workerIds.set(r.name, [...(workerIds.get(r.name) ?? []), ...ids]);
  }

  async function isFailed(queue: QueueName, id: string) {
    await jobs.start();
    return (await boss.getJobById(queue, id))?.state === 'failed';
  }

  const jobs = {
    boss,
    /** Works this queue in this process (before or after start), `concurrency` jobs at a time. */
    handle<T>(name: QueueName, handler: JobHandler<T>, concurrency = 1) {
      const r = { name, handler, concurrency };
      registrations.push(r);
      if (started) void started.then(() => register(r)).then(() => (beatTimer ? beat() : undefined));
    },
    /** Starts the queue: its tables (created or migrated), the queues, the schedules and the workers. */
    start(options: { schedules?: boolean } = {}) {
      started ??= (async () => {
        await boss.start();
        for (const q of byName.values()) {
          const { cron: _cron, ...queue } = q;
          if (!(await boss.getQueue(q.name))) await boss.createQueue(q.name, queue);
        }
        if (options.schedules ?? opts.schedule ?? true) {
          for (const q of byName.values()) if (q.cron) await boss.schedule(q.name, q.cron, {}, { tz: 'UTC' });
        }
        for (const r of registrations) await register(r);
        await beat();
        beatTimer = setInterval(() => void beat(), (opts.heartbeatSeconds ?? 15) * 1000);
        beatTimer.unref();
      })();
      return started;
    },
    /**
     * Sends a job; with a singleton key, a second job for the same key is not queued while one
     * waits or runs (answers null then).
     */
    async send(name: QueueName, data: object, options: PgBoss.SendOptions = {}): Promise<string | null> {
      if (stopped) throw new Error('the job queue is stopped');
      // The server starts the queue after migrations; elsewhere (tests, scripts) the first job does.
      await jobs.start();
      const id = await boss.send(name, data, options);
      // A worker of this process need not wait for its next poll.
      for (const w of workerIds.get(name) ?? []) boss.notifyWorker(w);
      return id;
    },
    /**
     * Every queue's jobs by state (waiting, waiting to be retried, running, failed for good) and how long
     * its oldest job ready to run has waited: what /metrics shows an operator. Completed jobs are not counted.
     */
    async stats(): Promise<QueueStats[]> {
      // Its tables exist once the queue has started (the server starts it after the migrations).
      if (!started) return [];
      await started;
      const { rows } = await db.executeSql(
        `select name, state, count(*)::int as n,
           extract(epoch from now() - min(start_after) filter (where state in ('created', 'retry') and start_after <= now()))::float8 as oldest
         from ${BOSS_SCHEMA}.job where state in ('created', 'retry', 'active', 'failed') group by name, state`,
        [],
      );
      const byQueue = new Map<string, QueueStats>();
      for (const q of byName.keys()) byQueue.set(q, { queue: q, waiting: 0, retrying: 0, active: 0, failed: 0, oldestWaitingSeconds: 0 });
      for (const row of rows as { name: string; state: string; n: number; oldest: number | null }[]) {
        const stats = byQueue.get(row.name);
        if (!stats) continue;
        if (row.state === 'created') stats.waiting = row.n;
        else if (row.state === 'retry') stats.retrying = row.n;
        else if (row.state === 'active') stats.active = row.n;
        else if (row.state === 'failed') stats.failed = row.n;
        if (row.oldest !== null) stats.oldestWaitingSeconds = Math.max(stats.oldestWaitingSeconds, Math.max(0, row.oldest));
      }
      return [...byQueue.values()];
    },
    /** The latest jobs out of attempts, newest first: which, when, and the error (never their data, which may be private). */
    async failedJobs(limit: number): Promise<FailedJob[]> {
      if (!started) return [];
      await started;
      const { rows } = await db.executeSql(
        `select id::text as id, name, retry_count::int as retries, output->>'message' as error, created_on, completed_on
         from ${BOSS_SCHEMA}.job where state = 'failed' order by completed_on desc nulls last, created_on desc limit $1`,
        [limit],
      );
      return (rows as { id: string; name: string; retries: number; error: string | null; created_on: Date | string; completed_on: Date | string | null }[]).map(
        (r) => ({
          id: r.id,
          queue: r.name,
          attempts: r.retries + 1,
          error: r.error,
          createdAt: new Date(r.created_on).toISOString(),
          failedAt: r.completed_on === null ? null : new Date(r.completed_on).toISOString(),
        }),
      );
    },
    /**
     * Gives a failed job of `queue` one more attempt (pg-boss's retry: back to the queue, its limit raised
     * by one) or drops it; answers false when no such job is failed (retried, dropped or finished meanwhile).
     */
    async retryFailed(queue: QueueName, id: string): Promise<boolean> {
      if (!(await isFailed(queue, id))) return false;
      await boss.retry(queue, id);
      for (const w of workerIds.get(queue) ?? []) boss.notifyWorker(w);
      return true;
    },
    async dropFailed(queue: QueueName, id: string): Promise<boolean> {
      if (!(await isFailed(queue, id))) return false;
      await boss.deleteJob(queue, id);
      return true;
    },
    /**
     * The processes working the queue (this one once started, the others by their heartbeat rows), the
     * latest beat first; `alive` while the last beat is at most JOB_PROCESS_BEAT_MAX_AGE_SECONDS old.
     */
    async processes(): Promise<JobProcess[]> {
      return (await processes.list()).map((p) => ({
        id: p.id,
        host: p.host,
        pid: p.pid,
        queues: p.queues,
        startedAt: p.startedAt.toISOString(),
        lastBeatAt: p.beatAt.toISOString(),
        secondsSinceBeat: Math.round(p.secondsSinceBeat),
        alive: p.secondsSinceBeat <= JOB_PROCESS_BEAT_MAX_AGE_SECONDS,
        self: p.id === processId,
      }));
    },
    /** Whether `name` is one of the queues. */
    isQueue: (name: string): name is QueueName => byName.has(name),
    /** Jobs of a queue not finished yet (waiting, retrying or running). */
    pending: (name: QueueName) => boss.getQueueSize(name, { before: 'completed' }),
    /** Resolves once the queue has nothing waiting or running (for tests and scripts). */
    async idle(name: QueueName, timeoutMs = 30_000) {
      if (!started) return;
      await started;
      const until = Date.now() + timeoutMs;
      while ((await jobs.pending(name)) > 0) {
        if (Date.now() > until) throw new Error(`queue ${name} still busy after ${timeoutMs} ms`);
        for (const w of workerIds.get(name) ?? []) boss.notifyWorker(w);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    /**
     * Stops taking jobs and waits up to `timeoutMs` for running ones; a job still running then is
     * failed and retried later. Call before the database closes.
     */
    async stop(timeoutMs = 10_000) {
      if (!started || stopped) return;
      stopped = true;
      await started.catch(() => undefined);
      if (beatTimer) clearInterval(beatTimer);
      await beating;
      // Stopped cleanly: no longer a process of the queue (one that dies leaves its row to go stale).
      await processes.remove(processId).catch((err: unknown) => logger.warn({ err }, 'job queue: the heartbeat row was not removed'));
      await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
      // pg-boss does not wait for a poll or a completion that was under way: wait for them, so
      // that nothing touches the database once it is closed.
      const until = Date.now() + timeoutMs;
      for (let quiet = 0; quiet < 3 && Date.now() < until;) {
        await new Promise((r) => setTimeout(r, 10));
        quiet = db.inFlight === 0 && running === 0 ? quiet + 1 : 0;
      }
    },
  };
  return jobs;
}
export type Jobs = ReturnType<typeof createJobs>;

/** A job out of attempts, as the admin's job queue page lists it. */
export interface FailedJob {
  id: string;
  queue: string;
  attempts: number;
  error: string | null;
  createdAt: string;
  failedAt: string | null;
}

/** One queue's jobs by state, for /metrics and the admin's job queue page. */
export type QueueStats = JobQueueFigures;
