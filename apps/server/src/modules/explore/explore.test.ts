import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items, likes } from '../../db/schema';
import { pngBytes, stubGenerator } from '../../test/images';
import { createTestApp, type TestApp } from '../../test/harness';
import { untilNextSnapshot } from '../../test/snapshot';

let t: TestApp;
let photo: Buffer;
type U = Awaited<ReturnType<TestApp['onboardedUser']>>;

beforeAll(async () => {
  t = await createTestApp({ EXPLORE_SNAPSHOT_SECONDS: '1' }, { generator: stubGenerator() });
  photo = await pngBytes(60, 75);
});
afterAll(() => t.close());

async function published(u: U, title: string, extra: { tags?: string; nsfw?: boolean } = {}) {
  return (await t.publish(u.cookie, photo, { title, tags: extra.tags ?? '', nsfw: extra.nsfw ?? false })).id;
}
const explore = (query: Record<string, string> = {}) =>
  t.request('/functions/v1/explore-list', { query }).then(async (r) => ({ status: r.status, json: (await r.json()) as any }));
const ids = (r: { json: any }): string[] => r.json.items.map((i: any) => i.itemId);
const eventually = untilNextSnapshot;

describe('explore-list', { tags: ['postgres'] }, () => {
  let owner: U;
  let visible: string;
  let nsfw: string;
  let hidden: string;
  let privateItem: string;
  let draft: string;

  beforeAll(async () => {
    owner = await t.onboardedUser();
    visible = await published(owner, 'Visible robot', { tags: 'robots, tin' });
    nsfw = await published(owner, 'Spicy figure', { nsfw: true, tags: 'figures' });
    hidden = await published(owner, 'Hidden one');
    await t.database.db.update(items).set({ hidden: true, hiddenSource: 'other' }).where(eq(items.id, hidden));
    const shy = await t.onboardedUser();
    privateItem = await published(shy, 'Private piece');
    await t.call('settings-update', { cookie: shy.cookie, body: { profilePublic: false } });
    const d = await t.call('items-create', { cookie: owner.cookie, body: { title: 'Draft without image' } });
    draft = d.json.item.id;
    // An item published after all of the above: once a snapshot lists it, the snapshot covers them all.
    const last = await published(owner, 'Published last');
    await eventually(async () => expect(ids(await explore({ sort: 'new', timeRange: 'all' }))).toContain(last));
  });

  it('answers cards with the spec fields and never lists hidden, private, imageless or (unasked) NSFW items', async () => {
    const r = await explore({ sort: 'new', timeRange: 'all' });
    expect(r.status).toBe(200);
    const ids = r.json.items.map((i: any) => i.itemId);
    expect(ids).toContain(visible);
    for (const id of [nsfw, hidden, privateItem, draft]) expect(ids).not.toContain(id);
    const card = r.json.items.find((i: any) => i.itemId === visible);
    expect(card).toEqual({
      itemId: visible,
      title: 'Visible robot',
      imageUrl: expect.stringMatching(/^\/img\/[A-Za-z0-9_-]+\/thumb$/),
      altText: null,
      nsfw: false,
      likeCount: 0,
      commentCount: 0,
      saveCount: 0,
      user: { handle: owner.handle, avatarImageId: null },
    });
    expect((await t.request(card.imageUrl)).status).toBe(200);
  });

  it('drops an item at once when it is deleted or its owner goes private (no stale cache)', async () => {
    const u = await t.onboardedUser();
    const a = await published(u, 'Soon deleted', { tags: 'gone-soon' });
    const b = await published(u, 'Soon private', { tags: 'gone-soon' });
    await eventually(async () => expect(ids(await explore({ sort: 'new', tag: 'gone-soon' })).sort()).toEqual([a, b].sort()));
    await t.call('items-delete', { cookie: u.cookie, body: { itemId: a } });
    expect((await explore({ sort: 'new', tag: 'gone-soon' })).json.items.map((i: any) => i.itemId)).toEqual([b]);
    await t.call('settings-update', { cookie: u.cookie, body: { profilePublic: false } });
    expect((await explore({ sort: 'new', tag: 'gone-soon' })).json.items).toEqual([]);
  });

  it('shows a signed-in viewer the counts their own like changed, though the page is served from the shared cache', async () => {
    const fan = await t.onboardedUser();
    const asFan = async () => {
      const r = await t.request('/functions/v1/explore-list', { cookie: fan.cookie, query: { sort: 'new', timeRange: 'all' } });
      return ((await r.json()) as any).items.find((c: any) => c.itemId === visible);
    };
    const before = await asFan();
    expect(before.liked).toBe(false);
    // The shared page is cached now; the like below does not drop it.
    const liked = await t.call('social-like-toggle', { cookie: fan.cookie, body: { itemId: visible } });
    expect(liked.json.liked).toBe(true);
    const after = await asFan();
    expect(after).toMatchObject({ liked: true, likeCount: before.likeCount + 1 });
    // A guest's page may keep the shared count for its window; the fan's never disagrees with their own heart.
    await t.call('social-like-toggle', { cookie: fan.cookie, body: { itemId: visible } });
    expect(await asFan()).toMatchObject({ liked: false, likeCount: before.likeCount });
  });

  it('includes NSFW items only when asked', async () => {
    const r = await explore({ sort: 'new', timeRange: 'all', includeNSFW: 'true' });
    expect(r.json.items.map((i: any) => i.itemId)).toContain(nsfw);
    expect(r.json.items.find((i: any) => i.itemId === nsfw).nsfw).toBe(true);
  });

  it('filters by tag', async () => {
    const r = await explore({ sort: 'new', timeRange: 'all', tag: 'tin' });
    expect(r.json.items.map((i: any) => i.itemId)).toEqual([visible]);
  });

  it("answers the landing page's form (limit, no pages)", async () => {
    const r = await explore({ sort: 'trending', timeRange: '7d', includeNSFW: 'false', limit: '8' });
    expect(r.status).toBe(200);
    expect(r.json.items.length).toBeLessThanOrEqual(8);
    expect(r.json.nextPage).toBeNull();
  });

  it('refuses bad parameters', async () => {
    expect((await explore({ sort: 'hot' })).status).toBe(400);
    expect((await explore({ timeRange: '1y' })).status).toBe(400);
    expect((await explore({ page: '-1' })).status).toBe(400);
    expect((await explore({ pageSize: '500' })).status).toBe(400);
  });

  it('ranks top by likes in the range and trending by engagement over age', async () => {
    const a = await t.onboardedUser();
    const older = await published(a, 'Older but loved');
    const newer = await published(a, 'Newer, unloved');
    await t.database.db
      .update(items)
      .set({ createdAt: new Date(Date.now() - 3 * 3600_000) })
      .where(eq(items.id, older));
    const fans = await Promise.all([1, 2, 3].map(() => t.signUp()));
    for (const f of fans) await t.call('social-like-toggle', { cookie: f.cookie, body: { itemId: older } });
    // Once a snapshot holds both items, the loved one ranks above the other.
    await eventually(async () => {
      const top = ids(await explore({ sort: 'top', timeRange: '7d', pageSize: '60' }));
      expect(top).toEqual(expect.arrayContaining([older, newer]));
      expect(top.indexOf(older)).toBeLessThan(top.indexOf(newer));
    });
    const trending = ids(await explore({ sort: 'trending', timeRange: '24h', pageSize: '60' }));
    expect(trending[0]).toBe(older);
    // Likes older than the range do not count for it (from the next snapshot on).
    await t.database.db
      .update(likes)
      .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(likes.itemId, older));
    await eventually(async () => {
      const day = ids(await explore({ sort: 'top', timeRange: '24h', pageSize: '60' }));
      expect(day).toContain(older);
      expect(day.indexOf(older)).toBeGreaterThan(day.indexOf(newer));
    });
  });

  it('pages without repeating or skipping while new items arrive', async () => {
    const p = await t.onboardedUser();
    for (let i = 0; i < 7; i++) await published(p, `Paged ${i}`, { tags: 'paged' });
    let first!: Awaited<ReturnType<typeof explore>>;
    await eventually(async () => {
      first = await explore({ sort: 'new', tag: 'paged', pageSize: '3' });
      expect(first.json.items.map((i: any) => i.title)).toEqual(['Paged 6', 'Paged 5', 'Paged 4']);
    });
    expect(first.json.nextPage).toBe(1);
    // Two new items arrive between pages.
    await published(p, 'Arrived later 1', { tags: 'paged' });
    await published(p, 'Arrived later 2', { tags: 'paged' });
    // A fresh first page shows the newcomers once the next snapshot starts; the session's snapshot does not.
    await eventually(async () => expect((await explore({ sort: 'new', tag: 'paged', pageSize: '3' })).json.items[0]?.title).toBe('Arrived later 2'));
    const seen = [...first.json.items];
    let next = first.json.nextPage;
    while (next !== null) {
      const r = await explore({ sort: 'new', tag: 'paged', pageSize: '3', page: String(next), snapshot: first.json.snapshot });
      seen.push(...r.json.items);
      next = r.json.nextPage;
    }
    const titles = seen.map((i) => i.title);
    expect(new Set(titles).size).toBe(titles.length);
    expect(titles).toEqual(['Paged 6', 'Paged 5', 'Paged 4', 'Paged 3', 'Paged 2', 'Paged 1', 'Paged 0']);
    // A fresh first page shows the newcomers.
    const fresh = await explore({ sort: 'new', tag: 'paged', pageSize: '3' });
    expect(fresh.json.items[0].title).toBe('Arrived later 2');
  });
});

describe('explore-top-tags', { tags: ['postgres'] }, () => {
  it('counts tags of visible items, most used first', async () => {
    const u = await t.onboardedUser();
    await published(u, 'T1', { tags: 'zebra-tag, common-tag' });
    await published(u, 'T2', { tags: 'common-tag' });
    let tags: { tag: string; count: number }[] = [];
    await eventually(async () => {
      const r = await t.request('/functions/v1/explore-top-tags', { query: { timeRange: '7d', limit: '50' } });
      tags = (await r.json()) as { tag: string; count: number }[];
      expect(tags.find((x) => x.tag === 'common-tag')).toEqual({ tag: 'common-tag', count: 2 });
    });
    expect(tags.findIndex((x) => x.tag === 'common-tag')).toBeLessThan(tags.findIndex((x) => x.tag === 'zebra-tag'));
    expect(tags.find((x) => x.tag === 'figures')).toBeUndefined(); // only on an NSFW item
    expect((await t.request('/functions/v1/explore-top-tags', { query: { limit: '0' } })).status).toBe(400);
  });
});
