import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { itemGetResultSchema } from '@curio/contract';
import { pngBytes, stubGenerator } from '../../test/images';
import { events, items } from '../../db/schema';
import { countQueries } from '../../test/query-count';
import { createTestApp, type TestApp } from '../../test/harness';
import { createItemPageCache, type SharedItemPage } from './read.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { generator: stubGenerator() });
});
afterAll(() => t.close());

describe('item-get reads an item page in one query', { tags: ['postgres'] }, () => {
  it('answers a guest and a signed-in viewer (session in memory) with one round trip each', async () => {
    const owner = await t.onboardedUser();
    const item = await t.publishedItem(owner.cookie, await pngBytes(60, 75), 'One query');
    const viewer = await t.onboardedUser();
    await t.call('social-like-toggle', { cookie: viewer.cookie, body: { itemId: item, liked: true } });
    const counter = countQueries(t.database);
    try {
      const guest = await t.call('item-get', { body: { itemId: item } });
      expect(guest.status).toBe(200);
      expect(itemGetResultSchema.parse(guest.json)).toMatchObject({ access: 'visible', viewer: { signedIn: false, liked: false, saved: false } });
      expect(guest.json.item.photos).toHaveLength(1);
      expect(counter.texts, counter.texts.join('\n')).toHaveLength(1);

      counter.reset();
      const signedIn = await t.call('item-get', { cookie: viewer.cookie, body: { itemId: item } });
      expect(itemGetResultSchema.parse(signedIn.json)).toMatchObject({
        access: 'visible',
        viewer: { signedIn: true, liked: true, saved: false, isAdmin: false },
      });
      expect(counter.texts, counter.texts.join('\n')).toHaveLength(1);
    } finally {
      counter.restore();
    }
  });
});

describe('item pages kept in memory for a few seconds', { tags: ['postgres'] }, () => {
  it("serves a guest's repeated view without a query, and a signed-in viewer with only their own marks read", async () => {
    const owner = await t.onboardedUser();
    const item = await t.publishedItem(owner.cookie, await pngBytes(60, 75), 'Busy item');
    const viewer = await t.onboardedUser();
    await t.call('social-bookmark-toggle', { cookie: viewer.cookie, body: { itemId: item, saved: true } });
    const first = await t.call('item-get', { body: { itemId: item } });
    const counter = countQueries(t.database);
    try {
      const again = await t.call('item-get', { body: { itemId: item } });
      expect(again.json).toEqual(first.json);
      expect(counter.texts, counter.texts.join('\n')).toHaveLength(0);
      const signedIn = await t.call('item-get', { cookie: viewer.cookie, body: { itemId: item } });
      expect(signedIn.json).toMatchObject({ access: 'visible', viewer: { signedIn: true, saved: true, liked: false }, item: { title: 'Busy item' } });
      expect(counter.texts, counter.texts.join('\n')).toHaveLength(1);
      expect(counter.texts[0]).not.toMatch(/composites/);
    } finally {
      counter.restore();
    }
  });

  it('shows a like, a save and a comment made through this process at once', async () => {
    const owner = await t.onboardedUser();
    const item = await t.publishedItem(owner.cookie, await pngBytes(60, 75), 'Counted');
    const fan = await t.onboardedUser();
    expect((await t.call('item-get', { body: { itemId: item } })).json.item.counts).toMatchObject({ likes: 0, saves: 0, comments: 0 });
    await t.call('social-like-toggle', { cookie: fan.cookie, body: { itemId: item, liked: true } });
    expect((await t.call('item-get', { body: { itemId: item } })).json.item.counts).toMatchObject({ likes: 1 });
    await t.call('social-bookmark-toggle', { cookie: fan.cookie, body: { itemId: item, saved: true } });
    expect((await t.call('item-get', { body: { itemId: item } })).json.item.counts).toMatchObject({ saves: 1 });
    const c = await t.call('comments-create', { cookie: fan.cookie, body: { itemId: item, body: 'Lovely' } });
    expect(c.status).toBe(200);
    expect((await t.call('item-get', { body: { itemId: item } })).json.item.counts).toMatchObject({ comments: 1 });
    // The liker's own page shows their mark and the new count together.
    expect((await t.call('item-get', { cookie: fan.cookie, body: { itemId: item } })).json).toMatchObject({
      viewer: { liked: true, saved: true },
      item: { counts: { likes: 1 } },
    });
  });

  it('ends a cached page at once when the profile goes private or the owner edits the item', async () => {
    const owner = await t.onboardedUser();
    const item = await t.publishedItem(owner.cookie, await pngBytes(60, 75), 'Before');
    const viewer = await t.onboardedUser();
    expect((await t.call('item-get', { body: { itemId: item } })).json.access).toBe('visible');
    expect((await t.call('item-get', { cookie: viewer.cookie, body: { itemId: item } })).json.access).toBe('visible');
    const edit = await t.call('items-update', { cookie: owner.cookie, body: { itemId: item, title: 'After', tags: [], nsfw: false } });
    expect(edit.status).toBe(200);
    expect((await t.call('item-get', { body: { itemId: item } })).json.item.title).toBe('After');
    expect((await t.call('settings-update', { cookie: owner.cookie, body: { profilePublic: false } })).status).toBe(200);
    const guest = await t.call('item-get', { body: { itemId: item } });
    expect(guest.json).toMatchObject({ access: 'private', item: null });
    expect((await t.call('item-get', { cookie: viewer.cookie, body: { itemId: item } })).json.access).toBe('private');
    // The owner still sees everything, their notes included.
    expect((await t.call('item-get', { cookie: owner.cookie, body: { itemId: item } })).json).toMatchObject({ access: 'visible', item: { title: 'After' } });
  });

  it("ends a cached page at once when the owner's name or handle changes, and records it for every process", async () => {
    const owner = await t.onboardedUser();
    const item = await t.publishedItem(owner.cookie, await pngBytes(60, 75), 'Owned');
    const viewer = await t.onboardedUser();
    const owned = async (cookie?: string) =>
      (await t.call('item-get', { cookie, body: { itemId: item } })).json.owner as { displayName: string; handle: string };
    expect((await owned()).displayName).not.toBe('Renamed Owner');
    await owned(viewer.cookie);
    expect((await t.call('profile-update', { cookie: owner.cookie, body: { displayName: 'Renamed Owner' } })).status).toBe(200);
    expect(await owned()).toMatchObject({ displayName: 'Renamed Owner' });
    expect(await owned(viewer.cookie)).toMatchObject({ displayName: 'Renamed Owner' });
    const handle = `${owner.handle}x`;
    expect((await t.call('profile-handle-change', { cookie: owner.cookie, body: { handle } })).status).toBe(200);
    expect(await owned()).toMatchObject({ handle });
    const recorded = await t.database.db.select().from(events).where(eq(events.stream, 'explore'));
    expect(recorded.filter((e) => e.type === 'profile.shown' && JSON.stringify(e.payload).includes(owner.userId))).toHaveLength(2);
  });
});

describe("guests' item pages answered before routing", { tags: ['postgres'] }, () => {
  const get = (itemId: string, headers: Record<string, string> = {}) =>
    t.serverFetch(new Request(`http://localhost:3000/functions/v1/item-get?itemId=${itemId}`, { headers }));

  it('answers the same bytes without the app, until the page changes or the profile goes private', async () => {
    const owner = await t.onboardedUser();
    const item = await t.publishedItem(owner.cookie, await pngBytes(60, 75), 'Kept');
    const first = await (await get(item)).text();
    const counter = countQueries(t.database);
    try {
      const again = await get(item);
      expect(await again.text()).toBe(first);
      expect(again.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(counter.count).toBe(0);
    } finally {
      counter.restore();
    }
    const fan = await t.onboardedUser();
    await t.call('social-like-toggle', { cookie: fan.cookie, body: { itemId: item, liked: true } });
    expect(((await (await get(item)).json()) as any).item.counts.likes).toBe(1);
    await t.call('settings-update', { cookie: owner.cookie, body: { profilePublic: false } });
    expect(await (await get(item)).json()).toMatchObject({ access: 'private', item: null });
    // A signed-in request never gets a guest's answer.
    expect(((await (await get(item, { cookie: fan.cookie })).json()) as any).viewer.signedIn).toBe(true);
  });

  it("answers a signed-in viewer's repeated view with their own kept answer, until their marks, the page or their session change", async () => {
    const owner = await t.onboardedUser();
    const item = await t.publishedItem(owner.cookie, await pngBytes(60, 75), 'Seen often');
    const viewer = await t.onboardedUser();
    const mine = async () => (await get(item, { cookie: viewer.cookie })).text();
    // The first views read the page, then the viewer's marks; the next is made from both, kept, and kept as sent.
    await mine();
    await mine();
    const kept = await mine();
    expect(JSON.parse(kept)).toMatchObject({ access: 'visible', viewer: { signedIn: true, liked: false, isOwner: false } });
    const get$ = vi.spyOn(t.services.itemPages, 'get');
    try {
      expect(await mine()).toBe(kept);
      expect(get$).not.toHaveBeenCalled();
      // Someone else, signed in or not, never gets it.
      const other = await t.onboardedUser();
      expect(JSON.parse(await (await get(item, { cookie: other.cookie })).text())).toMatchObject({ viewer: { signedIn: true, liked: false } });
      expect(get$).toHaveBeenCalledTimes(1);
      // Their like changes their answer at once.
      expect((await t.call('social-like-toggle', { cookie: viewer.cookie, body: { itemId: item, liked: true } })).status).toBe(200);
      expect(JSON.parse(await mine())).toMatchObject({ viewer: { liked: true }, item: { counts: { likes: 1 } } });
      // Signed out, the cookie gets a guest's answer: the session is gone, and with it the kept answers.
      expect((await t.request('/auth/v1/sign-out', { cookie: viewer.cookie, body: {} })).status).toBe(200);
      expect(JSON.parse(await mine())).toMatchObject({ viewer: { signedIn: false, liked: false } });
    } finally {
      get$.mockRestore();
    }
  });
});

describe('the item page cache', { tags: ['postgres'] }, () => {
  it('keeps a page for its time only, and never stores a read that started before a change', () => {
    let now = 1_000;
    const cache = createItemPageCache({ ttlMs: 5_000, now: () => now });
    const page = { id: 'i1', userId: 'u1' } as unknown as SharedItemPage;
    cache.set('i1', page, cache.generation());
    expect(cache.get('i1')).toBe(page);
    now += 5_000;
    expect(cache.get('i1')).toBeNull();
    const readAt = cache.generation();
    cache.forget('other'); // a change while the read was running
    cache.set('i1', page, readAt);
    expect(cache.get('i1')).toBeNull();
    cache.set('i1', page, cache.generation());
    cache.clear();
    expect(cache.get('i1')).toBeNull();
    const off = createItemPageCache({ ttlMs: 0 });
    off.set('i1', page, off.generation());
    expect(off.get('i1')).toBeNull();
  });

  it("shows no photos and no marks of someone else's hidden item, and the owner everything", async () => {
    const owner = await t.onboardedUser();
    const item = await t.publishedItem(owner.cookie, await pngBytes(60, 75), 'Hidden later');
    const fan = await t.onboardedUser();
    await t.call('social-bookmark-toggle', { cookie: fan.cookie, body: { itemId: item, saved: true } });
    await t.database.db.update(items).set({ hidden: true, hiddenSource: 'other' }).where(eq(items.id, item));
    const seen = await t.call('item-get', { cookie: fan.cookie, body: { itemId: item } });
    expect(seen.json).toMatchObject({ access: 'removed', viewer: { saved: false } });
    expect(JSON.stringify(seen.json)).not.toContain('photos');
    const own = await t.call('item-get', { cookie: owner.cookie, body: { itemId: item } });
    expect(own.json.access).toBe('visible');
    expect(own.json.item.photos).toHaveLength(1);
  });
});
