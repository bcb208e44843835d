import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, items, itemStats, itemViews, profiles } from '../../db/schema';
import { pngBytes, stubGenerator } from '../../test/images';
import { createTestApp, type TestApp } from '../../test/harness';
import { exploreRepository } from '../explore/explore.repository';
import { API } from '@curio/contract';

const ANALYTICS_RATE_LIMIT = API['analytics-track'].rateLimit;

// Guests are told apart by address (X-Forwarded-For behind a trusted proxy) and user agent.
let t: TestApp;
let photo: Buffer;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' }, { generator: stubGenerator() });
  photo = await pngBytes(60, 75);
});
afterAll(() => t.close());

type U = Awaited<ReturnType<TestApp['onboardedUser']>>;

async function published(u: U, title: string) {
  return (await t.publish(u.cookie, photo, { title })).id;
}

const view = (itemId: string, opts: { cookie?: string; address?: string; agent?: string } = {}) =>
  t.call('analytics-track', {
    cookie: opts.cookie,
    headers: { 'x-forwarded-for': opts.address ?? '203.0.113.7', 'user-agent': opts.agent ?? 'Mozilla/5.0 test' },
    body: { name: 'item_view', path: `/i/${itemId}`, props: { itemId } },
  });
const views = async (itemId: string) => {
  const [row] = await t.database.db.select({ n: itemStats.viewCount }).from(itemStats).where(eq(itemStats.itemId, itemId));
  return row?.n ?? 0;
};
const trending = () =>
  exploreRepository(t.database.db).rank({ sort: 'trending', from: null, snapshot: new Date(Date.now() + 5000), includeNsfw: false, max: 50 });

describe('counted item views', { tags: ['postgres'] }, () => {
  it('counts 1,000 guest views from one address as one, and they no longer flip the trending order', async () => {
    const owner = await t.onboardedUser();
    const liked = await published(owner, 'Liked');
    const bought = await published(owner, 'Bought');
    const fan = await t.onboardedUser();
    expect((await t.call('social-like-toggle', { cookie: fan.cookie, body: { itemId: liked } })).status).toBe(200);

    // 100 at a time: 1,000 at once queue for the pool's 10 connections on PostgreSQL, and on a busy machine the last
    // ones wait past its 5 s and answer 503, as they should (the limiter counts concurrent hits either way).
    const answers: Awaited<ReturnType<typeof view>>[] = [];
    for (let batch = 0; batch < 10; batch++) answers.push(...(await Promise.all(Array.from({ length: 100 }, () => view(bought)))));
    const statuses = answers.map((a) => a.status);
    expect(new Set(statuses)).toEqual(new Set([200, 429]));
    // The viewer's rate limit lets the first ones through; none of them counts twice.
    expect(statuses.filter((s) => s === 200)).toHaveLength(ANALYTICS_RATE_LIMIT.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1000 - ANALYTICS_RATE_LIMIT.max);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.json.error.code).toBe('rate_limited');
    expect(Number(refused.res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await views(bought)).toBe(1);

    const order = await trending();
    expect(order.indexOf(liked)).toBeLessThan(order.indexOf(bought));
  });

  it('never counts the owner, counts two users as two (once each per day), and guests per address and user agent', async () => {
    const owner = await t.onboardedUser();
    const itemId = await published(owner, 'Counted');
    for (let i = 0; i < 3; i++) expect((await view(itemId, { cookie: owner.cookie, address: '198.51.100.1' })).json).toEqual({ stored: true });
    expect(await views(itemId)).toBe(0);

    const a = await t.onboardedUser();
    const b = await t.onboardedUser();
    // A signed-in viewer is one viewer from any address; 20 concurrent views of each count once.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => view(itemId, { cookie: i % 2 ? a.cookie : b.cookie, address: `198.51.100.${10 + (i % 7)}` })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(40).fill(200));
    expect(await views(itemId)).toBe(2);

    await view(itemId, { address: '192.0.2.1' });
    await view(itemId, { address: '192.0.2.1' });
    await view(itemId, { address: '192.0.2.2' });
    await view(itemId, { address: '192.0.2.2', agent: 'Another browser' });
    expect(await views(itemId)).toBe(5);
    expect((await t.call('item-get', { body: { itemId } })).json.item.counts.views).toBe(5);
    // Counted views keep no identity: only a keyed hash of the viewer.
    const stored = await t.database.db.select({ viewer: itemViews.viewer }).from(itemViews).where(eq(itemViews.itemId, itemId));
    expect(stored).toHaveLength(5);
    for (const row of stored) {
      expect(row.viewer).not.toContain(a.userId);
      expect(row.viewer).not.toContain('192.0.2');
    }
  });

  it('refuses the view of an item the viewer may not see (private owner, hidden), storing and counting nothing', async () => {
    const owner = await t.onboardedUser();
    const itemId = await published(owner, 'Private');
    await t.database.db.update(profiles).set({ public: false }).where(eq(profiles.userId, owner.userId));
    const stranger = await t.onboardedUser();
    expect((await view(itemId, { cookie: stranger.cookie })).json).toEqual({ stored: false });
    expect((await view(itemId, { address: '192.0.2.50' })).json).toEqual({ stored: false });
    const rows = await t.database.db
      .select()
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.itemId, itemId), eq(analyticsEvents.name, 'item_view')));
    expect(rows).toHaveLength(0);
    // The owner still sees it (stored as an event), without counting.
    expect((await view(itemId, { cookie: owner.cookie })).json).toEqual({ stored: true });
    await t.database.db.update(profiles).set({ public: true }).where(eq(profiles.userId, owner.userId));
    expect(await views(itemId)).toBe(0);
    // Unknown items are refused the same way.
    expect((await view('00000000-0000-4000-8000-000000000000', { address: '192.0.2.51' })).json).toEqual({ stored: false });
    // A hidden item: refused to others, while the owner's own view is still stored.
    await t.database.db.update(items).set({ hidden: true }).where(eq(items.id, itemId));
    expect((await view(itemId, { cookie: stranger.cookie })).json).toEqual({ stored: false });
    expect((await view(itemId, { cookie: owner.cookie })).json).toEqual({ stored: true });
    expect(await t.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.itemId, itemId))).toHaveLength(2);
    expect(await views(itemId)).toBe(0);
  });

  it('forgets counted views after 90 days (retention), keeping the item total', async () => {
    const owner = await t.onboardedUser();
    const itemId = await published(owner, 'Old views');
    await view(itemId, { address: '192.0.2.90' });
    await t.database.db.insert(itemViews).values({ itemId, day: '2000-01-01', viewer: 'old', createdAt: new Date(Date.now() - 91 * 24 * 3600 * 1000) });
    const result = await t.services.analytics.applyRetention();
    expect(result.countedViews).toBeGreaterThanOrEqual(1);
    const left = await t.database.db.select().from(itemViews).where(eq(itemViews.itemId, itemId));
    expect(left.map((r) => r.viewer)).not.toContain('old');
    expect(left).toHaveLength(1);
    expect(await views(itemId)).toBe(1);
  });
});
