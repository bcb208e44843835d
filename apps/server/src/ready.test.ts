import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from './app';
import { openPostgres } from './db/client';
import { rowsOf } from './db/rows';
import { createTestApp, TEST_ORIGIN, type TestApp } from './test/harness';
import { startTcpProxy } from './test/tcp-proxy';
import { testPasswordHashing } from './test/password-hashing';

// /ready is what a load balancer asks: this process takes requests, its database answers and its
// migrations are applied. Anything else answers 503 so that traffic goes to another process.
const mailer = { send: async () => {}, outbox: async () => [] };
const logger = pino({ level: 'silent' });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('/ready', () => {
  it('answers 200 when migrated and the database answers', async () => {
    const res = await t.request('/ready');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready', database: true, migrations: true });
  });

  it('answers 503 until the migrations are applied', async () => {
    let migrated = false;
    const { app, services } = createApp({ env: t.env, database: t.database, logger, mailer, isMigrated: () => migrated, passwordHashing: testPasswordHashing });
    const res = await app.request(`${TEST_ORIGIN}/ready`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 'starting', migrations: false });
    migrated = true;
    expect((await app.request(`${TEST_ORIGIN}/ready`)).status).toBe(200);
    await services.events.stop();
  });

  it('answers 503 from the moment shutdown begins, while other requests are still served', async () => {
    const { app, services, startDraining } = createApp({ env: t.env, database: t.database, logger, mailer, passwordHashing: testPasswordHashing });
    expect((await app.request(`${TEST_ORIGIN}/ready`)).status).toBe(200);
    startDraining();
    const res = await app.request(`${TEST_ORIGIN}/ready`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 'draining' });
    expect((await app.request(`${TEST_ORIGIN}/health`)).status).toBe(200);
    expect((await app.request(`${TEST_ORIGIN}/functions/v1/item-get?itemId=${randomUUID()}`)).status).toBe(404);
    await services.events.stop();
  });
});

/**
 * The test database reached through a proxy the test controls (the real server keeps running), and an
 * app on it, created with the proxy already cut when asked; `close` ends both.
 */
async function appBehindProxy(options: { cutFirst?: boolean } = {}) {
  const probe = await t.database.db.execute<{ db: string }>('select current_database() as db' as never);
  const db = rowsOf<{ db: string }>(probe)[0]!.db;
  const target = new URL(process.env.DATABASE_URL!);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const url = new URL(target);
  url.host = `127.0.0.1:${proxy.port}`;
  url.pathname = `/${db}`;
  const database = openPostgres(url.toString(), 4, () => undefined);
  if (options.cutFirst) await proxy.cut();
  const { app, auth, services } = createApp({ env: t.env, database, logger, mailer, passwordHashing: testPasswordHashing });
  const close = async () => {
    await proxy.restore().catch(() => undefined);
    await services.events.stop().catch(() => undefined);
    await services.jobs.stop().catch(() => undefined);
    await database.close().catch(() => undefined);
    await proxy.close();
  };
  return { app, auth, proxy, close };
}

describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL out of reach (a proxy between the app and the server, cut and restored)', { tags: ['postgres'] }, () => {
  it('answers 503 on /ready and a clean 503 envelope on requests, then recovers without a restart', async () => {
    const { app, proxy, close } = await appBehindProxy();
    const item = () => app.request(`${TEST_ORIGIN}/functions/v1/item-get?itemId=${randomUUID()}`);
    try {
      expect((await app.request(`${TEST_ORIGIN}/ready`)).status).toBe(200);
      expect((await item()).status).toBe(404);

      await proxy.cut();
      const ready = await app.request(`${TEST_ORIGIN}/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: 'database_unreachable', database: false });
      for (let i = 0; i < 5; i++) {
        const res = await item();
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toBe('5');
        expect(await res.json()).toEqual({ error: { code: 'unavailable', message: expect.any(String) } });
      }

      await proxy.restore();
      expect((await app.request(`${TEST_ORIGIN}/ready`)).status).toBe(200);
      expect((await item()).status).toBe(404);
    } finally {
      await close();
    }
  }, 60_000);

  it('starts auth once the database is back when it was out of reach as the process started', async () => {
    const { app, auth, proxy, close } = await appBehindProxy({ cutFirst: true });
    const rejected = vi.fn();
    process.on('unhandledRejection', rejected);
    try {
      // better-auth's start-up (its OAuth provider seeds a row) meets the cut connection and waits.
      const started = auth.$context.then(() => 'started');
      expect(await Promise.race([started, new Promise((r) => setTimeout(() => r('waiting'), 1500))])).toBe('waiting');
      await proxy.restore();
      expect(await started).toBe('started');
      const res = await app.request(`${TEST_ORIGIN}/auth/v1/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
        body: JSON.stringify({ email: `late-${randomUUID()}@example.com`, password: 'a long enough password', name: 'Late' }),
      });
      expect(res.status).toBe(200);
      expect(rejected).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', rejected);
      await close();
    }
  }, 60_000);
});
