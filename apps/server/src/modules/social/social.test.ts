import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, items, notifications, reports } from '../../db/schema';
import { pngBytes, stubGenerator } from '../../test/images';
import { createSecondApp } from '../../test/second-app';
import { createTestApp, TEST_ORIGIN, type TestApp, unchecked } from '../../test/harness';

let t: TestApp;
let photo: Buffer;
type U = Awaited<ReturnType<TestApp['onboardedUser']>>;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'admin@example.com', COMMENT_INTERVAL_SECONDS: '0', COMMENTS_PER_HOUR: '1000' }, { generator: stubGenerator() });
  photo = await pngBytes(60, 75);
});
afterAll(() => t.close());

async function published(u: U, title = 'A piece', extra: { nsfw?: boolean } = {}) {
  return t.publish(u.cookie, photo, { title, nsfw: extra.nsfw ?? false, variant: 1, place: true });
}

describe('item-get', () => {
  it('answers the item, its owner, images, counts and the viewer state', async () => {
    const owner = await t.onboardedUser();
    const item = await published(owner, 'Tin robot');
    const viewer = await t.onboardedUser();
    await t.call('social-like-toggle', { cookie: viewer.cookie, body: { itemId: item.id } });
    const r = await t.call('item-get', { cookie: viewer.cookie, body: { itemId: item.id } });
    expect(r.status).toBe(200);
    expect(r.json.access).toBe('visible');
    expect(r.json.item).toMatchObject({
      id: item.id,
      title: 'Tin robot',
      tags: ['robots'],
      nsfw: false,
      hidden: false,
      imageId: item.variants[1]!.imageId,
      counts: { likes: 1, comments: 0, saves: 0 },
    });
    expect(r.json.item.composites).toHaveLength(5);
    expect(r.json.item.composites.filter((c: any) => c.chosen)).toHaveLength(1);
    expect(r.json.item.photos).toEqual([{ id: expect.any(String), imageId: item.photoImageId, role: 'front', altText: null }]);
    expect(r.json.owner).toMatchObject({ handle: owner.handle, displayName: 'Test Collector', public: true });
    expect(r.json.viewer).toEqual({ signedIn: true, isOwner: false, isAdmin: false, liked: true, saved: false, canMessage: true });
    const guest = await t.request('/functions/v1/item-get', { query: { itemId: item.id } });
    expect(((await guest.json()) as any).viewer).toEqual({ signedIn: false, isOwner: false, isAdmin: false, liked: false, saved: false });
  });

  it('answers 404 for an unknown item and 400 for a malformed id', async () => {
    expect((await t.call('item-get', { body: { itemId: '00000000-0000-4000-8000-000000000000' } })).status).toBe(404);
    expect((await t.call('item-get', { body: { itemId: 'x' } })).status).toBe(400);
  });

  it('shows a hidden item only to its owner and admins; others get the removed state with its source', async () => {
    const owner = await t.onboardedUser();
    const item = await published(owner);
    await t.database.db.update(items).set({ hidden: true, hiddenSource: 'dmca' }).where(eq(items.id, item.id));
    const stranger = await t.onboardedUser();
    const r = await t.call('item-get', { cookie: stranger.cookie, body: { itemId: item.id } });
    expect(r.json).toMatchObject({ access: 'removed', item: { id: item.id, hidden: true, hiddenSource: 'dmca' }, owner: { handle: owner.handle } });
    expect(r.json.item.title).toBeUndefined();
    const own = await t.call('item-get', { cookie: owner.cookie, body: { itemId: item.id } });
    expect(own.json).toMatchObject({ access: 'visible', item: { hidden: true, hiddenSource: 'dmca', title: 'A piece' } });
    const admin = await t.signInByMagicLink('admin@example.com');
    const asAdmin = await t.call('item-get', { cookie: admin.cookie, body: { itemId: item.id } });
    expect(asAdmin.json).toMatchObject({ access: 'visible', viewer: { isAdmin: true } });
    // Others cannot like, save or comment on it.
    expect((await t.call('social-like-toggle', { cookie: stranger.cookie, body: { itemId: item.id } })).status).toBe(404);
    expect((await t.call('comments-create', { cookie: stranger.cookie, body: { itemId: item.id, body: 'hi' } })).status).toBe(404);
  });

  it('shows an item of a private profile only to its owner', async () => {
    const owner = await t.onboardedUser();
    const item = await published(owner);
    await t.call('settings-update', { cookie: owner.cookie, body: { profilePublic: false } });
    const stranger = await t.onboardedUser();
    const r = await t.call('item-get', { cookie: stranger.cookie, body: { itemId: item.id } });
    expect(r.json).toMatchObject({ access: 'private', item: null, owner: null });
    expect((await t.call('item-get', { cookie: owner.cookie, body: { itemId: item.id } })).json.access).toBe('visible');
    expect((await t.call('comments-list', { cookie: stranger.cookie, body: { itemId: item.id } })).status).toBe(404);
  });
});

describe('items-update and items-delete', () => {
  it('lets the owner edit title, tags and NSFW, and nobody else', async () => {
    const owner = await t.onboardedUser();
    const item = await published(owner);
    const other = await t.onboardedUser();
    expect((await t.call('items-update', { cookie: other.cookie, body: { itemId: item.id, title: 'Mine now', tags: '', nsfw: false } })).status).toBe(404);
    expect((await t.call('items-update', { cookie: owner.cookie, body: { itemId: item.id, title: '  ', tags: '', nsfw: false } })).status).toBe(400);
    const r = await t.call('items-update', { cookie: owner.cookie, body: { itemId: item.id, title: ' Renamed ', tags: 'a, ,b', nsfw: true } });
    expect(r.json.item).toMatchObject({ id: item.id, title: 'Renamed', tags: ['a', 'b'], nsfw: true });
    expect((await t.call('item-get', { cookie: owner.cookie, body: { itemId: item.id } })).json.item).toMatchObject({ title: 'Renamed', nsfw: true });
  });

  it('deletes the item with its photos, composites, arrangement, likes, saves, comments and stored images', async () => {
    const owner = await t.onboardedUser();
    const item = await published(owner);
    const fan = await t.onboardedUser();
    await t.call('social-like-toggle', { cookie: fan.cookie, body: { itemId: item.id } });
    await t.call('social-bookmark-toggle', { cookie: fan.cookie, body: { itemId: item.id } });
    await t.call('comments-create', { cookie: fan.cookie, body: { itemId: item.id, body: 'Lovely' } });
    expect((await t.call('items-delete', { cookie: fan.cookie, body: { itemId: item.id } })).status).toBe(404);
    const r = await t.call('items-delete', { cookie: owner.cookie, body: { itemId: item.id } });
    expect(r.json).toEqual({ deleted: true });
    expect((await t.call('item-get', { body: { itemId: item.id } })).status).toBe(404);
    expect((await t.request(`/img/${item.photoImageId}/thumb`)).status).toBe(404);
    for (const v of item.variants) expect((await t.request(`/img/${v.imageId}/public`)).status).toBe(404);
    expect((await t.call('shelf-get', { cookie: owner.cookie })).json.arrangements).toEqual([]);
    expect((await t.call('saves-list', { cookie: fan.cookie })).json.items).toEqual([]);
  });
});

describe('likes and saves', () => {
  it('need a signed-in user', async () => {
    const owner = await t.onboardedUser();
    const item = await published(owner);
    expect((await t.call('social-like-toggle', { body: { itemId: item.id } })).status).toBe(401);
    expect((await t.call('social-bookmark-toggle', { body: { itemId: item.id } })).status).toBe(401);
    expect((await t.call('saves-list')).status).toBe(401);
  });

  it('toggle, count, notify the owner (not for their own likes), and list saves', async () => {
    const owner = await t.onboardedUser();
    const item = await published(owner, 'Saved robot');
    const fan = await t.onboardedUser();
    expect((await t.call('social-like-toggle', { cookie: fan.cookie, body: { itemId: item.id } })).json).toEqual({ liked: true, likeCount: 1 });
    expect((await t.call('social-like-toggle', { cookie: owner.cookie, body: { itemId: item.id } })).json).toEqual({ liked: true, likeCount: 2 });
    expect((await t.call('social-like-toggle', { cookie: fan.cookie, body: { itemId: item.id } })).json).toEqual({ liked: false, likeCount: 1 });
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, owner.userId));
    expect(notes.filter((n) => n.kind === 'like')).toHaveLength(1);
    expect(notes[0]).toMatchObject({ refId: item.id, actorId: fan.userId });

    expect((await t.call('social-bookmark-toggle', { cookie: fan.cookie, body: { itemId: item.id } })).json).toEqual({ saved: true });
    const saves = await t.call('saves-list', { cookie: fan.cookie });
    expect(saves.json.items).toEqual([
      { itemId: item.id, title: 'Saved robot', imageUrl: `/img/${item.variants[1]!.imageId}/thumb`, altText: null, nsfw: false, savedAt: expect.any(String) },
    ]);
    expect((await t.call('social-bookmark-toggle', { cookie: fan.cookie, body: { itemId: item.id } })).json).toEqual({ saved: false });
    expect((await t.call('saves-list', { cookie: fan.cookie })).json.items).toEqual([]);
  });

  it('stay consistent under 20 concurrent like toggles by one user', { tags: ['postgres'] }, async () => {
    const owner = await t.onboardedUser();
    const item = await published(owner);
    const fan = await t.onboardedUser();
    const results = await Promise.all(Array.from({ length: 20 }, () => t.call('social-like-toggle', { cookie: fan.cookie, body: { itemId: item.id } })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    // Twenty toggles: back to not liked, count 0, and the stored counter agrees.
    expect(results.filter((r) => r.json.liked)).toHaveLength(10);
    const got = await t.call('item-get', { cookie: fan.cookie, body: { itemId: item.id } });
    expect(got.json.viewer.liked).toBe(false);
    expect(got.json.item.counts.likes).toBe(0);
  });

  it.each([
    { mark: 'like', fn: 'social-like-toggle', field: 'liked', count: 'likes' },
    { mark: 'save', fn: 'social-bookmark-toggle', field: 'saved', count: 'saves' },
  ] as const)('count every $mark when collectors $mark one item at once through two processes', { tags: ['postgres'] }, async ({ fn, field, count }) => {
    // A second app on the same database stands for a second process: its writes go in transactions of their own.
    const b = createSecondApp(t);
    try {
      const owner = await t.onboardedUser();
      const item = await published(owner);
      const fans = await Promise.all(Array.from({ length: 12 }, () => t.onboardedUser()));
      const mark = (fan: U, n: number, on: boolean) =>
        n % 2
          ? t.call(fn, { cookie: fan.cookie, body: { itemId: item.id, [field]: on } })
          : Promise.resolve(
              b.app.request(`${TEST_ORIGIN}/functions/v1/${fn}`, {
                method: 'POST',
                headers: { origin: TEST_ORIGIN, cookie: fan.cookie, 'content-type': 'application/json' },
                body: JSON.stringify({ itemId: item.id, [field]: on }),
              }),
            ).then(async (r) => ({ status: r.status, json: (await r.json()) as Record<string, boolean> }));
      const marked = await Promise.all(fans.map((fan, n) => mark(fan, n, true)));
      expect(marked.map((r) => r.status)).toEqual(fans.map(() => 200));
      const counted = async () => (await t.call('item-get', { body: { itemId: item.id } })).json.item.counts[count];
      expect(await counted()).toBe(12);
      const unmarked = await Promise.all(fans.slice(0, 7).map((fan, n) => mark(fan, n, false)));
      expect(unmarked.map((r) => r.status)).toEqual(fans.slice(0, 7).map(() => 200));
      expect(await counted()).toBe(5);
    } finally {
      await b.services.functionStats.stop();
      await b.services.events.stop();
    }
  });

  it('write likes that arrive together in one batch, each as if alone: its state, count and notification, or its 404', async () => {
    const owners = [await t.onboardedUser(), await t.onboardedUser()];
    const shown = [await published(owners[0]!), await published(owners[1]!)];
    const hidden = await published(owners[1]!);
    await t.database.db.update(items).set({ hidden: true, hiddenSource: 'other' }).where(eq(items.id, hidden.id));
    const fans = [await t.onboardedUser(), await t.onboardedUser(), await t.onboardedUser()];
    // Already liked by the first fan: the toggle below unlikes it; `liked: true` below keeps it on.
    await t.call('social-like-toggle', { cookie: fans[0]!.cookie, body: { itemId: shown[0]!.id } });
    await t.call('social-like-toggle', { cookie: fans[1]!.cookie, body: { itemId: shown[1]!.id } });
    const calls = [
      { fan: 0, itemId: shown[0]!.id },
      { fan: 1, itemId: shown[0]!.id },
      { fan: 2, itemId: shown[0]!.id, liked: true },
      { fan: 0, itemId: shown[1]!.id },
      { fan: 1, itemId: shown[1]!.id, liked: true },
      { fan: 2, itemId: hidden.id },
      { fan: 2, itemId: shown[1]!.id, liked: false },
      { fan: 0, itemId: shown[0]!.id },
    ];
    const results = await Promise.all(
      calls.map((c) =>
        t.call('social-like-toggle', { cookie: fans[c.fan]!.cookie, body: { itemId: c.itemId, ...(c.liked === undefined ? {} : { liked: c.liked }) } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 404, 200, 200]);
    // The first fan's two toggles of one item apply one after the other: off, then on again.
    expect(results.map((r) => r.json.liked)).toEqual([false, true, true, true, true, undefined, false, true]);
    const count = async (itemId: string) => (await t.call('item-get', { cookie: fans[0]!.cookie, body: { itemId } })).json.item.counts.likes;
    expect(await count(shown[0]!.id)).toBe(3);
    expect(await count(shown[1]!.id)).toBe(2);
    expect(results[7]!.json.likeCount).toBe(3);
    // One notification per new like: the first fan's earlier like and the new ones, none for the repeated or hidden.
    const likesOf = async (u: U) =>
      (await t.database.db.select().from(notifications).where(eq(notifications.userId, u.userId))).filter((n) => n.kind === 'like');
    expect((await likesOf(owners[0]!)).map((n) => n.actorId).sort()).toEqual([fans[0]!.userId, fans[0]!.userId, fans[1]!.userId, fans[2]!.userId].sort());
    expect((await likesOf(owners[1]!)).map((n) => n.actorId).sort()).toEqual([fans[0]!.userId, fans[1]!.userId].sort());
    // Each owner's bell follows: the unseen count as the list shows it.
    expect((await t.call('notifications-unseen-count', { cookie: owners[0]!.cookie })).json.count).toBe(4);
  });

  it('keep the other likes of a batch when one of them fails in the database', async () => {
    const owner = await t.onboardedUser();
    const good = await published(owner);
    const failing = await published(owner);
    const fan = await t.onboardedUser();
    const db = t.database.db;
    await db.execute(
      sql.raw(`create function fail_one_like() returns trigger language plpgsql as $$
        begin if new.item_id = '${failing.id}' then raise exception 'refused for the test'; end if; return new; end $$`),
    );
    await db.execute(sql.raw(`create trigger fail_one_like before insert on likes for each row execute function fail_one_like()`));
    try {
      const [a, b] = await Promise.all([
        t.call('social-like-toggle', { cookie: fan.cookie, body: { itemId: good.id } }),
        t.call('social-like-toggle', { cookie: fan.cookie, body: { itemId: failing.id } }),
      ]);
      expect(a.status).toBe(200);
      expect(a.json).toEqual({ liked: true, likeCount: 1 });
      expect(b.status).toBe(500);
    } finally {
      await db.execute(sql.raw(`drop trigger fail_one_like on likes`));
      await db.execute(sql.raw(`drop function fail_one_like()`));
    }
    const got = await t.call('item-get', { cookie: fan.cookie, body: { itemId: failing.id } });
    expect(got.json.viewer.liked).toBe(false);
  });
});

describe('comments', () => {
  let owner: U;
  let item: Awaited<ReturnType<typeof published>>;
  beforeAll(async () => {
    owner = await t.onboardedUser(`own${Date.now().toString(36)}`);
    item = await published(owner, 'Commented');
  });

  it('need a signed-in user to post; anyone may read', async () => {
    expect((await t.call('comments-create', { body: { itemId: item.id, body: 'hello' } })).status).toBe(401);
    const list = await t.request('/functions/v1/comments-list', { query: { itemId: item.id } });
    expect(list.status).toBe(200);
  });

  it.each([
    ['blank', '   ', 'required'],
    ['over 500 characters', 'x'.repeat(501), 'too_long'],
    ['over the 600-character input cap', 'x'.repeat(601), 'too_long'],
  ])('refuses a %s comment with its field code', async (_label, body, code) => {
    const u = await t.onboardedUser();
    const r = await t.call('comments-create', { cookie: u.cookie, body: { itemId: item.id, body } });
    expect(r.status).toBe(400);
    expect(r.json.error.fields.body).toBe(code);
  });

  it('posts a trimmed comment, records mentions of existing handles and notifies', async () => {
    const author = await t.onboardedUser();
    const friend = await t.onboardedUser(`friend${Date.now().toString(36)}`);
    const r = await t.call('comments-create', {
      cookie: author.cookie,
      body: { itemId: item.id, body: `  Look @${friend.handle} and @nobody_here_xyz!  ` },
    });
    expect(r.status).toBe(200);
    expect(r.json.comment).toMatchObject({
      body: `Look @${friend.handle} and @nobody_here_xyz!`,
      user: { id: author.userId, handle: author.handle },
      canDelete: true,
    });
    expect(r.json.mentions).toEqual([friend.handle]);
    const mention = await t.database.db.select().from(notifications).where(eq(notifications.userId, friend.userId));
    expect(mention).toMatchObject([{ kind: 'mention', refId: item.id, actorId: author.userId }]);
    const toOwner = await t.database.db.select().from(notifications).where(eq(notifications.userId, owner.userId));
    expect(toOwner.some((n) => n.kind === 'comment' && n.actorId === author.userId)).toBe(true);
  });

  it('lists newest first with a total and a cursor that neither repeats nor skips', async () => {
    const fresh = await published(owner, 'Many comments');
    const u = await t.onboardedUser();
    for (let i = 0; i < 5; i++) await t.call('comments-create', { cookie: u.cookie, body: { itemId: fresh.id, body: `Comment ${i}` } });
    const first = await t.call('comments-list', { body: { itemId: fresh.id, limit: 2 } });
    expect(first.json.totalCount).toBe(5);
    expect(first.json.comments.map((c: any) => c.body)).toEqual(['Comment 4', 'Comment 3']);
    const bodies = [...first.json.comments.map((c: any) => c.body)];
    let cursor = first.json.nextCursor;
    while (cursor) {
      const next = await t.call('comments-list', { body: { itemId: fresh.id, limit: 2, cursor } });
      bodies.push(...next.json.comments.map((c: any) => c.body));
      cursor = next.json.nextCursor;
    }
    expect(bodies).toEqual(['Comment 4', 'Comment 3', 'Comment 2', 'Comment 1', 'Comment 0']);
    expect((await t.call('comments-list', { body: { itemId: fresh.id, cursor: 'garbage' } })).status).toBe(400);
  });

  it('can be deleted by the author or the item owner, not by others', async () => {
    const author = await t.onboardedUser();
    const c1 = await t.call('comments-create', { cookie: author.cookie, body: { itemId: item.id, body: 'First' } });
    const c2 = await t.call('comments-create', { cookie: author.cookie, body: { itemId: item.id, body: 'Second' } });
    const stranger = await t.onboardedUser();
    expect((await t.call('comments-delete', { cookie: stranger.cookie, body: { commentId: c1.json.comment.id } })).status).toBe(403);
    expect((await t.call('comments-delete', { cookie: author.cookie, body: { commentId: c1.json.comment.id } })).status).toBe(200);
    expect((await t.call('comments-delete', { cookie: owner.cookie, body: { commentId: c2.json.comment.id } })).status).toBe(200);
    expect((await t.call('comments-delete', { cookie: owner.cookie, body: { commentId: c2.json.comment.id } })).status).toBe(404);
  });

  it('can be reported, creating an open report with an empty reason', async () => {
    const author = await t.onboardedUser();
    const c = await t.call('comments-create', { cookie: author.cookie, body: { itemId: item.id, body: 'Rude words' } });
    const reporter = await t.onboardedUser();
    expect((await t.call('comments-report', { body: { commentId: c.json.comment.id, reason: '' } })).status).toBe(401);
    const r = await t.call('comments-report', { cookie: reporter.cookie, body: { commentId: c.json.comment.id, reason: '' } });
    expect(r.status).toBe(200);
    const [row] = await t.database.db.select().from(reports).where(eq(reports.id, r.json.reportId));
    expect(row).toMatchObject({ targetType: 'comment', targetId: c.json.comment.id, reason: '', status: 'open', reporterId: reporter.userId });
  });
});

describe('comment rate limit', () => {
  it('allows one comment per 10 seconds with the spec text and Retry-After', async () => {
    const limited = await createTestApp({}, { generator: stubGenerator() });
    try {
      const owner = await limited.onboardedUser();
      const item = await limited.call('items-create', { cookie: owner.cookie, body: { title: 'x' } });
      const first = await limited.call('comments-create', { cookie: owner.cookie, body: { itemId: item.json.item.id, body: 'one' } });
      expect(first.status).toBe(200);
      const second = await limited.call('comments-create', { cookie: owner.cookie, body: { itemId: item.json.item.id, body: 'two' } });
      expect(second.status).toBe(429);
      expect(second.json.error).toMatchObject({ code: 'rate_limited', message: 'Please wait before posting another comment' });
      expect(Number(second.res.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('mentions-search', () => {
  it('needs 2 characters and puts prefix matches first, at most 8', async () => {
    const stamp = Date.now().toString(36).slice(-4);
    await t.onboardedUser(`zz${stamp}_alpha`);
    await t.onboardedUser(`yzz${stamp}`);
    const searcher = await t.onboardedUser();
    for (let i = 0; i < 9; i++) await t.onboardedUser(`zz${stamp}_${i}`);
    expect((await t.request('/functions/v1/mentions-search', { cookie: searcher.cookie, query: { q: 'z' } })).status).toBe(400);
    const r = await t.request('/functions/v1/mentions-search', { cookie: searcher.cookie, query: { q: `zz${stamp}` } });
    const users = ((await r.json()) as any).users as { handle: string; displayName: string; id: string; avatarImageId: null }[];
    expect(users).toHaveLength(8);
    expect(users.every((u) => u.handle.startsWith(`zz${stamp}`))).toBe(true);
    expect(users[0]).toEqual({ id: expect.any(String), handle: expect.any(String), displayName: 'Test Collector', avatarImageId: null });
  });
});

describe('settings', () => {
  it('answer the spec defaults and keep partial updates', async () => {
    const u = await t.onboardedUser();
    expect((await t.call('settings-get')).status).toBe(401);
    const r = await t.call('settings-get', { cookie: u.cookie });
    expect(r.json).toEqual({ settings: { include_nsfw: false, allow_dms: 'everyone', analytics_opt_out: false }, profilePublic: true, blockedUsers: [] });
    await t.call('settings-update', { cookie: u.cookie, body: { includeNSFW: true } });
    const after = await t.call('settings-update', { cookie: u.cookie, body: { allowDMs: 'followed_only', analyticsOptOut: true } });
    expect(after.json.settings).toEqual({ include_nsfw: true, allow_dms: 'followed_only', analytics_opt_out: true });
    expect((await t.call('settings-update', { cookie: u.cookie, body: unchecked({ allowDMs: 'nobody' }) })).status).toBe(400);
  });
});

describe('item views', () => {
  it('are recorded as item_view for visible items, not for hidden ones seen by others', async () => {
    const owner = await t.onboardedUser();
    const item = await published(owner);
    const viewer = await t.onboardedUser();
    const view = (cookie?: string) => t.call('analytics-track', { cookie, body: { name: 'item_view', path: `/i/${item.id}`, props: { itemId: item.id } } });
    expect((await view(viewer.cookie)).json).toEqual({ stored: true });
    expect((await view()).json).toEqual({ stored: true });
    expect((await view(owner.cookie)).json).toEqual({ stored: true });
    const rows = await t.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.itemId, item.id));
    expect(rows).toHaveLength(3);
    // The owner's own view is stored but does not count.
    expect((await t.call('item-get', { body: { itemId: item.id } })).json.item.counts.views).toBe(2);
    await t.database.db.update(items).set({ hidden: true }).where(eq(items.id, item.id));
    expect((await view(viewer.cookie)).json).toEqual({ stored: false });
    expect((await view(owner.cookie)).json).toEqual({ stored: true });
    expect((await t.call('analytics-track', { body: { name: 'item_view', path: '/', props: {} } })).status).toBe(400);
  });
});

describe('share page', () => {
  it('carries OpenGraph and Twitter tags and sends the browser to the item', async () => {
    const owner = await t.onboardedUser();
    const item = await published(owner, 'Share <me> & "you"');
    const res = await t.request(`/s/item/${item.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<meta property="og:title" content="Share &lt;me&gt; &amp; &quot;you&quot; · Curio">');
    expect(html).toContain(`<meta property="og:image" content="http://localhost:3000/img/${item.variants[1]!.imageId}/public">`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain(`<meta http-equiv="refresh" content="0; url=/i/${item.id}">`);
    expect(html).not.toMatch(/<script/);
  });

  it('shares no title or image of a hidden or private item', async () => {
    const owner = await t.onboardedUser();
    const item = await published(owner, 'Secret title');
    await t.database.db.update(items).set({ hidden: true }).where(eq(items.id, item.id));
    const html = await (await t.request(`/s/item/${item.id}`)).text();
    expect(html).not.toContain('Secret title');
    expect(html).not.toContain('og:image');
    expect(html).toContain(`url=/i/${item.id}`);
  });

  it('answers with the item page’s status: 404 for no such item, 410 for a removed one, 451 for a DMCA takedown', async () => {
    const owner = await t.onboardedUser();
    const removed = await published(owner, 'Removed title');
    const takenDown = await published(owner, 'Taken down title');
    await t.database.db.update(items).set({ hidden: true, hiddenSource: 'other' }).where(eq(items.id, removed.id));
    await t.database.db.update(items).set({ hidden: true, hiddenSource: 'dmca' }).where(eq(items.id, takenDown.id));
    const cases: [string, number][] = [
      [`/s/item/${(await published(owner, 'Shown')).id}`, 200],
      ['/s/item/not-a-uuid', 404],
      ['/s/item/00000000-0000-4000-8000-000000000000', 404],
      [`/s/item/${removed.id}`, 410],
      [`/s/item/${takenDown.id}`, 451],
    ];
    for (const [route, status] of cases) {
      const res = await t.request(route);
      expect(res.status, route).toBe(status);
      // The same page: it sends a browser on to the item page, which says what became of the item.
      expect(await res.text(), route).toContain(`url=/i/${route.slice('/s/item/'.length)}`);
    }
  });
});

describe('a viewer’s marks kept beside a cached item page', () => {
  it('follow the viewer’s like, save and roles on the very next request', async () => {
    const owner = await t.onboardedUser();
    const item = await published(owner, 'Kept marks');
    const viewer = await t.onboardedUser();
    const admin = await t.signInByMagicLink('admin@example.com');
    const once = async () => (await t.call('item-get', { cookie: viewer.cookie, body: { itemId: item.id } })).json.viewer;
    // A like or save drops the cached page, so the first read after it reads everything and caches the
    // page again; the second is served from the cache with the kept marks: both must agree.
    const seen = async () => {
      const [first, second] = [await once(), await once()];
      expect(second).toEqual(first);
      return second;
    };
    expect(await seen()).toMatchObject({ liked: false, saved: false, isAdmin: false });
    expect((await t.call('social-like-toggle', { cookie: viewer.cookie, body: { itemId: item.id, liked: true } })).status).toBe(200);
    expect(await seen()).toMatchObject({ liked: true, saved: false });
    expect((await t.call('social-bookmark-toggle', { cookie: viewer.cookie, body: { itemId: item.id, saved: true } })).status).toBe(200);
    expect(await seen()).toMatchObject({ liked: true, saved: true });
    await t.call('social-like-toggle', { cookie: viewer.cookie, body: { itemId: item.id, liked: false } });
    expect(await seen()).toMatchObject({ liked: false, saved: true });
    // Roles set by an admin count at once, given and taken away.
    expect((await t.call('admin-user-update', { cookie: admin.cookie, body: { userId: viewer.userId, roles: ['admin'] } })).status).toBe(200);
    expect(await seen()).toMatchObject({ isAdmin: true });
    expect((await t.call('admin-user-update', { cookie: admin.cookie, body: { userId: viewer.userId, roles: [] } })).status).toBe(200);
    expect(await seen()).toMatchObject({ isAdmin: false });
  });
});
