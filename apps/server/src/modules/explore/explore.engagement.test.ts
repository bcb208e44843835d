import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { itemEngagementDaily } from '../../db/schema';
import { pngBytes, stubGenerator } from '../../test/images';
import { createTestApp, type TestApp } from '../../test/harness';
import { QUEUES } from '../jobs/jobs';
import { untilNextSnapshot } from '../../test/snapshot';

/** The aggregates the rankings read follow every write of the API, at once and exactly. */
let t: TestApp;
let photo: Buffer;
type U = Awaited<ReturnType<TestApp['onboardedUser']>>;

beforeAll(async () => {
  t = await createTestApp({ EXPLORE_SNAPSHOT_SECONDS: '1', COMMENT_INTERVAL_SECONDS: '0' }, { generator: stubGenerator() });
  photo = await pngBytes(60, 75);
});
afterAll(() => t.close());

const today = () => new Date().toISOString().slice(0, 10);
async function engagement(itemId: string, day = today()) {
  const [row] = await t.database.db
    .select({ likes: itemEngagementDaily.likes, comments: itemEngagementDaily.comments, saves: itemEngagementDaily.saves, views: itemEngagementDaily.views })
    .from(itemEngagementDaily)
    .where(and(eq(itemEngagementDaily.itemId, itemId), eq(itemEngagementDaily.day, day)));
  return row ?? { likes: 0, comments: 0, saves: 0, views: 0 };
}
const allTime = (itemId: string) => engagement(itemId, '-infinity');
const rowCount = async (table: 'likes' | 'bookmarks', itemId: string) => {
  const r = await t.database.db.execute(sql`select count(*)::int as n from ${sql.raw(table)} where item_id = ${itemId}`);
  return rowsOf<{ n: number }>(r)[0]!.n;
};

describe('engagement aggregates through the API', { tags: ['postgres'] }, () => {
  let owner: U;
  let itemId: string;
  beforeAll(async () => {
    owner = await t.onboardedUser();
    itemId = await t.publishedItem(owner.cookie, photo, 'Counted robot');
  });

  it('count likes and unlikes, comments and their deletion, saves and unsaves, and counted views', async () => {
    const fans = await Promise.all([1, 2, 3].map(() => t.onboardedUser()));
    for (const f of fans) expect((await t.call('social-like-toggle', { cookie: f.cookie, body: { itemId, liked: true } })).status).toBe(200);
    // Liking again changes nothing; an unlike takes one away.
    await t.call('social-like-toggle', { cookie: fans[0]!.cookie, body: { itemId, liked: true } });
    await t.call('social-like-toggle', { cookie: fans[1]!.cookie, body: { itemId, liked: false } });
    await t.call('social-bookmark-toggle', { cookie: fans[0]!.cookie, body: { itemId, saved: true } });
    await t.call('social-bookmark-toggle', { cookie: fans[2]!.cookie, body: { itemId, saved: true } });
    await t.call('social-bookmark-toggle', { cookie: fans[2]!.cookie, body: { itemId, saved: false } });
    const c1 = await t.call('comments-create', { cookie: fans[0]!.cookie, body: { itemId, body: 'Lovely paint' } });
    const c2 = await t.call('comments-create', { cookie: fans[1]!.cookie, body: { itemId, body: 'Where from?' } });
    expect([c1.status, c2.status]).toEqual([200, 200]);
    expect((await t.call('comments-delete', { cookie: fans[1]!.cookie, body: { commentId: c2.json.comment.id } })).status).toBe(200);
    // A counted view: a guest's first view today counts, the same guest again does not.
    for (let i = 0; i < 2; i++) {
      await t.call('analytics-track', {
        headers: { 'x-forwarded-for': '203.0.113.44', 'user-agent': 'Mozilla/5.0 engagement' },
        body: { name: 'item_view', path: `/i/${itemId}`, props: { itemId } },
      });
    }
    const expected = { likes: 2, comments: 1, saves: 1, views: 1 };
    expect(await engagement(itemId)).toEqual(expected);
    expect(await allTime(itemId)).toEqual(expected);
    expect(await rowCount('likes', itemId)).toBe(2);
  });

  it('drop the item from the rankings at once when it is deleted, with its aggregates', async () => {
    const u = await t.onboardedUser();
    const gone = await t.publishedItem(u.cookie, photo, 'Soon gone');
    await t.call('social-like-toggle', { cookie: owner.cookie, body: { itemId: gone, liked: true } });
    expect((await allTime(gone)).likes).toBe(1);
    expect((await t.call('items-delete', { cookie: u.cookie, body: { itemId: gone } })).status).toBe(200);
    expect(await t.database.db.select().from(itemEngagementDaily).where(eq(itemEngagementDaily.itemId, gone))).toEqual([]);
  });
});

/** The rolled-up totals of one item (zeros without a row). */
async function totals(itemId: string) {
  const r = await t.database.db.execute(sql`select likes_24h, likes_all, points_24h from item_rank_totals where item_id = ${itemId}`);
  const rows = rowsOf<Record<string, number>>(r);
  return rows[0] ?? { likes_24h: 0, likes_all: 0, points_24h: 0 };
}

describe('rank totals roll-up', { tags: ['postgres'] }, () => {
  it('runs as a job through the queue, and a like after it counts in the next ranking at once', async () => {
    const owner = await t.onboardedUser();
    const a = await t.publishedItem(owner.cookie, photo, 'Rolled robot');
    const b = await t.publishedItem(owner.cookie, photo, 'Later robot');
    const fans = await Promise.all([1, 2].map(() => t.onboardedUser()));
    for (const f of fans) await t.call('social-like-toggle', { cookie: f.cookie, body: { itemId: a, liked: true } });
    // The queue keeps one job waiting at most: at a five-minute mark the schedule may have queued it a
    // moment ago (send answers null then); either job runs after these likes.
    await t.services.jobs.send(QUEUES.exploreRollup.name, {});
    await t.services.jobs.idle(QUEUES.exploreRollup.name);
    expect(await totals(a)).toMatchObject({ likes_24h: 2, likes_all: 2, points_24h: 60 });
    // After the roll-up: three likes for b come from the raw rows, and an unlike of a rolled-up like is taken away at once.
    const more = await Promise.all([1, 2, 3].map(() => t.onboardedUser()));
    for (const f of more) await t.call('social-like-toggle', { cookie: f.cookie, body: { itemId: b, liked: true } });
    await t.call('social-like-toggle', { cookie: fans[0]!.cookie, body: { itemId: a, liked: false } });
    expect(await totals(a)).toMatchObject({ likes_24h: 1, likes_all: 1 });
    expect(await totals(b)).toMatchObject({ likes_24h: 0 });
    // The next snapshot window (1 s here) ranks b, liked after the roll-up, above a.
    await untilNextSnapshot(async () => {
      const top = await t.request('/functions/v1/explore-list', { query: { sort: 'top', timeRange: '24h' } });
      const ids = ((await top.json()) as { items: { itemId: string }[] }).items.map((i) => i.itemId);
      expect(ids.indexOf(b)).toBeGreaterThanOrEqual(0);
      expect(ids.indexOf(b)).toBeLessThan(ids.indexOf(a));
    });
  });
});

describe('explore guards', { tags: ['postgres'] }, () => {
  it('answers an unknown tag with an empty list, and a made-up snapshot with the current ranking', async () => {
    const u = await t.onboardedUser();
    const guarded = await t.publishedItem(u.cookie, photo, 'Guarded');
    // Wait for a snapshot window (1 s here) that lists it, so the current ranking is not empty.
    await untilNextSnapshot(async () => {
      const r = await t.request('/functions/v1/explore-list', { query: { sort: 'new' } });
      expect(((await r.json()) as { items: { itemId: string }[] }).items.map((i) => i.itemId)).toContain(guarded);
    });
    const unknown = await t.request('/functions/v1/explore-list', { query: { tag: 'never-used-anywhere' } });
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toMatchObject({ items: [], nextPage: null });
    const first = (await (await t.request('/functions/v1/explore-list', { query: { sort: 'new' } })).json()) as { snapshot: string };
    const forged = `${(Math.floor(Date.now() / 1000) * 1000 - 60_000).toString(36)}.${first.snapshot.split('.')[1]}`;
    const r = await t.request('/functions/v1/explore-list', { query: { sort: 'new', page: '0', snapshot: forged } });
    expect(r.status).toBe(200);
    const body = (await r.json()) as { snapshot: string; items: unknown[] };
    expect(body.snapshot).not.toBe(forged);
    expect(body.items.length).toBeGreaterThan(0);
    // Not a snapshot at all: a clear 400.
    const bad = await t.request('/functions/v1/explore-list', { query: { snapshot: '2026-01-01T00:00:00.000Z' } });
    expect(bad.status).toBe(400);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('engagement aggregates under concurrent writes (PostgreSQL)', { tags: ['postgres'] }, () => {
  it('lose no count when many collectors like, unlike and save one item at the same moment', async () => {
    const owner = await t.onboardedUser();
    const itemId = await t.publishedItem(owner.cookie, photo, 'Popular robot');
    const fans = [];
    for (let i = 0; i < 12; i++) fans.push(await t.signUp());
    // Everyone likes and saves at once, then a third of them unlike at once, while others save. Every call
    // succeeds: a deadlock between a batch of likes and a save (their locks taken in opposite orders) fails one.
    const answered = await Promise.all(
      fans.flatMap((f) => [
        t.call('social-like-toggle', { cookie: f.cookie, body: { itemId, liked: true } }),
        t.call('social-bookmark-toggle', { cookie: f.cookie, body: { itemId, saved: true } }),
      ]),
    );
    answered.push(
      ...(await Promise.all(
        fans.map((f, i) =>
          i % 3 === 0
            ? t.call('social-like-toggle', { cookie: f.cookie, body: { itemId, liked: false } })
            : t
                .call('social-like-toggle', { cookie: f.cookie, body: { itemId } /* toggles: off */ })
                .then(() => t.call('social-like-toggle', { cookie: f.cookie, body: { itemId } })),
        ),
      )),
    );
    expect(answered.map((r) => r.status)).toEqual(answered.map(() => 200));
    const likes = await rowCount('likes', itemId);
    const saves = await rowCount('bookmarks', itemId);
    expect(likes).toBe(8);
    expect(saves).toBe(12);
    expect(await engagement(itemId)).toMatchObject({ likes, saves });
    expect(await allTime(itemId)).toMatchObject({ likes, saves });
  }, 180_000);

  it('keep the rolled-up totals exact when the roll-up runs among concurrent likes and unlikes', async () => {
    const owner = await t.onboardedUser();
    const itemId = await t.publishedItem(owner.cookie, photo, 'Busy robot');
    const fans = [];
    for (let i = 0; i < 12; i++) fans.push(await t.signUp());
    await Promise.all([...fans.map((f) => t.call('social-like-toggle', { cookie: f.cookie, body: { itemId, liked: true } })), t.services.explore.rollUp()]);
    await Promise.all([
      ...fans.filter((_, i) => i % 2 === 0).map((f) => t.call('social-like-toggle', { cookie: f.cookie, body: { itemId, liked: false } })),
      t.services.explore.rollUp(),
      ...fans.filter((_, i) => i % 2 === 0).map((f) => t.call('social-bookmark-toggle', { cookie: f.cookie, body: { itemId, saved: true } })),
      t.services.explore.rollUp(),
    ]);
    await t.services.explore.rollUp();
    expect(await totals(itemId)).toMatchObject({ likes_24h: 6, likes_all: 6, points_24h: 6 * 30 + 6 * 20 });
  }, 180_000);
});
