import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { openPostgres } from './db/client';
import { createTestApp, TEST_ORIGIN, type TestApp } from './test/harness';
import { startTcpProxy } from './test/tcp-proxy';

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
    const { app, services } = createApp({ env: t.env, database: t.database, logger, mailer, isMigrated: () => migrated });
    const res = await app.request(`${TEST_ORIGIN}/ready`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 'starting', migrations: false });
    migrated = true;
    expect((await app.request(`${TEST_ORIGIN}/ready`)).status).toBe(200);
    await services.events.stop();
  });

  it('answers 503 from the moment shutdown begins, while other requests are still served', async () => {
    const { app, services, startDraining } = createApp({ env: t.env, database: t.database, logger, mailer });
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

describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL out of reach (a proxy between the app and the server, cut and restored)', () => {
  it('answers 503 on /ready and a clean 503 envelope on requests, then recovers without a restart', async () => {
    // The test database, reached through a proxy the test controls (the real server keeps running).
    const probe = await t.database.db.execute<{ db: string; port: string }>(
      "select current_database() as db, current_setting('port') as port" as never,
    );
    const row = ((probe as unknown as { rows?: { db: string; port: string }[] }).rows ?? (probe as unknown as { db: string; port: string }[]))[0]!;
    const target = new URL(process.env.DATABASE_URL!);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const url = new URL(target);
    url.host = `127.0.0.1:${proxy.port}`;
    url.pathname = `/${row.db}`;
    const database = openPostgres(url.toString(), 4, () => undefined);
    const { app, services } = createApp({ env: t.env, database, logger, mailer });
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
      await proxy.restore().catch(() => undefined);
      await services.events.stop().catch(() => undefined);
      await services.jobs.stop().catch(() => undefined);
      await database.close().catch(() => undefined);
      await proxy.close();
    }
  }, 60_000);
});
