import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles } from '../../db/schema';
import { pngBytes, stubGenerator } from '../../test/images';
import { createTestApp, type TestApp } from '../../test/harness';

/**
 * A profile a moderator hid leaks nothing to others, anywhere, as a private one does
 * (private-profiles.test.ts): its page, lists, mentions, notifications, messages, its items and
 * their images, its avatar, and views of it are not counted. Its owner and staff still see it.
 */
let t: TestApp;
let photo: Buffer;
type U = Awaited<ReturnType<TestApp['onboardedUser']>>;
let muted: U;
let other: U;
let mod: U;
let item: string;
let mutedItem: string;
let mutedImage: string;
let avatar: string;

beforeAll(async () => {
  t = await createTestApp({ COMMENT_INTERVAL_SECONDS: '0', MESSAGE_INTERVAL_SECONDS: '0' }, { generator: stubGenerator() });
  photo = await pngBytes(60, 75);
  muted = await t.onboardedUser();
  other = await t.onboardedUser();
  mod = await t.onboardedUser();
  await t.database.db.insert(userRoles).values({ userId: mod.userId, role: 'moderator' });
  item = await t.publishedItem(other.cookie, photo, 'Public piece', { place: true });
  // Before the hide: a follow and a like that would otherwise name them, an item and an avatar.
  await t.call('social-follow-toggle', { cookie: muted.cookie, body: { targetUserId: other.userId } });
  await t.call('social-like-toggle', { cookie: muted.cookie, body: { itemId: item } });
  mutedItem = await t.publishedItem(muted.cookie, photo, 'Muted piece', { place: true });
  mutedImage = (await t.call('item-get', { cookie: muted.cookie, body: { itemId: mutedItem } })).json.item.imageId as string;
  avatar = await t.avatar(muted.cookie, photo);
  // A moderator hides the profile after a report, as the moderation queue does.
  // (Reported by someone else: a report's outcome names its target to the reporter, who named it.)
  const reporter = await t.onboardedUser();
  const report = await t.call('profile-report', { cookie: reporter.cookie, body: { handle: muted.handle, reason: 'spam' } });
  const hid = await t.call('mod-report-act', { cookie: mod.cookie, body: { reportId: report.json.reportId, action: 'hide', note: 'Spam account' } });
  expect(hid.status).toBe(200);
});
afterAll(() => t.close());

/** Nothing identifying the hidden person appears in the answer. */
const leaksNothing = (json: unknown) => {
  const text = JSON.stringify(json);
  expect(text).not.toContain(muted.handle);
  expect(text).not.toContain('Muted piece');
  expect(text).not.toContain(avatar);
};

describe('a profile a moderator hid', () => {
  it('shows others only that it is private; its owner still sees it', async () => {
    for (const cookie of [undefined, other.cookie]) {
      const r = await t.call('profile-get', { body: { handle: muted.handle }, ...(cookie ? { cookie } : {}) });
      expect(r.json).toEqual({ access: 'private', handle: muted.handle });
    }
    expect((await t.call('profile-get', { cookie: muted.cookie, body: { handle: muted.handle } })).json.access).toBe('visible');
  });

  it('is in nobody’s follower lists, cannot be mentioned or found for a mention', async () => {
    leaksNothing((await t.call('follows-list', { cookie: other.cookie, body: { handle: other.handle, kind: 'followers' } })).json);
    const search = await t.call('mentions-search', { cookie: other.cookie, method: 'GET', query: { q: muted.handle } });
    expect(search.json.users).toEqual([]);
  });

  it('is not named in the notifications of others', async () => {
    const list = await t.call('notifications-list', { cookie: other.cookie, body: { page: 0 } });
    expect(list.json.notifications.map((n: { kind: string }) => n.kind).sort()).toEqual(['follow', 'like']);
    leaksNothing(list.json);
  });

  it('cannot be found to start a conversation with', async () => {
    expect((await t.call('dm-thread-upsert', { cookie: other.cookie, body: { otherUserId: muted.userId } })).status).toBe(404);
    expect((await t.call('dm-recipients-search', { cookie: other.cookie, body: { q: muted.handle } })).json.users).toEqual([]);
  });

  it('its items are removed for others, and their images are served to nobody but its owner and staff', async () => {
    for (const cookie of [undefined, other.cookie]) {
      const page = await t.call('item-get', { body: { itemId: mutedItem }, ...(cookie ? { cookie } : {}) });
      expect(page.json.access).toBe('removed');
      expect(JSON.stringify(page.json)).not.toContain('Muted piece');
      const img = await t.request(`/img/${mutedImage}/thumb`, cookie ? { cookie } : {});
      expect(img.status).toBe(404);
      expect(img.headers.get('cache-control')).toBe('private, no-store');
    }
    expect((await t.call('item-get', { cookie: muted.cookie, body: { itemId: mutedItem } })).json).toMatchObject({
      access: 'visible',
      item: { title: 'Muted piece' },
    });
    for (const cookie of [muted.cookie, mod.cookie]) {
      const img = await t.request(`/img/${mutedImage}/thumb`, { cookie });
      expect(img.status).toBe(200);
      expect(img.headers.get('cache-control')).toBe('private, no-store');
    }
  });

  it('its avatar is served to nobody but its owner and staff, and never publicly cached', async () => {
    for (const cookie of [undefined, other.cookie]) {
      const img = await t.request(`/img/${avatar}/avatar`, cookie ? { cookie } : {});
      expect(img.status).toBe(404);
      expect(img.headers.get('cache-control')).toBe('private, no-store');
    }
    for (const cookie of [muted.cookie, mod.cookie]) {
      const img = await t.request(`/img/${avatar}/avatar`, { cookie });
      expect(img.status).toBe(200);
      expect(img.headers.get('cache-control')).toBe('private, no-store');
    }
  });

  it('views of it are not counted', async () => {
    const track = (cookie: string | undefined) =>
      t.call('analytics-track', { body: { name: 'profile_view', props: { handle: muted.handle }, path: '/' }, ...(cookie ? { cookie } : {}) });
    expect((await track(other.cookie)).json).toEqual({ stored: false });
    expect((await track(undefined)).json).toEqual({ stored: false });
  });
});
