import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentsListResultSchema, profileGetResultSchema, userSettingsResultSchema } from '@curio/contract';
import { pngBytes, stubGenerator } from '../../test/images';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let photo: Buffer;
type U = Awaited<ReturnType<TestApp['onboardedUser']>>;

beforeAll(async () => {
  t = await createTestApp({ COMMENT_INTERVAL_SECONDS: '0' }, { generator: stubGenerator() });
  photo = await pngBytes(60, 75);
});
afterAll(() => t.close());

const published = (u: U, title = 'Red Robot') => t.publishedItem(u.cookie, photo, title);
const block = (u: U, target: U, blocked?: boolean) =>
  t.call('user-block-toggle', { cookie: u.cookie, body: blocked === undefined ? { targetUserId: target.userId } : { targetUserId: target.userId, blocked } });
const counts = async (u: U) => {
  const got = profileGetResultSchema.parse((await t.call('profile-get', { body: { handle: u.handle } })).json);
  if (got.access !== 'visible') throw new Error('expected visible');
  return { followers: got.profile.followersCount, following: got.profile.followingCount };
};
const commentsOf = async (itemId: string, cookie?: string) =>
  commentsListResultSchema.parse((await t.call('comments-list', { body: { itemId }, ...(cookie ? { cookie } : {}) })).json);

describe('user-block-toggle', () => {
  it('toggles, refuses oneself and unknown people, and lists the blocked with their profiles in settings', async () => {
    const a = await t.onboardedUser();
    const b = await t.onboardedUser();
    expect((await block(a, a)).status).toBe(400);
    expect((await t.call('user-block-toggle', { cookie: a.cookie, body: { targetUserId: 'nobody' } })).status).toBe(404);
    expect((await block(a, b)).json).toEqual({ blocked: true });
    expect((await block(a, b, true)).json).toEqual({ blocked: true });
    const settings = userSettingsResultSchema.parse((await t.call('settings-get', { cookie: a.cookie })).json);
    expect(settings.blockedUsers).toEqual([{ blocked_id: b.userId, profiles: { display_name: 'Test Collector', handle: b.handle, avatar_image_id: null } }]);
    const seen = profileGetResultSchema.parse((await t.call('profile-get', { cookie: a.cookie, body: { handle: b.handle } })).json);
    expect(seen.access === 'visible' && seen.viewer).toMatchObject({ blocking: true, canMessage: false });
    expect((await block(a, b)).json).toEqual({ blocked: false });
    expect(userSettingsResultSchema.parse((await t.call('settings-get', { cookie: a.cookie })).json).blockedUsers).toEqual([]);
  });

  it('removes the follows both ways and fixes the counts', async () => {
    const a = await t.onboardedUser();
    const b = await t.onboardedUser();
    const c = await t.onboardedUser();
    await t.call('social-follow-toggle', { cookie: a.cookie, body: { targetUserId: b.userId } });
    await t.call('social-follow-toggle', { cookie: b.cookie, body: { targetUserId: a.userId } });
    await t.call('social-follow-toggle', { cookie: c.cookie, body: { targetUserId: b.userId } });
    expect(await counts(b)).toEqual({ followers: 2, following: 1 });
    await block(b, a, true);
    expect(await counts(b)).toEqual({ followers: 1, following: 0 });
    expect(await counts(a)).toEqual({ followers: 0, following: 0 });
    const refused = await t.call('social-follow-toggle', { cookie: a.cookie, body: { targetUserId: b.userId, following: true } });
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('blocked');
    // Unblocking does not bring the follows back.
    await block(b, a, false);
    expect(await counts(b)).toEqual({ followers: 1, following: 0 });
  });

  it('keeps counts exact when blocks and follows between two people race', { tags: ['postgres'] }, async () => {
    const a = await t.onboardedUser();
    const b = await t.onboardedUser();
    const calls = Array.from({ length: 10 }, (_, i) =>
      i % 2
        ? t.call('social-follow-toggle', { cookie: a.cookie, body: { targetUserId: b.userId } })
        : t.call('user-block-toggle', { cookie: i % 4 ? a.cookie : b.cookie, body: { targetUserId: i % 4 ? b.userId : a.userId } }),
    );
    const results = await Promise.all(calls);
    expect(results.every((r) => r.status === 200 || r.json.error?.code === 'blocked')).toBe(true);
    const following = (await t.call('follows-list', { cookie: a.cookie, body: { handle: a.handle, kind: 'following' } })).json.users.length;
    expect((await counts(a)).following).toBe(following);
  });

  it("hides each side's comments from the other, and mentions of each other", async () => {
    const owner = await t.onboardedUser();
    const a = await t.onboardedUser();
    const b = await t.onboardedUser();
    const item = await published(owner);
    await t.call('comments-create', { cookie: a.cookie, body: { itemId: item, body: 'from a' } });
    await t.call('comments-create', { cookie: b.cookie, body: { itemId: item, body: 'from b' } });
    await block(a, b, true);
    const forA = await commentsOf(item, a.cookie);
    expect(forA.comments.map((c) => c.body)).toEqual(['from a']);
    expect(forA.totalCount).toBe(1);
    expect((await commentsOf(item, b.cookie)).comments.map((c) => c.body)).toEqual(['from b']);
    // Everyone else sees both.
    expect((await commentsOf(item, owner.cookie)).comments.map((c) => c.body)).toEqual(['from b', 'from a']);
    expect((await commentsOf(item)).totalCount).toBe(2);
    // No suggestion, no recorded mention, no notification across the block.
    const search = await t.call('mentions-search', { cookie: b.cookie, query: { q: a.handle }, method: 'GET' });
    expect(search.status).toBe(200);
    expect(search.json.users).toEqual([]);
    const seenByOwner = await t.call('mentions-search', { cookie: owner.cookie, query: { q: a.handle }, method: 'GET' });
    expect(seenByOwner.json.users.map((u: { id: string }) => u.id)).toEqual([a.userId]);
    const posted = await t.call('comments-create', { cookie: b.cookie, body: { itemId: item, body: `hey @${a.handle}` } });
    expect(posted.json.mentions).toEqual([]);
    expect((await t.call('notifications-unseen-count', { cookie: a.cookie })).json.count).toBe(0);
  });
});
