import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commentsListResultSchema,
  exploreListResultSchema,
  feedListResultSchema,
  mutesListResultSchema,
  notificationsListResultSchema,
  peopleSuggestResultSchema,
  tagGetResultSchema,
} from '@curio/contract';
import { items, profiles } from '../../db/schema';
import { createTestApp, TEST_ORIGIN, unchecked, type TestApp } from '../../test/harness';
import { createSecondApp } from '../../test/second-app';
import { pngBytes, stubGenerator } from '../../test/images';
import { sseReader } from '../../test/sse';

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

/** The chosen composite of one generated item per owner, reused by the quick items below (generation is slow). */
const templates = new Map<string, string>();
async function templateOf(u: U): Promise<string> {
  let composite = templates.get(u.userId);
  if (!composite) {
    const { id } = await t.publish(u.cookie, photo, { title: 'Template', tags: `own-${u.handle}` });
    const [row] = await t.database.db.select({ c: items.chosenCompositeId }).from(items).where(eq(items.id, id));
    composite = row!.c!;
    templates.set(u.userId, composite);
  }
  return composite;
}
/** Items with an image, written straight to the table (newest last). */
async function quick(u: U, n: number, opts: { tags?: string[]; nsfw?: boolean; title?: string; draft?: boolean } = {}): Promise<string[]> {
  const composite = opts.draft ? null : await templateOf(u);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const [row] = await t.database.db
      .insert(items)
      .values({
        shelfId: u.shelfId,
        userId: u.userId,
        title: `${opts.title ?? 'Quick'} ${i}`,
        tags: opts.tags ?? ['quick'],
        nsfw: opts.nsfw ?? false,
        chosenCompositeId: composite,
      })
      .returning({ id: items.id });
    ids.push(row!.id);
  }
  return ids;
}
const follow = (u: U, target: U) => t.call('social-follow-toggle', { cookie: u.cookie, body: { targetUserId: target.userId, following: true } });
const feed = async (u: U, body: { cursor?: string; limit?: number } = {}) => {
  const r = await t.call('feed-list', { cookie: u.cookie, body });
  expect(r.status).toBe(200);
  return feedListResultSchema.parse(r.json);
};
const feedIds = async (u: U) => (await feed(u, { limit: 60 })).items.map((i) => i.itemId);
const mute = (u: U, body: { tag?: string; userId?: string; muted?: boolean }) => t.call('mutes-toggle', { cookie: u.cookie, body });

describe('feed-list', () => {
  it('lists the items with an image of the people followed, newest first, with the card fields, createdAt and marks', async () => {
    const viewer = await t.onboardedUser();
    const a = await t.onboardedUser();
    const b = await t.onboardedUser();
    const stranger = await t.onboardedUser();
    const [a1] = await quick(a, 1);
    const [b1] = await quick(b, 1);
    await quick(b, 1, { draft: true });
    await quick(stranger, 1);
    await quick(viewer, 1);
    expect((await feed(viewer)).items).toEqual([]);
    await follow(viewer, a);
    await follow(viewer, b);
    await t.call('social-like-toggle', { cookie: viewer.cookie, body: { itemId: a1!, liked: true } });
    const page = await feed(viewer);
    const ids = page.items.map((i) => i.itemId);
    expect(ids.indexOf(b1!)).toBeLessThan(ids.indexOf(a1!));
    expect(ids).toHaveLength(4); // two quick items and each person's generated template
    const card = page.items.find((i) => i.itemId === a1)!;
    expect(card).toMatchObject({ title: 'Quick 0', nsfw: false, liked: true, saved: false, likeCount: 1, user: { handle: a.handle } });
    expect(card.imageUrl).toMatch(/^\/img\/.+\/thumb$/);
    expect(new Date(card.createdAt).toString()).not.toBe('Invalid Date');
    expect(page.nextCursor).toBeNull();
    // Sorted by createdAt, newest first.
    const times = page.items.map((i) => Date.parse(i.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
  });

  it('never shows private or hidden profiles, hidden items, people either side of a block, muted people or tags', async () => {
    const viewer = await t.onboardedUser();
    const [priv, hiddenProfile, hiddenItem, blocked, blocker, muted, tagged] = await Promise.all(Array.from({ length: 7 }, () => t.onboardedUser()));
    const people = [priv!, hiddenProfile!, hiddenItem!, blocked!, blocker!, muted!, tagged!];
    const made = new Map<string, string>();
    for (const p of people) {
      await follow(viewer, p);
      made.set(p.userId, (await quick(p, 1, { tags: p === tagged ? ['quick', 'spiders'] : ['quick'] }))[0]!);
    }
    const all = await feedIds(viewer);
    for (const p of people) expect(all).toContain(made.get(p.userId));

    await t.call('settings-update', { cookie: priv!.cookie, body: { profilePublic: false } });
    await t.database.db.update(profiles).set({ hidden: true }).where(eq(profiles.userId, hiddenProfile!.userId));
    await t.database.db
      .update(items)
      .set({ hidden: true, hiddenSource: 'other' })
      .where(eq(items.id, made.get(hiddenItem!.userId)!));
    await t.call('user-block-toggle', { cookie: viewer.cookie, body: { targetUserId: blocked!.userId, blocked: true } });
    await t.call('user-block-toggle', { cookie: blocker!.cookie, body: { targetUserId: viewer.userId, blocked: true } });
    expect((await mute(viewer, { userId: muted!.userId })).json).toEqual({ muted: true });
    expect((await mute(viewer, { tag: 'spiders' })).json).toEqual({ muted: true });

    const now = await feedIds(viewer);
    for (const p of people) expect(now).not.toContain(made.get(p.userId));
    // Unmuted, they come back.
    await mute(viewer, { userId: muted!.userId, muted: false });
    await mute(viewer, { tag: 'spiders', muted: false });
    const back = await feedIds(viewer);
    expect(back).toContain(made.get(muted!.userId));
    expect(back).toContain(made.get(tagged!.userId));
  });

  it('shows NSFW items (blurred by the card) only when the viewer includes them', async () => {
    const viewer = await t.onboardedUser();
    const a = await t.onboardedUser();
    await follow(viewer, a);
    const [nsfw] = await quick(a, 1, { nsfw: true });
    expect(await feedIds(viewer)).not.toContain(nsfw);
    await t.call('settings-update', { cookie: viewer.cookie, body: { includeNSFW: true } });
    const page = await feed(viewer);
    expect(page.items.find((i) => i.itemId === nsfw)).toMatchObject({ nsfw: true });
  });

  it('adds the items of followed tags, from anyone visible, without repeating an item also followed by person', async () => {
    const viewer = await t.onboardedUser();
    const a = await t.onboardedUser();
    const b = await t.onboardedUser();
    const priv = await t.onboardedUser();
    const [both] = await quick(a, 1, { tags: ['tin', 'robots'] });
    const [tagOnly] = await quick(b, 1, { tags: ['tin'] });
    const [other] = await quick(b, 1, { tags: ['wood'] });
    const [privTin] = await quick(priv, 1, { tags: ['tin'] });
    const [mine] = await quick(viewer, 1, { tags: ['tin'] });
    await t.call('settings-update', { cookie: priv.cookie, body: { profilePublic: false } });
    await follow(viewer, a);
    const toggled = await t.call('tags-follow-toggle', { cookie: viewer.cookie, body: { tag: 'tin' } });
    expect(toggled.json).toEqual({ following: true });
    const ids = await feedIds(viewer);
    expect(ids.filter((id) => id === both)).toHaveLength(1);
    expect(ids).toContain(tagOnly);
    expect(ids).not.toContain(other);
    expect(ids).not.toContain(privTin);
    expect(ids).not.toContain(mine);
    expect((await t.call('tags-followed-list', { cookie: viewer.cookie })).json).toMatchObject({ tags: [{ tag: 'tin' }] });
    // A muted tag wins over a followed one.
    await mute(viewer, { tag: 'tin' });
    expect(await feedIds(viewer)).not.toContain(tagOnly);
  });

  it('pages by keyset: no repeats and no gaps while others post between pages', async () => {
    const viewer = await t.onboardedUser();
    const a = await t.onboardedUser();
    const b = await t.onboardedUser();
    await follow(viewer, a);
    await follow(viewer, b);
    await quick(a, 4);
    await quick(b, 4);
    // Some share one instant, so that the id breaks ties.
    await t.database.db.execute(sql`update items set created_at = '2026-01-01T00:00:00.123456Z' where user_id = ${b.userId}`);
    const before = await feedIds(viewer);
    expect(before).toHaveLength(10);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await feed(viewer, { limit: 3, ...(cursor ? { cursor } : {}) });
      seen.push(...page.items.map((i) => i.itemId));
      cursor = page.nextCursor ?? undefined;
      pages++;
      // Others post between pages: newer items, which belong above the first page, not in later ones.
      await quick(pages % 2 ? a : b, 1);
    } while (cursor);
    expect(seen).toEqual(before);
    expect(new Set(seen).size).toBe(seen.length);
    expect(pages).toBe(4);
  });

  it('refuses bad input with field codes, and guests', async () => {
    const u = await t.onboardedUser();
    const big = await t.call('feed-list', { cookie: u.cookie, body: unchecked({ limit: 61 }) });
    expect(big.status).toBe(400);
    expect(big.json).toMatchObject({ error: { code: 'validation_failed', fields: { limit: 'too_big' } } });
    const zero = await t.call('feed-list', { cookie: u.cookie, body: unchecked({ limit: 0 }) });
    expect(zero.json).toMatchObject({ error: { fields: { limit: 'too_small' } } });
    const cursor = await t.call('feed-list', { cookie: u.cookie, body: { cursor: 'not-a-cursor' } });
    expect(cursor.status).toBe(400);
    expect(cursor.json).toMatchObject({ error: { fields: { cursor: 'invalid_format' } } });
    expect((await t.call('feed-list', { body: {} })).status).toBe(401);
  });

  it('tells an open feed stream of each new item from someone followed, and no one else', async () => {
    const viewer = await t.onboardedUser();
    const other = await t.onboardedUser();
    const a = await t.onboardedUser();
    await follow(viewer, a);
    const res = await t.request('/realtime/v1/feed', { cookie: viewer.cookie });
    expect(res.status).toBe(200);
    const sse = sseReader(res);
    const otherSse = sseReader(await t.request('/realtime/v1/feed', { cookie: other.cookie }));
    const { id } = await t.publish(a.cookie, photo, { title: 'Fresh' });
    const msg = await sse.next((m) => m.event === 'item');
    expect(JSON.parse(msg.data!)).toEqual({ itemId: id });
    await expect(otherSse.next((m) => m.event === 'item', 300)).rejects.toThrow('no matching message');
  });

  it('tells a feed stream open in another process, which hears of the item by the events channel', { tags: ['postgres'] }, async () => {
    const b = createSecondApp(t);
    await b.services.events.start();
    try {
      const viewer = await t.onboardedUser();
      const a = await t.onboardedUser();
      await follow(viewer, a);
      const res = await b.app.request(`${TEST_ORIGIN}/realtime/v1/feed`, { headers: { cookie: viewer.cookie } });
      expect(res.status).toBe(200);
      const sse = sseReader(res);
      const { id } = await t.publish(a.cookie, photo, { title: 'Elsewhere' });
      const msg = await sse.next((m) => m.event === 'item');
      expect(JSON.parse(msg.data!)).toEqual({ itemId: id });
    } finally {
      await b.services.realtime.closeAll();
      await b.services.functionStats.stop();
      await b.services.events.stop();
    }
  });
});

describe('people-suggest', () => {
  it('suggests who collects the same tags first, then the most followed; never oneself, followed, private, hidden, blocked or muted people', async () => {
    const viewer = await t.onboardedUser();
    await quick(viewer, 1, { tags: ['zeppelins', 'brass'] });
    const [kin, popular, followed, priv, hidden, blocked, muted] = await Promise.all(Array.from({ length: 7 }, () => t.onboardedUser()));
    for (const p of [kin!, followed!, priv!, hidden!, blocked!, muted!]) await quick(p, 1, { tags: ['zeppelins'] });
    // Many followers, no shared tags.
    for (const fan of await Promise.all(Array.from({ length: 3 }, () => t.onboardedUser()))) await follow(fan, popular!);
    await follow(viewer, followed!);
    await t.call('settings-update', { cookie: priv!.cookie, body: { profilePublic: false } });
    await t.database.db.update(profiles).set({ hidden: true }).where(eq(profiles.userId, hidden!.userId));
    await t.call('user-block-toggle', { cookie: blocked!.cookie, body: { targetUserId: viewer.userId, blocked: true } });
    await mute(viewer, { userId: muted!.userId });

    const r = await t.call('people-suggest', { cookie: viewer.cookie, body: { limit: 20 } });
    expect(r.json).not.toHaveProperty('error');
    expect(r.status).toBe(200);
    const { users } = peopleSuggestResultSchema.parse(r.json);
    const ids = users.map((u) => u.userId);
    expect(ids[0]).toBe(kin!.userId);
    expect(users[0]!.sharedTags).toEqual(['zeppelins']);
    expect(ids).toContain(popular!.userId);
    expect(users.find((u) => u.userId === popular!.userId)).toMatchObject({ followersCount: 3, sharedTags: [] });
    for (const p of [viewer, followed!, priv!, hidden!, blocked!, muted!]) expect(ids).not.toContain(p.userId);
    expect((await t.call('people-suggest', { cookie: viewer.cookie, body: unchecked({ limit: 21 }) })).status).toBe(400);
    expect((await t.call('people-suggest', { body: {} })).status).toBe(401);
  });
});

describe('tag pages', () => {
  it('answers the count and related tags of what the viewer may find, and the follow and mute state', async () => {
    const owner = await t.onboardedUser();
    const priv = await t.onboardedUser();
    const viewer = await t.onboardedUser();
    await quick(owner, 2, { tags: ['kites', 'paper'] });
    await quick(owner, 1, { tags: ['kites', 'silk'] });
    await quick(owner, 1, { tags: ['kites'], nsfw: true });
    const [hiddenItem] = await quick(owner, 1, { tags: ['kites', 'hidden-only'] });
    await t.database.db.update(items).set({ hidden: true, hiddenSource: 'other' }).where(eq(items.id, hiddenItem!));
    await quick(priv, 1, { tags: ['kites', 'private-only'] });
    await t.call('settings-update', { cookie: priv.cookie, body: { profilePublic: false } });

    const guest = tagGetResultSchema.parse((await t.call('tag-get', { body: { tag: 'kites' } })).json);
    expect(guest).toEqual({
      tag: 'kites',
      count: 3,
      related: [
        { tag: 'paper', count: 2 },
        { tag: 'silk', count: 1 },
      ],
      following: false,
      muted: false,
    });
    await t.call('settings-update', { cookie: viewer.cookie, body: { includeNSFW: true } });
    await t.call('tags-follow-toggle', { cookie: viewer.cookie, body: { tag: 'kites', following: true } });
    await t.call('tags-follow-toggle', { cookie: viewer.cookie, body: { tag: 'kites', following: true } });
    const signedIn = tagGetResultSchema.parse((await t.call('tag-get', { cookie: viewer.cookie, body: { tag: 'kites' } })).json);
    expect(signedIn).toMatchObject({ count: 4, following: true, muted: false });
    await mute(viewer, { userId: owner.userId });
    expect(tagGetResultSchema.parse((await t.call('tag-get', { cookie: viewer.cookie, body: { tag: 'kites' } })).json)).toMatchObject({
      count: 0,
      related: [],
    });
    expect((await t.call('tags-follow-toggle', { cookie: viewer.cookie, body: { tag: 'kites' } })).json).toEqual({ following: false });
    expect((await t.call('tags-followed-list', { cookie: viewer.cookie })).json).toEqual({ tags: [] });
  });

  it('refuses an empty or too long tag, and guests who would follow', async () => {
    const u = await t.onboardedUser();
    const empty = await t.call('tag-get', { body: { tag: '  ' } });
    expect(empty.status).toBe(400);
    expect(empty.json).toMatchObject({ error: { fields: { tag: 'required' } } });
    const long = await t.call('tags-follow-toggle', { cookie: u.cookie, body: { tag: 'x'.repeat(41) } });
    expect(long.json).toMatchObject({ error: { fields: { tag: 'too_long' } } });
    expect((await t.call('tags-follow-toggle', { body: { tag: 'kites' } })).status).toBe(401);
  });
});

describe('mutes', () => {
  it('mutes and unmutes tags and people, lists them newest first, and refuses what cannot be muted', async () => {
    const u = await t.onboardedUser();
    const other = await t.onboardedUser();
    expect((await mute(u, { tag: 'clowns' })).json).toEqual({ muted: true });
    expect((await mute(u, { tag: 'clowns', muted: true })).json).toEqual({ muted: true });
    expect((await mute(u, { userId: other.userId })).json).toEqual({ muted: true });
    const list = mutesListResultSchema.parse((await t.call('mutes-list', { cookie: u.cookie })).json);
    expect(list.tags.map((x) => x.tag)).toEqual(['clowns']);
    expect(list.users).toMatchObject([{ userId: other.userId, handle: other.handle, displayName: 'Test Collector' }]);
    expect((await mute(u, { tag: 'clowns' })).json).toEqual({ muted: false });
    expect((await mute(u, { userId: other.userId })).json).toEqual({ muted: false });
    expect((await t.call('mutes-list', { cookie: u.cookie })).json).toEqual({ tags: [], users: [] });

    const neither = await t.call('mutes-toggle', { cookie: u.cookie, body: unchecked({}) });
    expect(neither.status).toBe(400);
    expect(neither.json).toMatchObject({ error: { fields: { tag: 'required' } } });
    expect((await t.call('mutes-toggle', { cookie: u.cookie, body: unchecked({ tag: 'a', userId: other.userId }) })).status).toBe(400);
    const self = await mute(u, { userId: u.userId });
    expect(self.status).toBe(400);
    expect(self.json).toMatchObject({ error: { fields: { userId: 'invalid_value' } } });
    expect((await mute(u, { userId: 'nobody-like-this' })).status).toBe(404);
    expect((await t.call('mutes-list', {})).status).toBe(401);
  });

  it("takes muted people's and tags' items out of explore, and muted people's comments and notifications, for the muter only", async () => {
    const viewer = await t.onboardedUser();
    const bystander = await t.onboardedUser();
    const noisy = await t.onboardedUser();
    const [noisyItem] = await quick(noisy, 1, { tags: ['quick'] });
    const quiet = await t.onboardedUser();
    const [clownItem] = await quick(quiet, 1, { tags: ['clowns'] });
    const viewerItem = await t.publishedItem(viewer.cookie, photo, 'Mine');
    await t.call('comments-create', { cookie: noisy.cookie, body: { itemId: viewerItem, body: 'first!' } });
    await t.call('social-like-toggle', { cookie: noisy.cookie, body: { itemId: viewerItem } });
    // Explore ranks as of the start of its snapshot window: the items are older than that.
    await t.database.db.execute(sql`update items set created_at = now() - interval '2 hours' where id in (${noisyItem!}::uuid, ${clownItem!}::uuid)`);
    t.services.explore.invalidate();

    const exploreIds = async (u: U) =>
      exploreListResultSchema.parse((await t.call('explore-list', { cookie: u.cookie, body: { sort: 'new', pageSize: 60 } })).json).items.map((i) => i.itemId);
    const comments = async (u: U) => commentsListResultSchema.parse((await t.call('comments-list', { cookie: u.cookie, body: { itemId: viewerItem } })).json);
    const notes = async (u: U) => notificationsListResultSchema.parse((await t.call('notifications-list', { cookie: u.cookie, body: {} })).json);
    expect(await exploreIds(viewer)).toEqual(expect.arrayContaining([noisyItem, clownItem]));
    expect((await comments(viewer)).comments).toHaveLength(1);
    expect((await notes(viewer)).notifications.length).toBeGreaterThan(0);

    await mute(viewer, { userId: noisy.userId });
    await mute(viewer, { tag: 'clowns' });
    const ids = await exploreIds(viewer);
    expect(ids).not.toContain(noisyItem);
    expect(ids).not.toContain(clownItem);
    const seen = await comments(viewer);
    expect(seen.comments).toHaveLength(0);
    expect(seen.totalCount).toBe(0);
    expect((await notes(viewer)).notifications).toHaveLength(0);
    expect((await t.call('notifications-unseen-count', { cookie: viewer.cookie })).json).toMatchObject({ count: 0 });
    // Nobody else is affected.
    expect(await exploreIds(bystander)).toEqual(expect.arrayContaining([noisyItem, clownItem]));
    expect((await comments(bystander)).comments).toHaveLength(1);
    // A muted person's new like notifies nobody.
    await t.call('social-like-toggle', { cookie: noisy.cookie, body: { itemId: viewerItem } });
    await t.call('social-like-toggle', { cookie: noisy.cookie, body: { itemId: viewerItem } });
    expect((await t.call('notifications-unseen-count', { cookie: viewer.cookie })).json).toMatchObject({ count: 0 });
  });
});
