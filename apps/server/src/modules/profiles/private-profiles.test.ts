import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngBytes, stubGenerator } from '../../test/images';
import { createTestApp, type TestApp } from '../../test/harness';

/**
 * A private profile leaks nothing to others, anywhere: its page, its lists, mentions,
 * notifications and messages (spec part 1 §5, part 2 §6).
 */
let t: TestApp;
let photo: Buffer;
type U = Awaited<ReturnType<TestApp['onboardedUser']>>;
let shy: U;
let other: U;
let item: string;
let shyItem: string;
let shyAvatar: string;
let otherAvatar: string;

beforeAll(async () => {
  t = await createTestApp({ COMMENT_INTERVAL_SECONDS: '0', MESSAGE_INTERVAL_SECONDS: '0' }, { generator: stubGenerator() });
  photo = await pngBytes(60, 75);
  shy = await t.onboardedUser();
  other = await t.onboardedUser();
  item = await t.publishedItem(other.cookie, photo, 'Public piece', { place: true });
  // Before going private: a follow, a like and a comment that would otherwise name them.
  await t.call('social-follow-toggle', { cookie: shy.cookie, body: { targetUserId: other.userId } });
  await t.call('social-like-toggle', { cookie: shy.cookie, body: { itemId: item } });
  await t.call('comments-create', { cookie: shy.cookie, body: { itemId: item, body: 'Nice one' } });
  shyItem = await t.publishedItem(shy.cookie, photo, 'Shy piece', { place: true });
  shyAvatar = await t.avatar(shy.cookie, photo);
  otherAvatar = await t.avatar(other.cookie, photo);
  await t.call('settings-update', { cookie: shy.cookie, body: { profilePublic: false } });
});
afterAll(() => t.close());

/** Nothing identifying the private person appears in the answer. */
const leaksNothing = (json: unknown) => {
  const text = JSON.stringify(json);
  expect(text).not.toContain(shy.handle);
  expect(text).not.toContain('Shy piece');
};

describe('a private profile', () => {
  it('shows others only that it is private', async () => {
    for (const cookie of [undefined, other.cookie]) {
      const r = await t.call('profile-get', { body: { handle: shy.handle }, ...(cookie ? { cookie } : {}) });
      expect(r.json).toEqual({ access: 'private', handle: shy.handle });
      expect(JSON.stringify(r.json)).not.toContain('Shy piece');
    }
  });

  it('is in nobody’s follower lists and its own lists are closed', async () => {
    const followers = await t.call('follows-list', { cookie: other.cookie, body: { handle: other.handle, kind: 'followers' } });
    expect(followers.status).toBe(200);
    leaksNothing(followers.json);
    for (const kind of ['followers', 'following'] as const) {
      const r = await t.call('follows-list', { body: { handle: shy.handle, kind } });
      expect(r.status).toBe(403);
      leaksNothing(r.json.error.fields ?? {});
    }
  });

  it('cannot be mentioned or found for a mention', async () => {
    const search = await t.call('mentions-search', { cookie: other.cookie, method: 'GET', query: { q: shy.handle } });
    expect(search.status).toBe(200);
    expect(search.json.users).toEqual([]);
    const posted = await t.call('comments-create', { cookie: other.cookie, body: { itemId: item, body: `hello @${shy.handle}` } });
    expect(posted.json.mentions).toEqual([]);
    expect((await t.call('notifications-unseen-count', { cookie: shy.cookie })).json.count).toBe(0);
  });

  it('is not named in the notifications of others', async () => {
    const list = await t.call('notifications-list', { cookie: other.cookie, body: { page: 0 } });
    expect(list.json.notifications.map((n: { kind: string }) => n.kind).sort()).toEqual(['comment', 'follow', 'like']);
    leaksNothing(list.json);
  });

  it('cannot be found to start a conversation with', async () => {
    expect((await t.call('dm-thread-upsert', { cookie: other.cookie, body: { otherUserId: shy.userId } })).status).toBe(404);
    const search = await t.call('dm-recipients-search', { cookie: other.cookie, body: { q: shy.handle } });
    expect(search.json.users).toEqual([]);
    expect((await t.call('dm-threads-list', { cookie: other.cookie, body: {} })).json.threads).toEqual([]);
  });

  it('and its items stay private on item pages and in explore', async () => {
    // An item page answers only that the item is private: no title, tags, images or counts.
    for (const cookie of [undefined, other.cookie]) {
      const page = await t.call('item-get', { body: { itemId: shyItem }, ...(cookie ? { cookie } : {}) });
      expect(page.status).toBe(200);
      expect(page.json).toMatchObject({ access: 'private', item: null, owner: null });
      expect(JSON.stringify(page.json)).not.toContain('Shy piece');
    }
    // Its owner still sees it.
    const own = await t.call('item-get', { cookie: shy.cookie, body: { itemId: shyItem } });
    expect(own.json).toMatchObject({ access: 'visible', item: { title: 'Shy piece' } });
    for (const cookie of [undefined, other.cookie]) {
      const explore = await t.request('/functions/v1/explore-list', { query: { sort: 'new' }, ...(cookie ? { cookie } : {}) });
      expect(explore.status).toBe(200);
      leaksNothing(await explore.json());
    }
  });

  it('has an avatar only its owner is served, never publicly cached', async () => {
    for (const cookie of [undefined, other.cookie]) {
      const img = await t.request(`/img/${shyAvatar}/avatar`, cookie ? { cookie } : {});
      expect(img.status).toBe(404);
      expect(img.headers.get('cache-control')).toBe('private, no-store');
    }
    const own = await t.request(`/img/${shyAvatar}/avatar`, { cookie: shy.cookie });
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    // A public person's avatar is public, but revalidated: they may go private later.
    const pub = await t.request(`/img/${otherAvatar}/avatar`);
    expect(pub.status).toBe(200);
    expect(pub.headers.get('cache-control')).toBe('public, max-age=300, must-revalidate');
  });
});
