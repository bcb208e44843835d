import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { functionStats } from '../../db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/harness';
import { bucketOf, emptyHistogram, LATENCY_BUCKETS_MS, quantile } from './function-stats.histogram';
import { createMetrics } from './function-stats.metrics';
import { testPasswordHashing } from '../../test/password-hashing';

const ADMIN = 'ops@example.com';
let t: TestApp;
let admin: { cookie: string; userId: string };
beforeAll(async () => {
  // A flush interval far beyond the test: only explicit flushes (and shutdown) write.
  t = await createTestApp({ ADMIN_EMAILS: ADMIN, FUNCTION_STATS_FLUSH_SECONDS: '3600', METRICS_TOKEN: 'scrape-me' });
  admin = await t.signInByMagicLink(ADMIN);
});
afterAll(() => t.close());

describe('latency histogram', { tags: ['postgres'] }, () => {
  it('puts durations in buckets by their upper bound', () => {
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(5)).toBe(0);
    expect(bucketOf(5.1)).toBe(1);
    expect(bucketOf(99_999)).toBe(LATENCY_BUCKETS_MS.length);
  });
  it('interpolates percentiles inside a bucket, and is null when empty', () => {
    const h = emptyHistogram();
    expect(quantile(h, 0.5)).toBeNull();
    h[bucketOf(30)] = 100; // all between 25 and 50 ms
    expect(quantile(h, 0.5)).toBe(37.5);
    expect(quantile(h, 0.95)).toBeCloseTo(48.8, 1);
    h[bucketOf(20_000)] = 100; // half slower than the last bound
    expect(quantile(h, 0.95)).toBe(10_000);
  });
});

describe('function statistics', { tags: ['postgres'] }, () => {
  it('are counted in memory: a request writes nothing until the flush', async () => {
    await t.call('public-site-settings', { method: 'GET' });
    const before = await t.database.db.select().from(functionStats);
    expect(before).toEqual([]);
    await t.services.functionStats.flush();
    const after = await t.database.db.select().from(functionStats);
    expect(after.find((r) => r.name === 'public-site-settings')?.calls).toBeGreaterThanOrEqual(1);
  });

  it('add up across two processes on one database', async () => {
    const logger = pino({ level: 'silent' });
    const mailer = { send: async () => {}, outbox: async () => [] };
    const second = createApp({ env: t.env, database: t.database, logger, mailer, passwordHashing: testPasswordHashing });
    const before = (await t.call('admin-function-stats', { cookie: admin.cookie, body: {} })).json;
    const callsOf = (stats: typeof before, name: string) => stats.functions.find((f: { name: string }) => f.name === name);
    const baseline = callsOf(before, 'explore-top-tags')?.hour.calls ?? 0;

    for (let i = 0; i < 3; i++) await t.call('explore-top-tags', { method: 'GET' });
    for (let i = 0; i < 4; i++) {
      const res = await second.app.request(`${TEST_ORIGIN}/functions/v1/explore-top-tags`, { headers: { origin: TEST_ORIGIN } });
      expect(res.status).toBe(200);
    }
    // Failures of each class, in the second process.
    const guest = await second.app.request(`${TEST_ORIGIN}/functions/v1/profile-me`, { headers: { origin: TEST_ORIGIN } });
    expect(guest.status).toBe(401);
    const guestRequestId = guest.headers.get('x-request-id');

    await Promise.all([t.services.functionStats.flush(), second.services.functionStats.stop()]);
    await second.services.events.stop();

    const stats = (await t.call('admin-function-stats', { cookie: admin.cookie, body: {} })).json;
    const tags = callsOf(stats, 'explore-top-tags');
    expect(tags.hour.calls - baseline).toBe(7);
    expect(tags.day.calls).toBeGreaterThanOrEqual(tags.hour.calls);
    expect(tags.hour.serverErrors).toBe(0);
    expect(tags.hour.errorRate).toBe(0);
    expect(tags.hour.p50).toBeGreaterThan(0);
    expect(tags.hour.p95).toBeGreaterThanOrEqual(tags.hour.p50);

    const me = callsOf(stats, 'profile-me');
    expect(me.hour.clientErrors).toBeGreaterThanOrEqual(1);
    const latest = stats.errors.find((e: { requestId: string | null }) => e.requestId === guestRequestId);
    expect(latest).toMatchObject({ name: 'profile-me', status: 401, code: 'unauthorized' });
    expect(Date.parse(latest.at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('merge histograms bucket by bucket when two flushes hit the same minute', async () => {
    const svc = t.services.functionStats;
    for (let i = 0; i < 5; i++) svc.record({ name: 'synthetic-fn', status: 200, durationMs: 3, code: null, requestId: null });
    await svc.flush();
    for (let i = 0; i < 5; i++) svc.record({ name: 'synthetic-fn', status: 500, durationMs: 700, code: 'internal_error', requestId: `r${i}` });
    await svc.flush();
    const rows = (await t.database.db.select().from(functionStats)).filter((r) => r.name === 'synthetic-fn');
    const total = emptyHistogram();
    for (const r of rows) r.histogram.forEach((n, i) => (total[i]! += n));
    expect(total[bucketOf(3)]).toBe(5);
    expect(total[bucketOf(700)]).toBe(5);
    const stats = (await t.call('admin-function-stats', { cookie: admin.cookie, body: {} })).json;
    const fn = stats.functions.find((f: { name: string }) => f.name === 'synthetic-fn');
    expect(fn.hour).toMatchObject({ calls: 10, serverErrors: 5, errorRate: 0.5 });
    expect(fn.hour.p50).toBeLessThanOrEqual(5);
    expect(fn.hour.p95).toBeGreaterThan(500);
  });
});

describe('/metrics', { tags: ['postgres'] }, () => {
  /** Another process on the same database with `env` changed; answers its app and its log lines. */
  function appWith(env: Partial<TestApp['env']>) {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const mailer = { send: async () => {}, outbox: async () => [] };
    const { app } = createApp({ env: { ...t.env, ...env }, database: t.database, logger, mailer, passwordHashing: testPasswordHashing });
    const get = (headers: Record<string, string> = {}) => app.request(`${TEST_ORIGIN}/metrics`, { headers });
    return { get, lines };
  }

  it('is private in production: without METRICS_TOKEN it answers 404, and the start says so once', async () => {
    const prod = appWith({ NODE_ENV: 'production', METRICS_TOKEN: undefined });
    const res = await prod.get({ authorization: 'Bearer anything' });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
    expect(prod.lines.filter((l) => l.includes('metrics are off: /metrics answers 404 until METRICS_TOKEN is set'))).toHaveLength(1);

    const withToken = appWith({ NODE_ENV: 'production', METRICS_TOKEN: 'prod-token' });
    expect((await withToken.get()).status).toBe(401);
    expect((await withToken.get({ authorization: 'Bearer prod-token' })).status).toBe(200);
    expect(withToken.lines.some((l) => l.includes('metrics are off'))).toBe(false);
  });

  it('stays open without METRICS_TOKEN outside production', async () => {
    const dev = appWith({ NODE_ENV: 'test', METRICS_TOKEN: undefined });
    expect((await dev.get()).status).toBe(200);
    expect(dev.lines.some((l) => l.includes('metrics are off'))).toBe(false);
  });

  it('needs the bearer token when METRICS_TOKEN is set', async () => {
    expect((await t.request('/metrics')).status).toBe(401);
    expect((await t.request('/metrics', { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
  });

  it("answers this process's counters and histograms and process metrics in Prometheus text format", async () => {
    await t.call('explore-top-tags', { method: 'GET' });
    await t.call('profile-me', { body: {} }); // 401
    const res = await t.request('/metrics', { headers: { authorization: 'Bearer scrape-me' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toContain('# TYPE curio_function_calls_total counter');
    expect(text).toMatch(/curio_function_calls_total\{function="explore-top-tags",status_class="2xx"\} \d+/);
    expect(text).toMatch(/curio_function_calls_total\{function="profile-me",status_class="4xx"\} \d+/);
    expect(text).toContain('# TYPE curio_function_duration_seconds histogram');
    expect(text).toMatch(/curio_function_duration_seconds_bucket\{le="0\.005",function="explore-top-tags"\} \d+/);
    expect(text).toMatch(/curio_function_duration_seconds_bucket\{le="\+Inf",function="explore-top-tags"\} \d+/);
    expect(text).toMatch(/process_cpu_user_seconds_total \d/);
    expect(text).toMatch(/nodejs_heap_size_used_bytes \d/);
    // Every sample line is `name{labels} value`.
    for (const line of text.split('\n').filter((l) => l && !l.startsWith('#'))) {
      expect(line).toMatch(/^[a-zA-Z_:][a-zA-Z0-9_:]*(\{[^}]*\})? -?[\d.e+-]+|NaN|[+-]Inf$/);
    }
  });
});

describe('/metrics: the job queues', () => {
  it('shows each queue by state and its oldest wait, read once per scrape', async () => {
    let reads = 0;
    const metrics = createMetrics({
      jobs: {
        stats: async () => {
          reads++;
          return [
            { queue: 'cutout', waiting: 4, retrying: 1, active: 2, failed: 3, oldestWaitingSeconds: 42.5 },
            { queue: 'mail', waiting: 0, retrying: 0, active: 0, failed: 0, oldestWaitingSeconds: 0 },
          ];
        },
      },
    });
    const text = await metrics.text();
    expect(reads).toBe(1);
    expect(text).toContain('# TYPE curio_jobs gauge');
    for (const [state, n] of [
      ['waiting', 4],
      ['retrying', 1],
      ['active', 2],
      ['failed', 3],
    ] as const) {
      expect(text).toContain(`curio_jobs{queue="cutout",state="${state}"} ${n}`);
      expect(text).toContain(`curio_jobs{queue="mail",state="${state}"} 0`);
    }
    expect(text).toContain('curio_jobs_oldest_waiting_seconds{queue="cutout"} 42.5');
    await new Promise((r) => setTimeout(r, 0)); // after the scrape's own reset (a timer set before this one): the next scrape reads again
    await metrics.text();
    expect(reads).toBe(2);
  });

  it('counts the processes working the queue by heartbeat, and the live ones working each queue (0 where none does)', async () => {
    let reads = 0;
    const process = (id: string, alive: boolean, queues: string[]) => ({
      id,
      host: 'web-1',
      pid: 7,
      queues,
      startedAt: '2026-11-28T05:00:00.000Z',
      lastBeatAt: '2026-11-28T05:10:00.000Z',
      secondsSinceBeat: alive ? 3 : 900,
      alive,
      self: false,
    });
    const metrics = createMetrics({
      jobs: {
        stats: async () => [
          { queue: 'cutout', waiting: 2, retrying: 0, active: 0, failed: 0, oldestWaitingSeconds: 75 },
          { queue: 'mail', waiting: 0, retrying: 0, active: 0, failed: 0, oldestWaitingSeconds: 0 },
        ],
        processes: async () => {
          reads++;
          // Two web processes work the mail; the only cut-out worker stopped beating a quarter of an hour ago.
          return [process('a', true, ['mail']), process('b', true, ['mail']), process('c', false, ['cutout'])];
        },
      },
    });
    const text = await metrics.text();
    expect(reads).toBe(1);
    expect(text).toContain('curio_job_processes{state="alive"} 2');
    expect(text).toContain('curio_job_processes{state="stale"} 1');
    expect(text).toContain('curio_job_queue_processes{queue="mail"} 2');
    expect(text).toContain('curio_job_queue_processes{queue="cutout"} 0');
  });

  it('has no job lines where the process has no queue to read', async () => {
    expect(await createMetrics().text()).not.toContain('curio_jobs');
  });
});
