import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DM_MESSAGES, dmMessagesListResultSchema, dmThreadsListResultSchema } from '@curio/contract';
import { dmThreads, events, reports } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { sseReader } from '../../test/sse';

let t: TestApp;
type U = Awaited<ReturnType<TestApp['onboardedUser']>>;

beforeAll(async () => {
  // No per-second limit here (its own test app below), so tests can send quickly.
  t = await createTestApp({ MESSAGE_INTERVAL_SECONDS: '0' });
});
afterAll(() => t.close());

const upsert = (u: U, other: U) => t.call('dm-thread-upsert', { cookie: u.cookie, body: { otherUserId: other.userId } });
const threadOf = async (u: U, other: U) => {
  const r = await upsert(u, other);
  expect(r.status).toBe(200);
  return r.json.thread.id as string;
};
const send = (u: U, threadId: string, text: string) => t.call('dm-send', { cookie: u.cookie, body: { threadId, text } });
const threads = async (u: U) => dmThreadsListResultSchema.parse((await t.call('dm-threads-list', { cookie: u.cookie, body: {} })).json);
const messagesOf = (u: U, threadId: string, extra: Record<string, unknown> = {}) =>
  t.call('dm-messages-list', { cookie: u.cookie, body: { threadId, ...extra } });

describe('threads', { tags: ['postgres'] }, () => {
  it('are one per pair, whoever opens it, even when opened concurrently', async () => {
    const a = await t.onboardedUser();
    const b = await t.onboardedUser();
    const ids = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? threadOf(a, b) : threadOf(b, a))));
    expect(new Set(ids).size).toBe(1);
    const rows = await t.database.db.select().from(dmThreads).where(eq(dmThreads.id, ids[0]!));
    expect(rows).toHaveLength(1);
    expect((await upsert(a, a)).status).toBe(400);
    expect((await t.call('dm-thread-upsert', { cookie: a.cookie, body: { otherUserId: 'nobody' } })).status).toBe(404);
    expect((await t.call('dm-thread-upsert', { body: { otherUserId: b.userId } })).status).toBe(401);
  });

  it('list the other party, the last message and unread counts; reading clears them', async () => {
    const a = await t.onboardedUser();
    const b = await t.onboardedUser();
    const id = await threadOf(a, b);
    expect((await send(a, id, 'Hello there')).status).toBe(200);
    const sent = await send(a, id, '  Is the robot still for trade?  ');
    expect(sent.json.message).toMatchObject({ threadId: id, text: 'Is the robot still for trade?', senderId: a.userId });
    const theirs = await threads(b);
    expect(theirs.unreadTotal).toBe(2);
    expect(theirs.threads).toHaveLength(1);
    expect(theirs.threads[0]).toMatchObject({
      id,
      other: { userId: a.userId, handle: a.handle, displayName: 'Test Collector' },
      lastMessage: { text: 'Is the robot still for trade?', senderId: a.userId },
      unreadCount: 2,
      canSend: true,
    });
    expect((await threads(a)).threads[0]!.unreadCount).toBe(0);
    expect((await t.call('dm-mark-read', { cookie: b.cookie, body: { threadId: id } })).json).toEqual({ unreadTotal: 0 });
    expect((await threads(b)).threads[0]!.unreadCount).toBe(0);
    const page = dmMessagesListResultSchema.parse((await messagesOf(b, id)).json);
    expect(page.messages.map((m) => m.text)).toEqual(['Is the robot still for trade?', 'Hello there']);
  });

  it('page messages newest first with a cursor', async () => {
    const a = await t.onboardedUser();
    const b = await t.onboardedUser();
    const id = await threadOf(a, b);
    for (let i = 1; i <= 5; i++) await send(i % 2 ? a : b, id, `message ${i}`);
    const first = dmMessagesListResultSchema.parse((await messagesOf(a, id, { limit: 3 })).json);
    expect(first.messages.map((m) => m.text)).toEqual(['message 5', 'message 4', 'message 3']);
    const second = dmMessagesListResultSchema.parse((await messagesOf(a, id, { limit: 3, cursor: first.nextCursor })).json);
    expect(second.messages.map((m) => m.text)).toEqual(['message 2', 'message 1']);
    expect(second.nextCursor).toBeNull();
    expect((await messagesOf(a, id, { cursor: 'nope' })).status).toBe(400);
  });

  it('are closed to a third person: they can neither list, read, send, mark nor report', async () => {
    const a = await t.onboardedUser();
    const b = await t.onboardedUser();
    const c = await t.onboardedUser();
    const id = await threadOf(a, b);
    await send(a, id, 'between us');
    expect((await threads(c)).threads).toEqual([]);
    for (const [name, body] of [
      ['dm-messages-list', { threadId: id }],
      ['dm-send', { threadId: id, text: 'let me in' }],
      ['dm-mark-read', { threadId: id }],
      ['dm-report', { threadId: id, reason: 'spam' }],
    ] as const) {
      const r = await t.call(name, { cookie: c.cookie, body });
      expect(r.status, name).toBe(404);
      expect(JSON.stringify(r.json)).not.toContain('between us');
    }
    expect((await messagesOf(a, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('refuse texts that are empty or longer than 1000 characters', async () => {
    const a = await t.onboardedUser();
    const b = await t.onboardedUser();
    const id = await threadOf(a, b);
    const empty = await send(a, id, '   ');
    expect(empty.status).toBe(400);
    expect(empty.json.error.fields.text).toBe('required');
    expect((await send(a, id, 'x'.repeat(1001))).json.error.fields.text).toBe('too_long');
    expect((await send(a, id, 'x'.repeat(1000))).status).toBe(200);
    expect((await send(a, id, 'nul \u0000')).status).toBe(400);
  });

  it('are reported once per reporter', async () => {
    const a = await t.onboardedUser();
    const b = await t.onboardedUser();
    const id = await threadOf(a, b);
    const first = await t.call('dm-report', { cookie: a.cookie, body: { threadId: id, reason: 'spam' } });
    const again = await t.call('dm-report', { cookie: a.cookie, body: { threadId: id, reason: 'other' } });
    expect(first.json.reportId).toBe(again.json.reportId);
    const [row] = await t.database.db.select().from(reports).where(eq(reports.id, first.json.reportId));
    expect(row).toMatchObject({ targetType: 'thread', targetId: id, reason: 'spam', status: 'open', reporterId: a.userId });
  });
});

describe('who may message whom', { tags: ['postgres'] }, () => {
  it('nobody across a block, either way; the thread disappears for both until unblocked', async () => {
    const a = await t.onboardedUser();
    const b = await t.onboardedUser();
    const id = await threadOf(a, b);
    await send(a, id, 'before the block');
    expect((await t.call('user-block-toggle', { cookie: b.cookie, body: { targetUserId: a.userId } })).json).toEqual({ blocked: true });
    for (const [from, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const refused = await send(from, id, 'hello?');
      expect(refused.status).toBe(403);
      expect(refused.json.error).toMatchObject({ code: 'blocked', message: DM_MESSAGES.blocked });
      expect((await upsert(from, other)).json.error.code).toBe('blocked');
      expect((await threads(from)).threads).toEqual([]);
      expect((await messagesOf(from, id)).status).toBe(404);
    }
    expect((await threads(b)).unreadTotal).toBe(0);
    expect((await t.call('dm-recipients-search', { cookie: a.cookie, body: { q: b.handle } })).json.users).toEqual([]);
    expect((await t.call('dm-recipients-search', { cookie: b.cookie, body: { q: a.handle } })).json.users).toEqual([]);
    await t.call('user-block-toggle', { cookie: b.cookie, body: { targetUserId: a.userId } });
    expect((await t.call('dm-recipients-search', { cookie: b.cookie, body: { q: a.handle } })).json.users.map((u: { userId: string }) => u.userId)).toEqual([
      a.userId,
    ]);
    expect((await send(a, id, 'after the block')).status).toBe(200);
    expect((await threads(b)).threads[0]!.lastMessage?.text).toBe('after the block');
  });

  it('under followed_only, only people the recipient follows (and replies to their own messages)', async () => {
    const picky = await t.onboardedUser();
    const stranger = await t.onboardedUser();
    const friend = await t.onboardedUser();
    await t.call('settings-update', { cookie: picky.cookie, body: { allowDMs: 'followed_only' } });
    await t.call('social-follow-toggle', { cookie: picky.cookie, body: { targetUserId: friend.userId } });
    const refused = await upsert(stranger, picky);
    expect(refused.status).toBe(403);
    expect(refused.json.error).toMatchObject({ code: 'dm_not_allowed', message: DM_MESSAGES.notAllowed });
    const search = await t.call('dm-recipients-search', { cookie: stranger.cookie, body: { q: picky.handle } });
    expect(search.json.users).toEqual([]);
    expect(
      (await t.call('dm-recipients-search', { cookie: friend.cookie, body: { q: picky.handle } })).json.users.map((u: { userId: string }) => u.userId),
    ).toEqual([picky.userId]);
    const id = await threadOf(friend, picky);
    expect((await send(friend, id, 'hi, thanks for the follow')).status).toBe(200);
    // The picky user writes first to someone they do not follow: the stranger may answer.
    const theirs = await threadOf(picky, stranger);
    const before = await send(stranger, theirs, 'can I?');
    expect(before.json.error.code).toBe('dm_not_allowed');
    expect((await threads(stranger)).threads.find((th) => th.id === theirs)?.canSend).toBe(false);
    await send(picky, theirs, 'Hi, about your robot');
    expect((await threads(stranger)).threads.find((th) => th.id === theirs)?.canSend).toBe(true);
    expect((await send(stranger, theirs, 'Sure!')).status).toBe(200);
    // Unfollowing closes the door again for those who never got a message.
    await t.call('social-follow-toggle', { cookie: picky.cookie, body: { targetUserId: friend.userId } });
    expect((await send(friend, id, 'still there?')).json.error.code).toBe('dm_not_allowed');
  });

  it('one rule everywhere: whoever a thread, the send and the profile admit, the recipients search offers, and no one else', async () => {
    const picky = await t.onboardedUser();
    const writer = await t.onboardedUser();
    const stranger = await t.onboardedUser();
    await t.call('settings-update', { cookie: picky.cookie, body: { allowDMs: 'followed_only' } });
    // Picky writes first to someone they do not follow: the writer may answer, so the search offers Picky to them.
    const id = await threadOf(picky, writer);
    await send(picky, id, 'Hi, about your robot');
    const offered = async (u: U) =>
      (await t.call('dm-recipients-search', { cookie: u.cookie, body: { q: picky.handle } })).json.users.map((x: { userId: string }) => x.userId);
    const profileSays = async (u: U) => {
      const r = await t.call('profile-get', { cookie: u.cookie, body: { handle: picky.handle } });
      return r.json.viewer.canMessage as boolean;
    };
    expect((await threads(writer)).threads.find((th) => th.id === id)?.canSend).toBe(true);
    expect(await profileSays(writer)).toBe(true);
    expect(await offered(writer)).toEqual([picky.userId]);
    expect((await send(writer, id, 'Sure!')).status).toBe(200);
    // The stranger: refused by the send, the profile and the search alike.
    expect((await upsert(stranger, picky)).json.error.code).toBe('dm_not_allowed');
    expect(await profileSays(stranger)).toBe(false);
    expect(await offered(stranger)).toEqual([]);
    // A block by Picky closes all of them for the writer.
    await t.call('user-block-toggle', { cookie: picky.cookie, body: { targetUserId: writer.userId } });
    expect((await send(writer, id, 'still there?')).json.error.code).toBe('blocked');
    expect(await profileSays(writer)).toBe(false);
    expect(await offered(writer)).toEqual([]);
  });

  it('item pages tell a signed-in visitor whether they may message the owner', async () => {
    const owner = await t.onboardedUser();
    const visitor = await t.onboardedUser();
    const itemId = (await t.call('items-create', { cookie: owner.cookie, body: { title: 'Tin robot', tags: 'robots' } })).json.item.id as string;
    // A draft's page is enough here: item-get answers it (lists leave drafts out).
    const page = async (cookie?: string) => (await t.call('item-get', { body: { itemId }, ...(cookie ? { cookie } : {}) })).json;
    const seen = await page(visitor.cookie);
    if (seen.access !== 'visible') return expect.unreachable(`item-get answered ${JSON.stringify(seen)}`);
    expect(seen.viewer.canMessage).toBe(true);
    expect((await page(owner.cookie)).viewer.canMessage).toBeUndefined();
    expect((await page()).viewer.canMessage).toBeUndefined();
    // The owner blocks the visitor: no Message button for them (the server refuses it too).
    await t.call('user-block-toggle', { cookie: owner.cookie, body: { targetUserId: visitor.userId } });
    expect((await page(visitor.cookie)).viewer.canMessage).toBe(false);
    expect((await upsert(visitor, owner)).json.error.code).toBe('blocked');
    await t.call('user-block-toggle', { cookie: owner.cookie, body: { targetUserId: visitor.userId } });
    expect((await page(visitor.cookie)).viewer.canMessage).toBe(true);
    await t.call('settings-update', { cookie: owner.cookie, body: { allowDMs: 'followed_only' } });
    expect((await page(visitor.cookie)).viewer.canMessage).toBe(false);
    // With that setting the answer follows the owner's follows (read each time, never kept).
    expect((await t.call('social-follow-toggle', { cookie: owner.cookie, body: { targetUserId: visitor.userId } })).status).toBe(200);
    expect((await page(visitor.cookie)).viewer.canMessage).toBe(true);
    expect((await t.call('social-follow-toggle', { cookie: owner.cookie, body: { targetUserId: visitor.userId } })).status).toBe(200);
    expect((await page(visitor.cookie)).viewer.canMessage).toBe(false);
    // Back to everyone: the kept pages and marks are forgotten at once.
    await t.call('settings-update', { cookie: owner.cookie, body: { allowDMs: 'everyone' } });
    expect((await page(visitor.cookie)).viewer.canMessage).toBe(true);
    await t.call('settings-update', { cookie: owner.cookie, body: { allowDMs: 'followed_only' } });
    expect((await page(visitor.cookie)).viewer.canMessage).toBe(false);
  });

  it('a private profile is not found to start a conversation with', async () => {
    const shy = await t.onboardedUser();
    const a = await t.onboardedUser();
    await t.call('settings-update', { cookie: shy.cookie, body: { profilePublic: false } });
    expect((await upsert(a, shy)).status).toBe(404);
    expect((await t.call('dm-recipients-search', { cookie: a.cookie, body: { q: shy.handle } })).json.users).toEqual([]);
    // They may write to others, and be answered.
    const id = await threadOf(shy, a);
    await send(shy, id, 'hello from a private profile');
    expect((await send(a, id, 'hello back')).status).toBe(200);
    expect(await threadOf(a, shy)).toBe(id);
  });
});

describe('live', { tags: ['postgres'] }, () => {
  it('greets with the unread total, then pushes each message and each read to the stream', async () => {
    const a = await t.onboardedUser();
    const b = await t.onboardedUser();
    const id = await threadOf(a, b);
    await send(a, id, 'waiting for you');
    const res = await t.request('/realtime/v1/messages', { cookie: b.cookie });
    expect(res.status).toBe(200);
    const stream = sseReader(res);
    expect(await stream.next()).toMatchObject({ event: 'unread', data: JSON.stringify({ total: 1 }) });
    const sent = await send(a, id, 'live now');
    const msg = await stream.next((m) => m.event === 'message', 2000);
    expect(JSON.parse(msg.data!)).toMatchObject({ threadId: id, message: { id: sent.json.message.id, text: 'live now' }, unreadTotal: 2 });
    await t.call('dm-mark-read', { cookie: b.cookie, body: { threadId: id } });
    const read = await stream.next((m) => m.event === 'read', 2000);
    expect(JSON.parse(read.data!)).toEqual({ threadId: id, unreadTotal: 0 });
    await stream.cancel();
    expect((await t.request('/realtime/v1/messages')).status).toBe(401);
  });

  it('records each message on the messages stream of both participants, in its transaction', async () => {
    const a = await t.onboardedUser();
    const b = await t.onboardedUser();
    const id = await threadOf(a, b);
    const sent = await send(a, id, 'live one');
    const rows = await t.database.db.select().from(events).where(eq(events.stream, 'messages'));
    const mine = rows.filter((r) => (r.payload as { threadId?: string }).threadId === id && r.type === 'message');
    expect(mine.map((r) => r.userId).sort()).toEqual([a.userId, b.userId].sort());
    const forB = mine.find((r) => r.userId === b.userId)!.payload as { message: { id: string }; unreadTotal: number };
    expect(forB.message.id).toBe(sent.json.message.id);
    expect(forB.unreadTotal).toBe(1);
  });
});

describe('rate limits', { tags: ['postgres'] }, () => {
  it('1 per second: "Please wait before sending another message"', async () => {
    const app = await createTestApp({ MESSAGES_PER_HOUR: '100' });
    try {
      const a = await app.onboardedUser();
      const b = await app.onboardedUser();
      const id = (await app.call('dm-thread-upsert', { cookie: a.cookie, body: { otherUserId: b.userId } })).json.thread.id;
      // Three quick sends span at most two one-second windows: one is refused.
      const results = [];
      for (let i = 0; i < 3; i++) results.push(await app.call('dm-send', { cookie: a.cookie, body: { threadId: id, text: `quick ${i}` } }));
      const refused = results.filter((r) => r.status === 429);
      expect(refused.length).toBeGreaterThanOrEqual(1);
      expect(refused[0]!.json.error).toMatchObject({ code: 'rate_limited', message: DM_MESSAGES.tooFast });
      expect(Number(refused[0]!.res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      // Another sender is not held back.
      const bThread = (await app.call('dm-thread-upsert', { cookie: b.cookie, body: { otherUserId: a.userId } })).json.thread.id;
      expect((await app.call('dm-send', { cookie: b.cookie, body: { threadId: bThread, text: 'mine' } })).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('per hour: "Hourly message limit reached"', async () => {
    const app = await createTestApp({ MESSAGE_INTERVAL_SECONDS: '0', MESSAGES_PER_HOUR: '3' });
    try {
      const a = await app.onboardedUser();
      const b = await app.onboardedUser();
      const id = (await app.call('dm-thread-upsert', { cookie: a.cookie, body: { otherUserId: b.userId } })).json.thread.id;
      for (let i = 0; i < 3; i++) expect((await app.call('dm-send', { cookie: a.cookie, body: { threadId: id, text: `m${i}` } })).status).toBe(200);
      const refused = await app.call('dm-send', { cookie: a.cookie, body: { threadId: id, text: 'one more' } });
      expect(refused.status).toBe(429);
      expect(refused.json.error).toMatchObject({ code: 'dm_hourly_limit', message: DM_MESSAGES.hourly });
      expect(Number(refused.res.headers.get('retry-after'))).toBeGreaterThan(0);
      const page = dmMessagesListResultSchema.parse((await app.call('dm-messages-list', { cookie: b.cookie, body: { threadId: id } })).json);
      expect(page.messages).toHaveLength(3);
    } finally {
      await app.close();
    }
  });
});
