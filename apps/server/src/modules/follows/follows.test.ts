import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followsListResultSchema, profileGetResultSchema } from '@curio/contract';
import { follows, items, profileStats } from '../../db/schema';
import { pngBytes, stubGenerator } from '../../test/images';
import { countQueries } from '../../test/query-count';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let photo: Buffer;
type U = Awaited<ReturnType<TestApp['onboardedUser']>>;

beforeAll(async () => {
  t = await createTestApp({}, { generator: stubGenerator() });
  photo = await pngBytes(60, 75);
});
afterAll(() => t.close());

/** An item with a chosen image, placed on the owner's shelf. */
async function published(u: U, title = 'A piece') {
  return t.publish(u.cookie, photo, { title, place: true });
}
const profileOf = async (handle: string, cookie?: string) => {
  const r = await t.call('profile-get', { body: { handle }, ...(cookie ? { cookie } : {}) });
  expect(r.status).toBe(200);
  return profileGetResultSchema.parse(r.json);
};
const follow = (u: U, target: U, following?: boolean) =>
  t.call('social-follow-toggle', {
    cookie: u.cookie,
    body: following === undefined ? { targetUserId: target.userId } : { targetUserId: target.userId, following },
  });
const makePrivate = (u: U) => t.call('settings-update', { cookie: u.cookie, body: { profilePublic: false } });

describe('profile-get', () => {
  it('shows a public profile to guests with its real shelf, read-only', async () => {
    const owner = await t.onboardedUser();
    const a = await published(owner, 'Red Robot');
    const b = await published(owner, 'Blue Rocket');
    const hidden = await published(owner, 'Taken down');
    await t.database.db.update(items).set({ hidden: true, hiddenSource: 'other' }).where(eq(items.id, hidden.id));
    // One item goes to overflow.
    await t.call('shelf-resize', { cookie: owner.cookie, body: { cols: 1, rows: 1 } });

    const got = await profileOf(owner.handle);
    if (got.access !== 'visible') throw new Error('expected visible');
    expect(got.profile).toMatchObject({
      userId: owner.userId,
      handle: owner.handle,
      displayName: 'Test Collector',
      public: true,
      followersCount: 0,
      followingCount: 0,
    });
    expect(got.viewer).toEqual({ signedIn: false, isOwner: false, following: false, followsYou: false, blocking: false, canMessage: false });
    expect(got.shelf!.layout).toEqual({ cols: 1, rows: 1 });
    expect(got.shelf!.placed).toEqual([{ id: a.id, title: 'Red Robot', imageId: a.imageId, altText: null, nsfw: false, col: 0, row: 0 }]);
    expect(got.shelf!.overflow.map((i) => i.id)).toEqual([b.id]);
    // A hidden item is never shown to others; its owner still sees it.
    expect(JSON.stringify(got)).not.toContain(hidden.id);
    const own = await profileOf(owner.handle, owner.cookie);
    if (own.access !== 'visible') throw new Error('expected visible');
    expect(own.viewer.isOwner).toBe(true);
    expect([...own.shelf!.placed, ...own.shelf!.overflow].map((i) => i.id)).toContain(hidden.id);
  });

  it('answers 404 for an unknown handle and only "private" for a private profile', async () => {
    expect((await t.call('profile-get', { body: { handle: 'nobody_here' } })).status).toBe(404);
    expect((await t.call('profile-get', { body: { handle: '../../etc' } })).status).toBe(404);
    const owner = await t.onboardedUser();
    await published(owner, 'Secret Robot');
    await makePrivate(owner);
    const stranger = await t.onboardedUser();
    for (const cookie of [undefined, stranger.cookie]) {
      const r = await t.call('profile-get', { body: { handle: owner.handle }, ...(cookie ? { cookie } : {}) });
      expect(r.json).toEqual({ access: 'private', handle: owner.handle });
    }
    const own = await profileOf(owner.handle, owner.cookie);
    expect(own.access).toBe('visible');
  });

  it('answers GET with the handle lower-cased', async () => {
    const owner = await t.onboardedUser();
    const r = await t.request('/functions/v1/profile-get', { query: { handle: owner.handle.toUpperCase() } });
    expect(r.status).toBe(200);
    expect(((await r.json()) as { access: string }).access).toBe('visible');
  });
});

describe('social-follow-toggle', () => {
  it('follows and unfollows with the counts of both sides', async () => {
    const a = await t.onboardedUser();
    const b = await t.onboardedUser();
    expect((await follow(a, b)).json).toEqual({ following: true, followersCount: 1, followingCount: 0 });
    const seen = await profileOf(b.handle, a.cookie);
    if (seen.access !== 'visible') throw new Error('expected visible');
    expect(seen.viewer).toMatchObject({ following: true, followsYou: false, canMessage: true });
    const back = await profileOf(a.handle, b.cookie);
    if (back.access !== 'visible') throw new Error('expected visible');
    expect(back.profile).toMatchObject({ followersCount: 0, followingCount: 1 });
    expect(back.viewer).toMatchObject({ following: false, followsYou: true });
    // A target state is idempotent.
    expect((await follow(a, b, true)).json).toEqual({ following: true, followersCount: 1, followingCount: 0 });
    expect((await follow(a, b)).json).toEqual({ following: false, followersCount: 0, followingCount: 0 });
    expect((await follow(a, b, false)).json).toEqual({ following: false, followersCount: 0, followingCount: 0 });
  });

  it('refuses oneself, unknown people and private profiles (unfollowing still works)', async () => {
    const a = await t.onboardedUser();
    const b = await t.onboardedUser();
    expect((await follow(a, a)).status).toBe(400);
    expect((await t.call('social-follow-toggle', { cookie: a.cookie, body: { targetUserId: 'no-such-user' } })).status).toBe(404);
    expect((await t.call('social-follow-toggle', { body: { targetUserId: b.userId } })).status).toBe(401);
    await follow(a, b, true);
    await makePrivate(b);
    const c = await t.onboardedUser();
    const refused = await follow(c, b, true);
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('profile_private');
    // Unfollowing a profile that went private works and tells nothing of it.
    expect((await follow(a, b, false)).json).toEqual({ following: false, followersCount: 0, followingCount: 0 });
  });

  it('keeps the counts right under 20 concurrent toggles of one pair', { tags: ['postgres'] }, async () => {
    const a = await t.onboardedUser();
    const b = await t.onboardedUser();
    const results = await Promise.all(Array.from({ length: 20 }, () => follow(a, b)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    const rows = await t.database.db.select().from(follows).where(eq(follows.followeeId, b.userId));
    const [stats] = await t.database.db.select().from(profileStats).where(eq(profileStats.userId, b.userId));
    expect(rows).toHaveLength(0); // an even number of toggles
    expect(stats?.followersCount ?? 0).toBe(0);
    const [mine] = await t.database.db.select().from(profileStats).where(eq(profileStats.userId, a.userId));
    expect(mine?.followingCount ?? 0).toBe(0);
    // Each answer is a state some serial order produced: the toggles alternated.
    expect(results.filter((r) => r.json.following).length).toBe(10);
  });

  it('keeps the counts right when 20 people follow one person at once, and each of them back', { tags: ['postgres'] }, async () => {
    const star = await t.onboardedUser();
    const fans = await Promise.all(Array.from({ length: 20 }, () => t.onboardedUser()));
    const results = await Promise.all(fans.flatMap((f) => [follow(f, star, true), follow(star, f, true)]));
    expect(results.map((r) => r.status)).toEqual(Array(40).fill(200));
    const got = await profileOf(star.handle);
    if (got.access !== 'visible') throw new Error('expected visible');
    expect(got.profile).toMatchObject({ followersCount: 20, followingCount: 20 });
    const rows = await t.database.db.select().from(follows).where(eq(follows.followeeId, star.userId));
    expect(rows).toHaveLength(20);
    await Promise.all(fans.map((f) => follow(f, star, false)));
    const after = await profileOf(star.handle);
    if (after.access !== 'visible') throw new Error('expected visible');
    expect(after.profile).toMatchObject({ followersCount: 0, followingCount: 20 });
  });
});

describe('follows-list', () => {
  it('pages followers newest first and leaves private profiles out', async () => {
    const star = await t.onboardedUser();
    const fans: U[] = [];
    for (let i = 0; i < 5; i++) {
      const f = await t.onboardedUser();
      await follow(f, star, true);
      fans.push(f);
    }
    await makePrivate(fans[1]!);
    const viewer = fans[0]!;
    await follow(viewer, fans[4]!, true);
    const first = followsListResultSchema.parse((await t.call('follows-list', { body: { handle: star.handle, kind: 'followers', limit: 2 } })).json);
    expect(first.users.map((u) => u.handle)).toEqual([fans[4]!.handle, fans[3]!.handle]);
    const second = followsListResultSchema.parse(
      (await t.call('follows-list', { cookie: viewer.cookie, body: { handle: star.handle, kind: 'followers', limit: 2, cursor: first.nextCursor! } })).json,
    );
    // fans[1] is private: not listed to others.
    expect(second.users.map((u) => u.handle)).toEqual([fans[2]!.handle, fans[0]!.handle]);
    expect(second.nextCursor).toBeNull();
    const withViewer = followsListResultSchema.parse(
      (await t.call('follows-list', { cookie: viewer.cookie, body: { handle: star.handle, kind: 'followers' } })).json,
    );
    expect(withViewer.users.find((u) => u.userId === fans[4]!.userId)?.viewerFollows).toBe(true);
    expect(JSON.stringify(withViewer)).not.toContain(fans[1]!.handle);
    // The private follower sees themselves.
    const self = followsListResultSchema.parse(
      (await t.call('follows-list', { cookie: fans[1]!.cookie, body: { handle: star.handle, kind: 'followers' } })).json,
    );
    expect(self.users.map((u) => u.handle)).toContain(fans[1]!.handle);
    const following = followsListResultSchema.parse((await t.call('follows-list', { body: { handle: viewer.handle, kind: 'following' } })).json);
    expect(following.users.map((u) => u.handle)).toEqual([fans[4]!.handle, star.handle]);
  });

  it("keeps a private profile's lists to its owner", async () => {
    const owner = await t.onboardedUser();
    const fan = await t.onboardedUser();
    await follow(fan, owner, true);
    await makePrivate(owner);
    const refused = await t.call('follows-list', { cookie: fan.cookie, body: { handle: owner.handle, kind: 'followers' } });
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('profile_private');
    expect(JSON.stringify(refused.json)).not.toContain(fan.handle);
    expect((await t.call('follows-list', { body: { handle: owner.handle, kind: 'following' } })).status).toBe(403);
    const own = await t.call('follows-list', { cookie: owner.cookie, body: { handle: owner.handle, kind: 'followers' } });
    expect(own.json.users.map((u: { handle: string }) => u.handle)).toEqual([fan.handle]);
    expect((await t.call('follows-list', { body: { handle: owner.handle, kind: 'followers', cursor: 'bogus' } })).status).toBe(403);
    expect((await t.call('follows-list', { cookie: owner.cookie, body: { handle: owner.handle, kind: 'followers', cursor: 'bogus' } })).status).toBe(400);
  });

  it('leaves out people with a block either way, marks whom the viewer follows, and reads the page in a fixed number of queries', async () => {
    const star = await t.onboardedUser();
    const viewer = await t.onboardedUser();
    const fans: U[] = [];
    for (let i = 0; i < 4; i++) {
      const f = await t.onboardedUser();
      await follow(f, star, true);
      fans.push(f);
    }
    await follow(viewer, fans[0]!, true);
    await t.call('user-block-toggle', { cookie: viewer.cookie, body: { targetUserId: fans[1]!.userId, blocked: true } });
    await t.call('user-block-toggle', { cookie: fans[2]!.cookie, body: { targetUserId: viewer.userId, blocked: true } });
    const listOf = async (cookie?: string) =>
      followsListResultSchema.parse((await t.call('follows-list', { body: { handle: star.handle, kind: 'followers' }, ...(cookie ? { cookie } : {}) })).json);
    const seen = await listOf(viewer.cookie);
    expect(seen.users).toEqual([
      { userId: fans[3]!.userId, handle: fans[3]!.handle, displayName: 'Test Collector', avatarImageId: null, viewerFollows: false },
      { userId: fans[0]!.userId, handle: fans[0]!.handle, displayName: 'Test Collector', avatarImageId: null, viewerFollows: true },
    ]);
    expect((await listOf()).users.map((u) => [u.handle, u.viewerFollows])).toEqual([...fans].reverse().map((f) => [f.handle, false]));
    // The profile, the page of ids, the people's hydration and (signed in) the viewer's state, whatever the page's size.
    const counter = countQueries(t.database);
    try {
      await t.services.follows.list(viewer.userId, { handle: star.handle, kind: 'followers', limit: 20 });
      expect(counter.count, counter.texts.join('\n')).toBe(4);
      counter.reset();
      await t.services.follows.list(null, { handle: star.handle, kind: 'followers', limit: 20 });
      expect(counter.count, counter.texts.join('\n')).toBe(3);
    } finally {
      counter.restore();
    }
  });
});
