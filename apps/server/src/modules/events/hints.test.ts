import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { events } from '../../db/schema';
import { createSecondApp } from '../../test/second-app';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/harness';
import { pngBytes, stubGenerator } from '../../test/images';
import { ITEM_PAGE_CACHE_MS } from '../items/item-pages.service';
import { createEventsService, type DomainEvent } from './events.service';
import { sseReader } from '../../test/sse';

/**
 * Two apps on one database stand for two processes: each has its own caches and its own events
 * service listening on the channel (PGlite delivers NOTIFY to every listener of its one process;
 * PostgreSQL to every connection that listens).
 */
let a: TestApp;
let b: ReturnType<typeof createSecondApp>;
let photo: Buffer;

beforeAll(async () => {
  a = await createTestApp({}, { generator: stubGenerator() });
  b = createSecondApp(a);
  await Promise.all([a.services.events.start(), b.services.events.start()]);
  photo = await pngBytes(60, 75);
});
afterAll(async () => {
  await Promise.all([a.services.realtime.closeAll(), b.services.realtime.closeAll()]);
  await b.services.functionStats.stop();
  await b.services.events.stop();
  await a.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/**
 * A fixed wait, on purpose: for the checks that something does NOT arrive (a muted hint, the sender's
 * own hint), no event marks the moment it would have; this bounds how long the test watches for it.
 */
const quietPeriod = (ms: number) => sleep(ms);

/** A guest's item page at B, through its server entry (where kept answers are served). */
const guestAtB = async (itemId: string) =>
  (await (await b.fetch(new Request(`${TEST_ORIGIN}/functions/v1/item-get?itemId=${itemId}`))).json()) as { item: { counts: { likes: number } } };
/** A signed-in viewer's item page at B. */
const viewerAtB = async (itemId: string, cookie: string) =>
  (await (
    await b.app.request(`${TEST_ORIGIN}/functions/v1/item-get`, {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ itemId }),
    })
  ).json()) as { item: { counts: { likes: number } }; viewer: { isOwner: boolean } };

/** Polls until both B's guest and viewer answers show `likes`; returns how long it took. */
async function bShows(itemId: string, cookie: string, likes: number, withinMs: number) {
  const start = Date.now();
  for (;;) {
    const [guest, viewer] = await Promise.all([guestAtB(itemId), viewerAtB(itemId, cookie)]);
    if (guest.item.counts.likes === likes && viewer.item.counts.likes === likes) return Date.now() - start;
    if (Date.now() - start > withinMs)
      throw new Error(`B still shows guest ${guest.item.counts.likes} / viewer ${viewer.item.counts.likes} likes, not ${likes}`);
    await sleep(20);
  }
}

describe('a like through one process drops the item page another process keeps', { tags: ['postgres'] }, () => {
  it('is in B’s answers (guest and signed-in non-owner) within a second, long before the cache would expire', async () => {
    const owner = await a.onboardedUser();
    const fan = await a.onboardedUser();
    const viewer = await a.onboardedUser();
    const itemId = await a.publishedItem(owner.cookie, photo, 'Seen from B');

    // B keeps the page: read it as a guest and as someone else than the owner.
    const warmedAt = Date.now();
    expect((await guestAtB(itemId)).item.counts.likes).toBe(0);
    const seen = await viewerAtB(itemId, viewer.cookie);
    expect(seen).toMatchObject({ viewer: { isOwner: false }, item: { counts: { likes: 0 } } });

    expect((await a.call('social-like-toggle', { cookie: fan.cookie, body: { itemId, liked: true } })).status).toBe(200);
    expect(await bShows(itemId, viewer.cookie, 1, 1000)).toBeLessThanOrEqual(1000);
    // Shown while B's copy would still have been kept: the hint dropped it, not its expiry.
    expect(Date.now() - warmedAt).toBeLessThan(ITEM_PAGE_CACHE_MS);

    // The control: without the hint, B goes on serving what it keeps.
    expect((await guestAtB(itemId)).item.counts.likes).toBe(1); // kept again at B
    const muted = vi.spyOn(a.services.events, 'hint').mockResolvedValue(undefined);
    try {
      expect((await a.call('social-like-toggle', { cookie: fan.cookie, body: { itemId, liked: false } })).status).toBe(200);
      await quietPeriod(200);
      expect((await guestAtB(itemId)).item.counts.likes).toBe(1);
      expect((await viewerAtB(itemId, viewer.cookie)).item.counts.likes).toBe(1);
    } finally {
      muted.mockRestore();
    }
    // A later like (or unlike) through A drops it again: the count is right once more.
    expect((await a.call('social-like-toggle', { cookie: fan.cookie, body: { itemId, liked: true } })).status).toBe(200);
    await bShows(itemId, viewer.cookie, 1, 1000);
    expect((await a.call('social-like-toggle', { cookie: fan.cookie, body: { itemId, liked: false } })).status).toBe(200);
    await bShows(itemId, viewer.cookie, 0, 1000);
  });
});

describe('hints', { tags: ['postgres'] }, () => {
  it('reach the other processes’ handlers, not the sender’s, and record nothing', async () => {
    const atA: unknown[] = [];
    const atB: unknown[] = [];
    const offA = a.services.events.onHint('test.ping', (d) => atA.push(d));
    const offB = b.services.events.onHint('test.ping', (d) => atB.push(d));
    const rowsBefore = (await a.database.db.select({ id: events.id }).from(events)).length;
    try {
      await a.services.events.hint('test.ping', { n: 1 });
      await vi.waitFor(() => expect(atB).toEqual([{ n: 1 }]), { timeout: 1_000, interval: 20 });
      await quietPeriod(50); // as long again for the sender's own handler, which must not hear it
      expect(atA).toEqual([]);
      expect((await a.database.db.select({ id: events.id }).from(events)).length).toBe(rowsBefore);
    } finally {
      offA();
      offB();
    }
  });

  it.skipIf(process.env.DATABASE_URL)('on the embedded database, reach the other apps without a statement', async () => {
    const client = (a.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const query = vi.spyOn(client, 'query');
    const atB: unknown[] = [];
    const offB = b.services.events.onHint('test.ping', (d) => atB.push(d));
    try {
      await a.services.events.hint('test.ping', { n: 3 });
      await vi.waitFor(() => expect(atB).toEqual([{ n: 3 }]), { timeout: 1_000, interval: 20 });
      expect(query.mock.calls.filter(([text]) => String(text).includes('pg_notify'))).toEqual([]);
    } finally {
      offB();
      query.mockRestore();
    }
  });

  it('leave recorded events and their catch-up alone', async () => {
    const u = await a.onboardedUser();
    let onPayload!: (payload: string) => void;
    const service = createEventsService(a.database.db, {
      logger: { info() {}, warn() {}, error() {} } as never,
      listen: async (_channel, payload) => ((onPayload = payload), async () => undefined),
    });
    await service.start();
    const got: DomainEvent[] = [];
    const hinted: unknown[] = [];
    service.subscribe(u.userId, (e) => got.push(e));
    service.onHint('test.ping', (d) => hinted.push(d));
    const first = await a.services.events.record(a.database.db, { userId: u.userId, stream: 'notifications', type: 'x', payload: {} });
    onPayload(JSON.stringify({ hint: 'test.ping', data: { n: 2 }, from: 'another process' }));
    onPayload(JSON.stringify(first));
    await vi.waitFor(
      () => {
        expect(hinted).toEqual([{ n: 2 }]);
        expect(got.map((e) => e.id)).toEqual([first.id]);
      },
      { timeout: 1_000, interval: 10 },
    );
    await service.stop();
  });

  it('never fail their sender: a hint that cannot be sent is logged', async () => {
    const warn = vi.fn();
    const broken = { execute: () => Promise.reject(new Error('database gone')) };
    const service = createEventsService(broken as never, { logger: { info() {}, warn, error() {} } as never });
    await expect(service.hint('test.ping', {})).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ hint: 'test.ping' }), 'could not announce a hint');
  });
});

describe('a change of the site settings', { tags: ['postgres'] }, () => {
  it('is said at once on every open notifications stream, in the process that made it and in the others', async () => {
    const admin = await a.signUp('hints-admin@example.com');
    await a.services.roles.grantByEmail(admin.email, 'admin');
    const [atA, atB] = [await a.onboardedUser(), await a.onboardedUser()];
    const open = async (res: Response) => {
      expect(res.status).toBe(200);
      const sse = sseReader(res);
      await sse.next((m) => m.event === 'unseen'); // connected
      return sse;
    };
    const streamA = await open(await a.request('/realtime/v1/notifications', { cookie: atA.cookie }));
    const streamB = await open(await b.app.request(`${TEST_ORIGIN}/realtime/v1/notifications`, { headers: { cookie: atB.cookie } }));
    const changed = await a.call('admin-settings-update', { cookie: admin.cookie, body: { maintenanceMode: true } });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    for (const sse of [streamA, streamB]) {
      const said = await sse.next((m) => m.event === 'site-settings', 2_000);
      expect(said.id).toBeUndefined(); // never moves the browser's Last-Event-ID
    }
    expect((await a.call('admin-settings-update', { cookie: admin.cookie, body: { maintenanceMode: false } })).status).toBe(200);
    await streamB.next((m) => m.event === 'site-settings', 2_000);
  });

  it('is said to guests too, on the site stream, in every process (a guest on the maintenance page leaves it at once)', async () => {
    const admin = await a.signUp('hints-admin-2@example.com');
    await a.services.roles.grantByEmail(admin.email, 'admin');
    const open = async (res: Response) => {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const sse = sseReader(res);
      await sse.next((m) => m.comment === 'open'); // registered
      return sse;
    };
    // No cookie: a guest.
    const streamA = await open(await a.request('/realtime/v1/site'));
    const streamB = await open(await b.app.request(`${TEST_ORIGIN}/realtime/v1/site`));
    expect((await a.call('admin-settings-update', { cookie: admin.cookie, body: { maintenanceMode: true } })).status).toBe(200);
    for (const sse of [streamA, streamB]) {
      const said = await sse.next((m) => m.event === 'site-settings', 2_000);
      expect(said.id).toBeUndefined();
      expect(said.data).toBe('{}');
    }
    expect((await a.call('admin-settings-update', { cookie: admin.cookie, body: { maintenanceMode: false } })).status).toBe(200);
    await streamA.next((m) => m.event === 'site-settings', 2_000);
  });
});
