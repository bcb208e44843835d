import { timingSafeEqual } from 'node:crypto';
import type { JobProcess, JobQueueFigures } from '@curio/contract';
import { Hono } from 'hono';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { envelope } from '../../lib/errors';
import { LATENCY_BUCKETS_MS } from './function-stats.histogram';
import type { FunctionCall } from './function-stats.service';

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/** `read`, shared by the calls made while one is under way (the gauges of one scrape). */
function oncePerScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => (pending ??= read().finally(() => setTimeout(() => (pending = null), 0)));
}

/**
 * This process's metrics in Prometheus's text format: calls per function and status class, a
 * latency histogram per function (the same bounds as the database's), and Node's process metrics.
 * Each app has its own registry (tests run several apps in one process).
 */
export function createMetrics(opts: { jobs?: { stats(): Promise<JobQueueFigures[]>; processes?(): Promise<JobProcess[]> } } = {}) {
  const { jobs } = opts;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // Each source is read once per scrape: the first gauge to collect reads, the others take its answer.
  const queues = jobs && oncePerScrape(() => jobs.stats());
  const processes = jobs?.processes && oncePerScrape(() => jobs.processes!());
  if (queues) {
    new Gauge({
      name: 'curio_jobs',
      help: 'Jobs of each queue by state: waiting, retrying (waiting for another attempt), active (running), failed (out of attempts); the same in every process',
      labelNames: ['queue', 'state'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const q of await queues()) {
          for (const state of ['waiting', 'retrying', 'active', 'failed'] as const) this.set({ queue: q.queue, state }, q[state]);
        }
      },
    });
    new Gauge({
      name: 'curio_jobs_oldest_waiting_seconds',
      help: 'How long the oldest job of each queue that may run now has waited, in seconds (0 when none waits)',
      labelNames: ['queue'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const q of await queues()) this.set({ queue: q.queue }, q.oldestWaitingSeconds);
      },
    });
  }
  if (processes) {
    new Gauge({
      name: 'curio_job_processes',
      help: 'Processes working the job queue by their heartbeat: alive (beat within a minute) or stale (stopped beating within the last day: died or hangs); the same in every process',
      labelNames: ['state'] as const,
      registers: [registry],
      async collect() {
        const all = await processes();
        this.set({ state: 'alive' }, all.filter((p) => p.alive).length);
        this.set({ state: 'stale' }, all.filter((p) => !p.alive).length);
      },
    });
    new Gauge({
      name: 'curio_job_queue_processes',
      help: 'Live processes working each queue (0: its jobs wait for nobody, e.g. no cut-out worker runs)',
      labelNames: ['queue'] as const,
      registers: [registry],
      async collect() {
        this.reset();
        for (const q of queues ? await queues() : []) this.set({ queue: q.queue }, 0);
        for (const p of await processes()) if (p.alive) for (const q of p.queues) this.inc({ queue: q });
      },
    });
  }
  const calls = new Counter({
    name: 'curio_function_calls_total',
    help: 'Calls of each function by status class (2xx, 4xx, 5xx), counted by this process',
    labelNames: ['function', 'status_class'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'curio_function_duration_seconds',
    help: 'How long each function took to answer, in seconds, in this process',
    labelNames: ['function'] as const,
    buckets: LATENCY_BUCKETS_MS.map((ms) => ms / 1000),
    registers: [registry],
  });
  return {
    observe(call: FunctionCall) {
      calls.inc({ function: call.name, status_class: statusClass(call.status) });
      duration.observe({ function: call.name }, call.durationMs / 1000);
    },
    contentType: registry.contentType,
    text: () => registry.metrics(),
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * GET /metrics; with a token configured, only for `Authorization: Bearer <token>`. `closed` (production
 * without a token) answers 404 as if there were no such page: the process's counters are not public.
 */
export function metricsRouter(metrics: Metrics, opts: { token?: string; closed?: boolean }) {
  const router = new Hono();
  router.get('/', async (c) => {
    if (opts.closed && !opts.token) return c.json(envelope('not_found', `No route for ${c.req.method} ${c.req.path}`), 404);
    if (opts.token) {
      const given = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim() ?? '';
      if (!sameText(given, opts.token)) {
        c.header('WWW-Authenticate', 'Bearer realm="metrics"');
        return c.json({ error: { code: 'unauthorized', message: 'The metrics need the bearer token (METRICS_TOKEN)' } }, 401);
      }
    }
    c.header('Cache-Control', 'no-store');
    return c.body(await metrics.text(), 200, { 'Content-Type': metrics.contentType });
  });
  return router;
}
