import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exploreListResultSchema, itemGetResultSchema, savesListResultSchema } from '@curio/contract';
import { items, notifications } from '../../db/schema';
import { pngBytes, stubGenerator } from '../../test/images';
import { countQueries } from '../../test/query-count';
import { createTestApp, type TestApp, unchecked } from '../../test/harness';
import { untilNextSnapshot } from '../../test/snapshot';

let t: TestApp;
let photo: Buffer;
type U = Awaited<ReturnType<TestApp['onboardedUser']>>;

beforeAll(async () => {
  t = await createTestApp({ EXPLORE_SNAPSHOT_SECONDS: '1' }, { generator: stubGenerator() });
  photo = await pngBytes(60, 75);
});
afterAll(() => t.close());

const published = (u: U, title = 'A piece') => t.publishedItem(u.cookie, photo, title);
const exploreAs = async (cookie?: string, snapshot?: string) => {
  const r = await t.request('/functions/v1/explore-list', { query: { sort: 'new', ...(snapshot ? { snapshot } : {}) }, ...(cookie ? { cookie } : {}) });
  expect(r.status).toBe(200);
  return exploreListResultSchema.parse(await r.json());
};

describe('explore cards carry the viewer state', { tags: ['postgres'] }, () => {
  let owner: U;
  let fan: U;
  let liked: string;
  let saved: string;
  let plain: string;

  beforeAll(async () => {
    owner = await t.onboardedUser();
    fan = await t.onboardedUser();
    liked = await published(owner, 'Liked yesterday');
    saved = await published(owner, 'Saved yesterday');
    plain = await published(owner, 'Never touched');
    await t.call('social-like-toggle', { cookie: fan.cookie, body: { itemId: liked } });
    await t.call('social-bookmark-toggle', { cookie: fan.cookie, body: { itemId: saved } });
    // The next snapshot window (1 s here) lists the three items.
    await untilNextSnapshot(async () =>
      expect((await exploreAs(fan.cookie)).items.map((c) => c.itemId)).toEqual(expect.arrayContaining([liked, saved, plain])),
    );
  });

  it('marks what a signed-in viewer liked and saved, and nothing for guests', async () => {
    const mine = await exploreAs(fan.cookie);
    const card = (id: string) => mine.items.find((c) => c.itemId === id);
    expect(card(liked)).toMatchObject({ liked: true, saved: false });
    expect(card(saved)).toMatchObject({ liked: false, saved: true });
    expect(card(plain)).toMatchObject({ liked: false, saved: false });
    // The cached page is shared: another viewer and a guest get their own overlay (or none).
    const other = await exploreAs(owner.cookie);
    expect(other.items.find((c) => c.itemId === liked)).toMatchObject({ liked: false, saved: false });
    const guest = await exploreAs();
    expect(guest.items.find((c) => c.itemId === liked)).not.toHaveProperty('liked');
    expect(guest.items.find((c) => c.itemId === liked)).not.toHaveProperty('saved');
  });

  it('reflects a like at once, within the same snapshot window (the overlay is not cached)', async () => {
    const before = await exploreAs(fan.cookie);
    expect(before.items.find((c) => c.itemId === plain)).toMatchObject({ liked: false });
    await t.call('social-like-toggle', { cookie: fan.cookie, body: { itemId: plain, liked: true } });
    // The same snapshot (passed back, as infinite scroll does): its page is cached, the overlay is not.
    // (Asking without it could land in the next one-second window.)
    const after = await exploreAs(fan.cookie, before.snapshot);
    expect(after.snapshot).toBe(before.snapshot);
    expect(after.items.find((c) => c.itemId === plain)).toMatchObject({ liked: true });
    await t.call('social-like-toggle', { cookie: fan.cookie, body: { itemId: plain, liked: false } });
  });

  it('costs one query for the overlay on a cached page (session lookup aside)', async () => {
    const { snapshot } = await exploreAs(fan.cookie); // ranks and caches the page
    const counter = countQueries(t.database);
    try {
      await exploreAs(undefined, snapshot);
      expect(counter.count, counter.texts.join('\n')).toBe(0); // served from memory
      await exploreAs(fan.cookie, snapshot);
      const queries = counter.texts.filter((q) => !/"sessions"|"users"/.test(q));
      expect(queries, queries.join('\n')).toHaveLength(1);
      expect(queries[0]).toMatch(/"likes".*"bookmarks"/s);
    } finally {
      counter.restore();
    }
  });
});

describe('like and save with a target state', { tags: ['postgres'] }, () => {
  it('are idempotent with a target and toggle without one', async () => {
    const owner = await t.onboardedUser();
    const item = await published(owner);
    const fan = await t.onboardedUser();
    const like = (liked?: boolean) =>
      t.call('social-like-toggle', { cookie: fan.cookie, body: liked === undefined ? { itemId: item } : { itemId: item, liked } });
    expect((await like(true)).json).toEqual({ liked: true, likeCount: 1 });
    // A repeated tap (a retry, a second tab) leaves it liked: the item liked yesterday is not un-liked.
    expect((await like(true)).json).toEqual({ liked: true, likeCount: 1 });
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.userId), eq(notifications.kind, 'like')));
    expect(notes).toHaveLength(1);
    expect((await like(false)).json).toEqual({ liked: false, likeCount: 0 });
    expect((await like(false)).json).toEqual({ liked: false, likeCount: 0 });
    expect((await like()).json).toEqual({ liked: true, likeCount: 1 });
    expect((await like()).json).toEqual({ liked: false, likeCount: 0 });

    const save = (saved?: boolean) =>
      t.call('social-bookmark-toggle', { cookie: fan.cookie, body: saved === undefined ? { itemId: item } : { itemId: item, saved } });
    expect((await save(true)).json).toEqual({ saved: true });
    expect((await save(true)).json).toEqual({ saved: true });
    expect(savesListResultSchema.parse((await t.call('saves-list', { cookie: fan.cookie })).json).items.map((s) => s.itemId)).toEqual([item]);
    expect((await save(false)).json).toEqual({ saved: false });
    expect((await save(false)).json).toEqual({ saved: false });
    expect((await save()).json).toEqual({ saved: true });
    expect((await t.call('item-get', { cookie: fan.cookie, body: { itemId: item } })).json.item.counts.saves).toBe(1);
  });

  it('end liked after 20 concurrent taps with liked: true', async () => {
    const owner = await t.onboardedUser();
    const item = await published(owner);
    const fan = await t.onboardedUser();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => t.call('social-like-toggle', { cookie: fan.cookie, body: { itemId: item, liked: true } })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(results.every((r) => r.json.liked === true && r.json.likeCount === 1)).toBe(true);
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.userId), eq(notifications.kind, 'like')));
    expect(notes).toHaveLength(1);
  });

  it('refuse a target that is not a boolean', async () => {
    const owner = await t.onboardedUser();
    const item = await published(owner);
    expect((await t.call('social-like-toggle', { cookie: owner.cookie, body: unchecked({ itemId: item, liked: 'yes' }) })).status).toBe(400);
    expect((await t.call('social-bookmark-toggle', { cookie: owner.cookie, body: unchecked({ itemId: item, saved: 1 }) })).status).toBe(400);
  });
});

describe('item-get', { tags: ['postgres'] }, () => {
  it('answers a signed-in viewer in at most 5 round trips, session lookup included', async () => {
    const owner = await t.onboardedUser();
    const item = await published(owner);
    const viewer = await t.onboardedUser();
    await t.call('social-like-toggle', { cookie: viewer.cookie, body: { itemId: item, liked: true } });
    const counter = countQueries(t.database);
    try {
      const r = await t.call('item-get', { cookie: viewer.cookie, body: { itemId: item } });
      expect(r.status).toBe(200);
      const got = itemGetResultSchema.parse(r.json);
      expect(got).toMatchObject({ access: 'visible', viewer: { signedIn: true, liked: true, saved: false, isAdmin: false } });
      expect(counter.count, counter.texts.join('\n')).toBeLessThanOrEqual(5);
      counter.reset();
      const guest = await t.call('item-get', { body: { itemId: item } });
      expect(guest.status).toBe(200);
      // A guest: the item with its composites, and its photos.
      expect(counter.count, counter.texts.join('\n')).toBeLessThanOrEqual(2);
    } finally {
      counter.restore();
    }
  });
});

describe('saves-list through the read pipeline', { tags: ['postgres'] }, () => {
  it('lists saves newest first and drops what the viewer may no longer see', async () => {
    const owner = await t.onboardedUser();
    const fan = await t.onboardedUser();
    const a = await published(owner, 'First saved');
    const b = await published(owner, 'Then hidden');
    const c = await published(owner, 'Last saved');
    for (const id of [a, b, c]) await t.call('social-bookmark-toggle', { cookie: fan.cookie, body: { itemId: id, saved: true } });
    await t.database.db.update(items).set({ hidden: true, hiddenSource: 'other' }).where(eq(items.id, b));
    const list = savesListResultSchema.parse((await t.call('saves-list', { cookie: fan.cookie })).json);
    expect(list.items.map((s) => s.title)).toEqual(['Last saved', 'First saved']);
    await t.call('settings-update', { cookie: owner.cookie, body: { profilePublic: false } });
    expect((await t.call('saves-list', { cookie: fan.cookie })).json.items).toEqual([]);
    // The owner still sees their own private and hidden items among their saves.
    for (const id of [a, b]) await t.call('social-bookmark-toggle', { cookie: owner.cookie, body: { itemId: id, saved: true } });
    expect(savesListResultSchema.parse((await t.call('saves-list', { cookie: owner.cookie })).json).items.map((s) => s.itemId)).toEqual([b, a]);
  });
});
