import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentsListResultSchema, itemGetResultSchema, mentionsSearchResultSchema, SOCIAL_MESSAGES } from '@curio/contract';
import { commentMentions, comments, notifications, profiles } from '../../db/schema';
import { encodeCursor } from '../../lib/cursor';
import { pngBytes, stubGenerator } from '../../test/images';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let photo: Buffer;
type U = Awaited<ReturnType<TestApp['onboardedUser']>>;

beforeAll(async () => {
  t = await createTestApp({ COMMENT_INTERVAL_SECONDS: '0', COMMENTS_PER_HOUR: '1000' }, { generator: stubGenerator() });
  photo = await pngBytes(60, 75);
});
afterAll(() => t.close());

const published = (u: U, title = 'A piece') => t.publishedItem(u.cookie, photo, title);

/** Every comment of the item, page by page, as a guest would read them. */
async function pageThrough(itemId: string, limit: number) {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 1000; pages++) {
    const query: Record<string, string> = { itemId, limit: String(limit), ...(cursor ? { cursor } : {}) };
    const r = await t.request('/functions/v1/comments-list', { query });
    expect(r.status).toBe(200);
    const page = commentsListResultSchema.parse(await r.json());
    seen.push(...page.comments.map((c) => c.id));
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return seen;
}

/** The ids in the list's order, as PostgreSQL sorts them. */
async function storedOrder(itemId: string) {
  const rows = await t.database.db
    .select({ id: comments.id })
    .from(comments)
    .where(eq(comments.itemId, itemId))
    .orderBy(sql`${comments.createdAt} desc, ${comments.id} desc`);
  return rows.map((r) => r.id);
}

describe('comments-list paging', () => {
  let owner: U;
  beforeAll(async () => {
    owner = await t.onboardedUser();
  });

  it('neither skips nor repeats rows that share one timestamp, or lie within one millisecond', async () => {
    const itemId = await published(owner, 'Ties');
    // 25 rows with the very same created_at (one statement: now() is the same for all) …
    await t.database.db.insert(comments).values(Array.from({ length: 25 }, (_, i) => ({ itemId, userId: owner.userId, body: `same ${i}` })));
    // … and 25 a microsecond apart within one millisecond, plus a few exact ties among them.
    await t.database.db.insert(comments).values(
      Array.from({ length: 25 }, (_, i) => ({
        itemId,
        userId: owner.userId,
        body: `micro ${i}`,
        createdAt: sql`'2026-01-02 03:04:05.123000+00'::timestamptz + ${`${i % 20} microseconds`}::interval` as unknown as Date,
      })),
    );
    const expected = await storedOrder(itemId);
    expect(expected).toHaveLength(50);
    for (const limit of [1, 3, 7, 20]) expect(await pageThrough(itemId, limit)).toEqual(expected);
  });

  it('pages through every comment written by 16 writers at once', { tags: ['postgres'] }, async () => {
    const itemId = await published(owner, 'Busy');
    const writers = await Promise.all(Array.from({ length: 16 }, () => t.onboardedUser()));
    const perWriter = 19;
    await Promise.all(
      writers.map(async (w) => {
        for (let i = 0; i < perWriter; i++) {
          const r = await t.call('comments-create', { cookie: w.cookie, body: { itemId, body: `${w.handle} #${i}` } });
          expect(r.status).toBe(200);
        }
      }),
    );
    const expected = await storedOrder(itemId);
    expect(expected).toHaveLength(16 * perWriter);
    const seen = await pageThrough(itemId, 20);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expected);
  });

  it('refuses a cursor that is not one of ours with 400', async () => {
    const itemId = await published(owner, 'Cursors');
    const bad = [
      'not-a-cursor!',
      Buffer.from('2026-01-01T00:00:00.000Z|x').toString('base64url'), // milliseconds only
      Buffer.from("2026-01-01T00:00:00.000000Z|1'; drop table comments; --").toString('base64url'),
      encodeCursor({ at: '2026-13-45T99:99:99.000000Z', id: '00000000-0000-4000-8000-000000000000' }),
      encodeCursor({ at: '2026-01-01T00:00:00.000000Z', id: 'not-a-uuid' }), // PostgreSQL would refuse the cast
    ];
    for (const cursor of bad) {
      const r = await t.request('/functions/v1/comments-list', { query: { itemId, cursor } });
      expect(r.status, cursor).toBe(400);
    }
  });
});

describe('mentions and private profiles', () => {
  let author: U;
  let shy: U;
  let open: U;
  const stamp = Date.now().toString(36).slice(-5);

  beforeAll(async () => {
    author = await t.onboardedUser();
    shy = await t.onboardedUser(`shy_${stamp}`);
    open = await t.onboardedUser(`shx_${stamp}`);
    await t.call('settings-update', { cookie: shy.cookie, body: { profilePublic: false } });
  });

  it('mention search needs a signed-in user', async () => {
    const r = await t.request('/functions/v1/mentions-search', { query: { q: 'sh' } });
    expect(r.status).toBe(401);
  });

  it('never suggests a private profile', async () => {
    const r = await t.request('/functions/v1/mentions-search', { cookie: author.cookie, query: { q: `_${stamp}` } });
    expect(r.status).toBe(200);
    const handles = mentionsSearchResultSchema.parse(await r.json()).users.map((u) => u.handle);
    expect(handles).toEqual([open.handle]);
    // Not by its display name either, nor when the handle is typed in full.
    const full = await t.request('/functions/v1/mentions-search', { cookie: author.cookie, query: { q: shy.handle } });
    expect(mentionsSearchResultSchema.parse(await full.json()).users).toEqual([]);
  });

  it('does not record or notify a mention of a private profile', async () => {
    const owner = await t.onboardedUser();
    const itemId = await published(owner);
    const r = await t.call('comments-create', { cookie: author.cookie, body: { itemId, body: `Hey @${shy.handle} and @${open.handle}` } });
    expect(r.status).toBe(200);
    expect(r.json.mentions).toEqual([open.handle]);
    expect(await t.database.db.select().from(notifications).where(eq(notifications.userId, shy.userId))).toEqual([]);
    expect(await t.database.db.select().from(notifications).where(eq(notifications.userId, open.userId))).toMatchObject([{ kind: 'mention' }]);
    const recorded = await t.database.db.select().from(commentMentions).where(eq(commentMentions.commentId, r.json.comment.id));
    expect(recorded.map((m) => m.userId)).toEqual([open.userId]);
  });
});

/** The item's comments as this viewer lists them (a guest without a cookie). */
const commentsOf = async (itemId: string, viewer?: U) =>
  commentsListResultSchema.parse((await t.call('comments-list', { body: { itemId }, ...(viewer ? { cookie: viewer.cookie } : {}) })).json);
/** The comment count of the item's page as this viewer gets it. */
const pageCount = async (itemId: string, viewer?: U) => {
  const got = itemGetResultSchema.parse((await t.call('item-get', { body: { itemId }, ...(viewer ? { cookie: viewer.cookie } : {}) })).json);
  if (got.access !== 'visible') throw new Error(`expected a visible item, got ${got.access}`);
  return got.item.counts.comments;
};
const block = (u: U, target: U, blocked = true) => t.call('user-block-toggle', { cookie: u.cookie, body: { targetUserId: target.userId, blocked } });

describe('a private or hidden commenter', () => {
  it('is named to themselves only: others, the item owner and admins included, see the text without who wrote it', async () => {
    const owner = await t.onboardedUser();
    const ann = await t.onboardedUser();
    const other = await t.onboardedUser();
    const itemId = await published(owner);
    await t.call('comments-create', { cookie: ann.cookie, body: { itemId, body: 'Before going private' } });
    await t.call('comments-create', { cookie: other.cookie, body: { itemId, body: 'A public word' } });
    expect((await commentsOf(itemId)).comments[1]!.user).toEqual({ id: ann.userId, handle: ann.handle, avatarImageId: null });
    await t.call('settings-update', { cookie: ann.cookie, body: { profilePublic: false } });

    for (const viewer of [undefined, owner, other]) {
      const page = await commentsOf(itemId, viewer);
      expect(page.comments.map((c) => ({ body: c.body, user: c.user?.handle ?? null, deletedUser: c.deletedUser ?? false }))).toEqual([
        { body: 'A public word', user: other.handle, deletedUser: false },
        { body: 'Before going private', user: null, deletedUser: false },
      ]);
      // Listed without a name, so counted: the count and the page's count agree with the list.
      expect(page.totalCount).toBe(2);
      expect(await pageCount(itemId, viewer)).toBe(2);
    }
    // The owner may still delete it on their item.
    expect((await commentsOf(itemId, owner)).comments[1]!.canDelete).toBe(true);
    // The author sees themselves.
    const own = await commentsOf(itemId, ann);
    expect(own.comments[1]).toMatchObject({ body: 'Before going private', user: { id: ann.userId, handle: ann.handle }, canDelete: true });
    // Public again: named again.
    await t.call('settings-update', { cookie: ann.cookie, body: { profilePublic: true } });
    expect((await commentsOf(itemId)).comments[1]!.user?.handle).toBe(ann.handle);
  });

  it('is not named once a moderator hid their profile', async () => {
    const owner = await t.onboardedUser();
    const ann = await t.onboardedUser();
    const itemId = await published(owner);
    await t.call('comments-create', { cookie: ann.cookie, body: { itemId, body: 'Hidden author' } });
    await t.database.db.update(profiles).set({ hidden: true }).where(eq(profiles.userId, ann.userId));
    expect((await commentsOf(itemId, owner)).comments).toMatchObject([{ body: 'Hidden author', user: null }]);
    expect((await commentsOf(itemId, ann)).comments).toMatchObject([{ body: 'Hidden author', user: { id: ann.userId } }]);
  });
});

describe('comments across a block', () => {
  it("refuses a comment on the item of someone with a block with the commenter, either way, with 403 'blocked'", async () => {
    const carol = await t.onboardedUser();
    const bob = await t.onboardedUser();
    const itemId = await published(carol);
    await block(carol, bob);
    const refused = await t.call('comments-create', { cookie: bob.cookie, body: { itemId, body: 'Hello Carol' } });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toMatchObject({ code: 'blocked', message: SOCIAL_MESSAGES.commentBlocked });
    // Nothing was stored, and everyone's count agrees.
    expect(await t.database.db.select().from(comments).where(eq(comments.itemId, itemId))).toEqual([]);
    expect(await pageCount(itemId)).toBe(0);
    expect(await pageCount(itemId, carol)).toBe(0);
    // The blocker cannot comment on the blocked person's item either.
    const bobsItem = await published(bob);
    expect((await t.call('comments-create', { cookie: carol.cookie, body: { itemId: bobsItem, body: 'Hi' } })).json.error.code).toBe('blocked');
    // Unblocked: allowed again.
    await block(carol, bob, false);
    expect((await t.call('comments-create', { cookie: bob.cookie, body: { itemId, body: 'Hello Carol' } })).status).toBe(200);
  });

  it("leaves out of the page's count the comments its viewer cannot list, and counts them again after an unblock", async () => {
    const carol = await t.onboardedUser();
    const bob = await t.onboardedUser();
    const dave = await t.onboardedUser();
    const eve = await t.onboardedUser();
    const itemId = await published(carol);
    await t.call('comments-create', { cookie: bob.cookie, body: { itemId, body: 'from bob' } });
    await t.call('comments-create', { cookie: dave.cookie, body: { itemId, body: 'from dave' } });
    // Every viewer's page read (and their marks kept) before the blocks.
    for (const viewer of [carol, eve, undefined]) expect(await pageCount(itemId, viewer)).toBe(2);

    await block(carol, bob);
    await block(dave, eve);
    const seen = async (viewer?: U) => {
      const list = await commentsOf(itemId, viewer);
      return { listed: list.comments.length, total: list.totalCount, page: await pageCount(itemId, viewer) };
    };
    expect(await seen(carol)).toEqual({ listed: 1, total: 1, page: 1 });
    expect(await seen(eve)).toEqual({ listed: 1, total: 1, page: 1 });
    // Bob's own comment and Dave's: Carol wrote none.
    expect(await seen(bob)).toEqual({ listed: 2, total: 2, page: 2 });
    expect(await seen()).toEqual({ listed: 2, total: 2, page: 2 });
    // A new comment from someone the viewer has a block with changes nothing for them.
    await t.call('comments-create', { cookie: dave.cookie, body: { itemId, body: 'dave again' } });
    expect(await seen(eve)).toEqual({ listed: 1, total: 1, page: 1 });
    expect(await seen()).toEqual({ listed: 3, total: 3, page: 3 });

    await block(dave, eve, false);
    expect(await seen(eve)).toEqual({ listed: 3, total: 3, page: 3 });
  });
});
