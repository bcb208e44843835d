import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notificationCreatedEventSchema, REALTIME_RETRY_MS } from '@curio/contract';
import { events, items } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { pngBytes, stubGenerator } from '../../test/images';
import { sseReader } from '../../test/sse';
import { countQueries } from '../../test/query-count';
import { createEventsService, EVENTS_CHANNEL, pruneEvents, type DomainEvent } from './events.service';

let t: TestApp;
let photo: Buffer;
type U = Awaited<ReturnType<TestApp['onboardedUser']>>;

beforeAll(async () => {
  t = await createTestApp({ COMMENT_INTERVAL_SECONDS: '0', COMMENTS_PER_HOUR: '1000', EXPLORE_SNAPSHOT_SECONDS: '3600' }, { generator: stubGenerator() });
  await t.services.events.start();
  photo = await pngBytes(60, 75);
});
afterAll(async () => {
  await t.services.realtime.closeAll();
  await t.close();
});

const published = (u: U, title = 'A piece') => t.publishedItem(u.cookie, photo, title);

const connect = (stream: string, cookie?: string, headers: Record<string, string> = {}) => t.request(`/realtime/v1/${stream}`, { cookie, headers });

describe('/realtime/v1/{stream}', { tags: ['postgres'] }, () => {
  it('answers 401 to a guest and 404 to an unknown stream, with the error envelope', async () => {
    const guest = await connect('notifications');
    expect(guest.status).toBe(401);
    expect(await guest.json()).toMatchObject({ error: { code: 'unauthorized' } });
    const u = await t.onboardedUser();
    const unknown = await connect('everything', u.cookie);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('sends the unseen count, then each new notification with its entry and count, ids from the events table', async () => {
    const owner = await t.onboardedUser();
    const friend = await t.onboardedUser();
    const commenter = await t.onboardedUser();
    const itemId = await published(owner);
    const res = await connect('notifications', friend.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const sse = sseReader(res);
    const greeting = await sse.next();
    expect(greeting).toMatchObject({ event: 'unseen', data: JSON.stringify({ count: 0 }) });
    expect(greeting.id).toBeUndefined(); // so that it never moves the browser's Last-Event-ID

    const posted = await t.call('comments-create', { cookie: commenter.cookie, body: { itemId, body: `look @${friend.handle}` } });
    expect(posted.status).toBe(200);
    const msg = await sse.next((m) => m.event === 'notification');
    const payload = notificationCreatedEventSchema.parse(JSON.parse(msg.data!));
    expect(payload).toMatchObject({ unseenCount: 1, notification: { kind: 'mention', refId: itemId, actorId: commenter.userId } });
    const [row] = await t.database.db
      .select()
      .from(events)
      .where(eq(events.id, Number(msg.id)));
    expect(row).toMatchObject({ userId: friend.userId, stream: 'notifications', type: 'notification' });

    // A like notifies the owner only: nothing more arrives on the friend's stream.
    const ownerSse = sseReader(await connect('notifications', owner.cookie));
    expect((await ownerSse.next()).data).toBe(JSON.stringify({ count: 1 })); // the comment
    await t.call('social-like-toggle', { cookie: commenter.cookie, body: { itemId } });
    const liked = await ownerSse.next((m) => m.event === 'notification');
    expect(JSON.parse(liked.data!)).toMatchObject({ unseenCount: 2, notification: { kind: 'like' } });
    await expect(sse.next((m) => m.event === 'notification', 300)).rejects.toThrow('no matching message');
    await sse.cancel();
    await ownerSse.cancel();
  });

  it('replays what was missed after Last-Event-ID, for that user only, then goes on live', async () => {
    const owner = await t.onboardedUser();
    const other = await t.onboardedUser();
    const commenter = await t.onboardedUser();
    const itemId = await published(owner);
    const otherItem = await published(other);
    await t.call('comments-create', { cookie: commenter.cookie, body: { itemId, body: 'first' } });
    const first = await t.database.db
      .select()
      .from(events)
      .where(and(eq(events.userId, owner.userId), eq(events.stream, 'notifications')));
    expect(first).toHaveLength(1);
    await t.call('comments-create', { cookie: commenter.cookie, body: { itemId, body: 'second' } });
    await t.call('comments-create', { cookie: commenter.cookie, body: { itemId: otherItem, body: 'elsewhere' } });
    await t.call('comments-create', { cookie: commenter.cookie, body: { itemId, body: 'third' } });

    const sse = sseReader(await connect('notifications', owner.cookie, { 'last-event-id': String(first[0]!.id) }));
    expect(await sse.next()).toMatchObject({ event: 'unseen', data: JSON.stringify({ count: 3 }) });
    // The event of Last-Event-ID again (the last half minute is read again, see the next test), then the missed two.
    const replayed = [await sse.next(), await sse.next(), await sse.next()];
    // Each carries the count as it is when sent: all three are there by then.
    expect(replayed.map((m) => JSON.parse(m.data!).unseenCount)).toEqual([3, 3, 3]);
    expect(Number(replayed[0]!.id)).toBe(first[0]!.id);
    expect(Number(replayed[1]!.id)).toBeGreaterThan(first[0]!.id);
    expect(Number(replayed[2]!.id)).toBeGreaterThan(Number(replayed[1]!.id));
    await t.call('comments-create', { cookie: commenter.cookie, body: { itemId, body: 'fourth' } });
    expect(JSON.parse((await sse.next()).data!).unseenCount).toBe(4);
    await sse.cancel();
  });

  it('replays to a resuming stream an event with a lower id than Last-Event-ID that committed later', async () => {
    // Two transactions: the first takes id N and commits after the second (id N+1) was delivered; the
    // browser resumes after N+1. The rows are what such a late commit leaves, so the test holds on both databases.
    const u = await t.onboardedUser();
    const late = await t.services.events.record(t.database.db, { userId: u.userId, stream: 'notifications', type: 'notification', payload: { n: 'late' } });
    const seen = await t.services.events.record(t.database.db, { userId: u.userId, stream: 'notifications', type: 'notification', payload: { n: 'seen' } });
    const sse = sseReader(await connect('notifications', u.cookie, { 'last-event-id': String(seen.id) }));
    expect((await sse.next()).event).toBe('unseen');
    const replayed = [await sse.next(), await sse.next()];
    expect(replayed.map((m) => [Number(m.id), JSON.parse(m.data!).n])).toEqual([
      [late.id, 'late'],
      [seen.id, 'seen'], // the browser passes over an id it has handled (lib/sse.ts)
    ]);
    await sse.cancel();
  });

  it('sends a heartbeat comment while idle', async () => {
    const { realtimeRouter } = await import('./realtime.routes');
    const { Hono } = await import('hono');
    const u = await t.onboardedUser();
    const app = new Hono().route(
      '/realtime/v1',
      realtimeRouter({
        auth: t.auth,
        events: t.services.events,
        hub: t.services.realtime,
        notifications: t.services.notifications,
        logger: { error() {} } as never,
        heartbeatMs: 50,
      }),
    );
    const sse = sseReader(await app.request('/realtime/v1/notifications', { headers: { cookie: u.cookie } }));
    expect(await sse.next((m) => m.comment !== undefined, 2000)).toMatchObject({ comment: 'heartbeat' });
    await sse.cancel();
  });

  it('ends open streams on shutdown with a retry hint, and refuses new ones then', async () => {
    const u = await t.onboardedUser();
    const sse = sseReader(await connect('notifications', u.cookie));
    await sse.next();
    expect(t.services.realtime.size).toBeGreaterThan(0);
    await t.services.realtime.closeAll();
    expect(await sse.next((m) => m.retry !== undefined)).toMatchObject({ retry: REALTIME_RETRY_MS });
    await sse.ended(2000);
    expect(t.services.realtime.size).toBe(0);
    const late = await connect('notifications', u.cookie);
    expect(late.status).toBe(503);
  });
});

/**
 * An events service on the test database whose listening connection the test plays: `onPayload` is a
 * NOTIFY arriving, `reconnected` the connection coming back after it dropped.
 */
async function listeningService() {
  let payloadHandler!: (payload: string) => void;
  let reconnectHandler!: () => void;
  const service = createEventsService(t.database.db, {
    logger: { info() {}, error() {} } as never,
    listen: async (_channel, payload, reconnect) => ((payloadHandler = payload), (reconnectHandler = reconnect!), async () => undefined),
  });
  await service.start();
  return { service, onPayload: (p: string) => payloadHandler(p), reconnected: () => reconnectHandler() };
}

describe('events', { tags: ['postgres'] }, () => {
  it('a process catching up after its listening connection dropped delivers what committed late, once, and nothing from before it listened', async () => {
    const u = await t.onboardedUser();
    const record = (n: string) => t.services.events.record(t.database.db, { userId: u.userId, stream: 'photos', type: 'test', payload: { n } });
    const before = await record('before it listened');
    const { service, onPayload, reconnected } = await listeningService();
    const got: DomainEvent[] = [];
    service.subscribe(u.userId, (e) => got.push(e));
    // The late one took the lower id; only the later one was announced before the connection dropped.
    const late = await record('late');
    const announced = await record('announced');
    onPayload(JSON.stringify(announced));
    expect(got.map((e) => e.id)).toEqual([announced.id]);
    const after = await record('while it was away');
    reconnected();
    await vi.waitFor(() => expect(got.map((e) => e.id)).toEqual([announced.id, late.id, after.id]), { timeout: 2_000, interval: 20 });
    // A fixed wait on purpose: "once" means no second delivery follows, and nothing marks when one would.
    const quietPeriod = 100;
    await new Promise((r) => setTimeout(r, quietPeriod));
    expect(got.map((e) => e.id)).toEqual([announced.id, late.id, after.id]);
    expect(got.map((e) => e.id)).not.toContain(before.id);
    await service.stop();
  });

  it('records several events in one statement and announces each as its JSON, in order; one too large for a NOTIFY by its id', async () => {
    const u = await t.onboardedUser();
    const heard: string[] = [];
    const stop = await t.database.listen(EVENTS_CHANNEL, (payload) => heard.push(payload));
    const counter = countQueries(t.database);
    try {
      const recorded = await t.services.events.recordMany(t.database.db, [
        { userId: u.userId, stream: 'test', type: 'first', payload: { text: 'é, "quoted", 高达' } },
        { userId: null, stream: 'test', type: 'second', payload: { big: 'x'.repeat(8_000) } },
        { userId: u.userId, stream: 'test', type: 'third', payload: { n: 3 } },
      ]);
      // The rows and their NOTIFYs in one statement (a listener reading the large one by its id is apart).
      const writes = counter.texts.filter((text) => /insert into "events"|pg_notify/.test(text));
      expect(writes, counter.texts.join('\n')).toHaveLength(1);
      expect(recorded.map((e) => e.type)).toEqual(['first', 'second', 'third']);
      expect(recorded[0]!.id).toBeLessThan(recorded[1]!.id);
      const ids = new Set(recorded.map((e) => e.id));
      const mine = () => heard.map((p) => JSON.parse(p) as { id: number }).filter((e) => ids.has(e.id));
      await vi.waitFor(() => expect(mine()).toHaveLength(3), { timeout: 3_000, interval: 20 });
      expect(mine()).toEqual([recorded[0], { id: recorded[1]!.id }, recorded[2]]);
    } finally {
      counter.restore();
      await stop();
    }
  });

  it('tells what waits for hints that some may have been missed when its listening connection comes back', async () => {
    const { service, onPayload, reconnected } = await listeningService();
    let missed = 0;
    const hints: unknown[] = [];
    service.onHint('item.touched', (data) => hints.push(data));
    const stop = service.onHintsMissed(() => missed++);
    // A hint from another process while listening arrives; nothing was missed.
    onPayload(JSON.stringify({ hint: 'item.touched', data: { itemIds: ['a'] }, from: 'another process' }));
    expect(hints).toEqual([{ itemIds: ['a'] }]);
    expect(missed).toBe(0);
    reconnected();
    expect(missed).toBe(1);
    stop();
    reconnected();
    expect(missed).toBe(1);
    await service.stop();
  });

  it('clears explore when a broadcast arrives, even for a change this process did not make', async () => {
    const owner = await t.onboardedUser();
    const itemId = await published(owner, 'Quietly hidden');
    // Older than the current snapshot window (an hour long here), so the ranking includes it.
    await t.database.db
      .update(items)
      .set({ createdAt: new Date(Date.now() - 2 * 3_600_000) })
      .where(eq(items.id, itemId));
    const list = async () =>
      ((await t.call('explore-list', { method: 'GET', query: { sort: 'new' } })).json.items as { itemId?: string; id?: string }[]).map((i) => i.itemId ?? i.id);
    expect(await list()).toContain(itemId);
    // Hidden behind the service's back (as another process would): the cached page still shows it.
    await t.database.db.update(items).set({ hidden: true }).where(eq(items.id, itemId));
    expect(await list()).toContain(itemId);
    await t.services.events.record(t.database.db, { userId: null, stream: 'explore', type: 'item.changed', payload: { itemId } });
    await vi.waitFor(async () => expect(await list()).not.toContain(itemId), { timeout: 3_000, interval: 20 });
  });

  it('records a broadcast on the explore stream when an item is edited or deleted, or a profile changes visibility or what items show of it', async () => {
    const u = await t.onboardedUser();
    const itemId = await published(u);
    const broadcasts = async () =>
      (await t.database.db.select().from(events).where(eq(events.stream, 'explore')))
        .filter((e) => JSON.stringify(e.payload).includes(itemId) || JSON.stringify(e.payload).includes(u.userId))
        .map((e) => ({ userId: e.userId, type: e.type, payload: e.payload }));
    expect((await t.call('items-update', { cookie: u.cookie, body: { itemId, title: 'Renamed', tags: [], nsfw: false } })).status).toBe(200);
    expect((await t.call('settings-update', { cookie: u.cookie, body: { profilePublic: false } })).status).toBe(200);
    expect((await t.call('onboarding-complete', { cookie: u.cookie, body: { handle: u.handle, displayName: 'Again', bio: '', public: true } })).status).toBe(
      200,
    );
    // The name changes (items show it); then the same answers again change nothing.
    for (let n = 0; n < 2; n++) {
      expect((await t.call('onboarding-complete', { cookie: u.cookie, body: { handle: u.handle, displayName: 'Same', bio: '', public: true } })).status).toBe(
        200,
      );
    }
    expect((await t.call('items-delete', { cookie: u.cookie, body: { itemId } })).status).toBe(200);
    expect(await broadcasts()).toEqual([
      { userId: null, type: 'item.changed', payload: { itemId } },
      { userId: null, type: 'profile.visibility', payload: { userId: u.userId, public: false } },
      { userId: null, type: 'profile.visibility', payload: { userId: u.userId, public: true } },
      { userId: null, type: 'profile.shown', payload: { userId: u.userId } },
      { userId: null, type: 'item.changed', payload: { itemId } },
    ]);
  });

  it.skipIf(!process.env.DATABASE_URL)('listens again after its connection drops and delivers what was recorded meanwhile', async () => {
    const u = await t.onboardedUser();
    const received: number[] = [];
    const unsubscribe = t.services.events.subscribe(u.userId, (e) => received.push(e.id));
    const { sql } = await import('drizzle-orm');
    const killed = await t.database.db.execute(
      sql`select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`,
    );
    expect(killed.rows).toHaveLength(1);
    const missed = await t.services.events.record(t.database.db, { userId: u.userId, stream: 'notifications', type: 'x', payload: {} });
    await vi.waitFor(() => expect(received).toContain(missed.id), { timeout: 5_000, interval: 25 });
    expect(received).toEqual([missed.id]);
    // Listening again: the next event arrives through NOTIFY.
    const next = await t.services.events.record(t.database.db, { userId: u.userId, stream: 'notifications', type: 'x', payload: {} });
    await vi.waitFor(() => expect(received).toContain(next.id), { timeout: 5_000, interval: 25 });
    expect(received).toEqual([missed.id, next.id]);
    unsubscribe();
  });

  it('records nothing when the change rolls back', async () => {
    const u = await t.onboardedUser();
    const before = await t.database.db.select().from(events).where(eq(events.userId, u.userId));
    await expect(
      t.database.db.transaction(async (tx) => {
        await t.services.events.record(tx, { userId: u.userId, stream: 'notifications', type: 'notification', payload: {} });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await t.database.db.select().from(events).where(eq(events.userId, u.userId))).toEqual(before);
  });

  it('pruneEvents deletes events older than a day and keeps newer ones', async () => {
    const u = await t.onboardedUser();
    const old = await t.services.events.record(t.database.db, { userId: u.userId, stream: 'notifications', type: 'x', payload: {} });
    const recent = await t.services.events.record(t.database.db, { userId: u.userId, stream: 'notifications', type: 'x', payload: {} });
    await t.database.db
      .update(events)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(events.id, old.id));
    expect(await pruneEvents(t.database.db)).toBeGreaterThanOrEqual(1);
    const left = (await t.database.db.select({ id: events.id }).from(events).where(eq(events.userId, u.userId))).map((r) => r.id);
    expect(left).toContain(recent.id);
    expect(left).not.toContain(old.id);
  });
});
