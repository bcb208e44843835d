import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentsListResultSchema, mentionsSearchResultSchema } from '@curio/contract';
import { commentMentions, comments, notifications } from '../../db/schema';
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

  it('pages through every comment written by 16 writers at once', async () => {
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
