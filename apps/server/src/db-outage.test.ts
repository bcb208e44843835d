import pino from 'pino';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from './app';
import { openPostgres, type Database } from './db/client';
import { createTestApp, TEST_ORIGIN, type TestApp } from './test/harness';
import { sseReader } from './test/sse';
import { startTcpProxy } from './test/tcp-proxy';
import { testPasswordHashing } from './test/password-hashing';

// PostgreSQL going away and coming back under load, as a restart of the server does. The shared
// server cannot be restarted by a test, so the app reaches it through a proxy that drops every
// connection and refuses new ones (a restart as the app sees it), then accepts them again.
const logger = pino({ level: 'silent' });
const mailer = { send: async () => {}, outbox: async () => [] };

describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL restarted under load', { tags: ['postgres'] }, () => {
  let t: TestApp;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let closed = false;

  beforeAll(async () => {
    t = await createTestApp();
    const probe = await t.database.db.execute(sql`select current_database() as db`);
    const dbName = (probe.rows[0] as { db: string }).db;
    const target = new URL(process.env.DATABASE_URL!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const url = new URL(target);
    url.host = `127.0.0.1:${proxy.port}`;
    url.pathname = `/${dbName}`;
    database = openPostgres(url.toString(), 6, () => undefined);
    app = createApp({ env: t.env, database, logger, mailer, passwordHashing: testPasswordHashing });
    await app.services.events.start();
  });
  afterAll(async () => {
    await app?.services.events.stop().catch(() => undefined);
    await app?.services.jobs.stop().catch(() => undefined);
    if (!closed) await database?.close().catch(() => undefined);
    await proxy?.close();
    await t?.close();
  });

  /** The next notification on a stream from this actor (messages before it are passed over); answers its event id. */
  async function notificationFrom(stream: ReturnType<typeof sseReader>, actorId: string) {
    const message = await stream.next((m) => m.event === 'notification' && (m.data ?? '').includes(actorId), 20_000);
    return message.id!;
  }

  it('answers a clean 503 envelope while it is down, recovers without a restart, and live streams go on and resume', async () => {
    const owner = await t.onboardedUser();
    const fans = [await t.onboardedUser(), await t.onboardedUser(), await t.onboardedUser()];
    // Three shown items of the owner.
    await t.database.db.execute(
      sql`insert into images (id, kind, master_format, width, height, bytes) values ('outageimage0000000000000', 'composite', 'jpg', 10, 10, 1)`,
    );
    const inserted = await t.database.db.execute(
      sql`insert into items (shelf_id, user_id, title, tags) select s.id, s.user_id, 'Shown ' || g, array['robots'] from shelves s, generate_series(1, 3) g where s.user_id = ${owner.userId} returning id`,
    );
    const itemIds = (inserted.rows as { id: string }[]).map((r) => r.id);
    await t.database.db.execute(
      sql`insert into composites (item_id, image_id, style, variant_no, generation_id) select id, 'outageimage0000000000000', 'bookshelf_hero', 1, gen_random_uuid() from items where user_id = ${owner.userId}`,
    );
    await t.database.db.execute(sql`update items i set chosen_composite_id = c.id from composites c where c.item_id = i.id and i.user_id = ${owner.userId}`);

    const request = (path: string, init: { cookie?: string; body?: unknown } = {}) =>
      app.app.request(`${TEST_ORIGIN}${path}`, {
        method: init.body === undefined ? 'GET' : 'POST',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', ...(init.cookie ? { cookie: init.cookie } : {}) },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
    const like = (fan: { cookie: string }, itemId: string) =>
      request('/functions/v1/social-like-toggle', { cookie: fan.cookie, body: { itemId, liked: true } });

    // A bell open before the outage; the first like arrives on it.
    const streamRes = await request('/realtime/v1/notifications', { cookie: owner.cookie });
    expect(streamRes.status).toBe(200);
    const bell = sseReader(streamRes);
    expect((await like(fans[0]!, itemIds[0]!)).status).toBe(200);
    const firstId = await notificationFrom(bell, fans[0]!.userId);

    // Load: eight clients reading items and liking without pause, for the whole test.
    const statuses = { before: new Map<number, number>(), down: new Map<number, number>(), after: new Map<number, number>() };
    let phase: keyof typeof statuses = 'before';
    const badBodies: string[] = [];
    let loading = true;
    const client = async (n: number) => {
      for (let k = 0; loading; k++) {
        const res =
          k % 2
            ? await request(`/functions/v1/item-get?itemId=${itemIds[k % 3]}`)
            : await request('/functions/v1/social-like-toggle', { cookie: fans[n % 3]!.cookie, body: { itemId: itemIds[2], liked: k % 4 === 0 } });
        const p = phase;
        statuses[p].set(res.status, (statuses[p].get(res.status) ?? 0) + 1);
        if (res.status !== 200) {
          const body = await res.text();
          const ok = res.status === 503 && res.headers.get('retry-after') === '5' && /^\{"error":\{"code":"unavailable","message":"[^"]+"\}\}$/.test(body);
          if (!ok) badBodies.push(`${p} ${res.status} ${res.headers.get('retry-after')} ${body.slice(0, 200)}`);
        } else await res.arrayBuffer();
        if (p === 'down') await new Promise((r) => setTimeout(r, 20)); // failures are quick: do not spin
      }
    };
    const clients = Array.from({ length: 8 }, (_, n) => client(n));
    /** Until the load has had `count` answers of `status` in the phase. */
    const answered = (p: keyof typeof statuses, status: number, count: number) =>
      vi.waitFor(() => expect(statuses[p].get(status) ?? 0).toBeGreaterThan(count), { timeout: 15_000, interval: 50 });
    await answered('before', 200, 10);

    // Down until the load has met the outage many times, and the server reports it.
    await proxy.cut();
    phase = 'down';
    await answered('down', 503, 10);
    await vi.waitFor(async () => expect((await request('/ready')).status).toBe(503), { timeout: 15_000, interval: 100 });

    // Back: the app recovers by itself.
    await proxy.restore();
    const backAt = Date.now();
    let recovered = false;
    while (!recovered && Date.now() - backAt < 15_000) {
      recovered = (await request('/ready')).status === 200 && (await request(`/functions/v1/item-get?itemId=${itemIds[0]}`)).status === 200;
      if (!recovered) await new Promise((r) => setTimeout(r, 100));
    }
    expect(recovered).toBe(true);
    phase = 'after';
    await answered('after', 200, 10);
    loading = false;
    await Promise.all(clients);

    expect(badBodies).toEqual([]); // nothing but 200 or the 503 envelope, ever (no 500)
    expect(statuses.before.get(200)).toBeGreaterThan(10);
    expect(statuses.down.get(503)).toBeGreaterThan(10);
    expect([...statuses.after.keys()]).toEqual([200]);

    // The bell open through the outage gets what happens after it (the app listens again)…
    expect((await like(fans[1]!, itemIds[1]!)).status).toBe(200);
    const secondId = await notificationFrom(bell, fans[1]!.userId);
    expect(Number(secondId)).toBeGreaterThan(Number(firstId));
    await bell.cancel();
    // …and a browser that lost its stream resumes from Last-Event-ID with what it missed.
    const resumed = await app.app.request(`${TEST_ORIGIN}/realtime/v1/notifications`, { headers: { cookie: owner.cookie, 'last-event-id': firstId } });
    expect(resumed.status).toBe(200);
    const again = sseReader(resumed);
    expect(await notificationFrom(again, fans[1]!.userId)).toBe(secondId);
    await again.cancel();

    // Every connection that failed in the outage went back to the pool: the pool closes at once
    // (a client lost by a failed BEGIN used to hold the close, and a shutdown, forever).
    await app.services.events.stop();
    const closing = database.close().then(() => 'closed');
    expect(await Promise.race([closing, new Promise((r) => setTimeout(() => r('still open after 5 s'), 5000))])).toBe('closed');
    closed = true;
  }, 90_000);
});
