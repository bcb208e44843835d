import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationsListResultSchema, UNSEEN_COUNT_CAP, type NotificationCreatedEvent } from '@curio/contract';
import { sql } from 'drizzle-orm';
import { notifications } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import { pngBytes, stubGenerator } from '../../test/images';
import { createTestApp, type TestApp } from '../../test/harness';
import { sseReader } from '../../test/sse';
import type { RecordedNotificationCreated } from './notifications.service';

let t: TestApp;
let photo: Buffer;
type U = Awaited<ReturnType<TestApp['onboardedUser']>>;

beforeAll(async () => {
  t = await createTestApp({ COMMENT_INTERVAL_SECONDS: '0' }, { generator: stubGenerator() });
  photo = await pngBytes(60, 75);
});
afterAll(() => t.close());

const published = (u: U, title = 'Red Robot') => t.publishedItem(u.cookie, photo, title);
const list = async (u: U, page = 0, pageSize?: number) => {
  const r = await t.call('notifications-list', { cookie: u.cookie, body: { page, ...(pageSize ? { pageSize } : {}) } });
  expect(r.status).toBe(200);
  return notificationsListResultSchema.parse(r.json);
};
const listAfter = async (u: U, cursor: string, pageSize: number) => {
  const r = await t.call('notifications-list', { cookie: u.cookie, body: { cursor, pageSize } });
  expect(r.status).toBe(200);
  return notificationsListResultSchema.parse(r.json);
};
const unseen = async (u: U) => (await t.call('notifications-unseen-count', { cookie: u.cookie })).json.count as number;
const like = (u: U, itemId: string) => t.call('social-like-toggle', { cookie: u.cookie, body: { itemId, liked: true } });
const comment = (u: U, itemId: string, body: string) => t.call('comments-create', { cookie: u.cookie, body: { itemId, body } });
const block = (u: U, target: U, blocked = true) => t.call('user-block-toggle', { cookie: u.cookie, body: { targetUserId: target.userId, blocked } });

describe('notifications', { tags: ['postgres'] }, () => {
  it('come for a follow, a like, a comment and a mention, newest first with the actor and the item title', async () => {
    const owner = await t.onboardedUser();
    const fan = await t.onboardedUser();
    const friend = await t.onboardedUser();
    const item = await published(owner, 'Red Robot');
    await t.call('social-follow-toggle', { cookie: fan.cookie, body: { targetUserId: owner.userId } });
    await like(fan, item);
    await comment(fan, item, `Lovely, @${friend.handle} look`);
    const got = await list(owner);
    expect(got.notifications.map((n) => n.kind)).toEqual(['comment', 'like', 'follow']);
    expect(got.unseenCount).toBe(3);
    const [c, l, f] = got.notifications;
    expect(l).toMatchObject({ kind: 'like', ref_id: item, seen: false, itemTitle: 'Red Robot', actorCount: 1 });
    expect(l!.actorProfile).toEqual({ user_id: fan.userId, handle: fan.handle, display_name: 'Test Collector', avatar_image_id: null });
    expect(c).toMatchObject({ kind: 'comment', ref_id: item, itemTitle: 'Red Robot' });
    expect(f).toMatchObject({ kind: 'follow', ref_id: fan.userId, itemTitle: null, actorProfile: { handle: fan.handle } });
    const mentioned = await list(friend);
    expect(mentioned.notifications).toHaveLength(1);
    expect(mentioned.notifications[0]).toMatchObject({ kind: 'mention', ref_id: item, itemTitle: 'Red Robot', actorProfile: { handle: fan.handle } });
  });

  it('never come for one’s own acts', async () => {
    const owner = await t.onboardedUser();
    const item = await published(owner);
    await like(owner, item);
    await comment(owner, item, `Mine, @${owner.handle}`);
    expect((await t.call('social-follow-toggle', { cookie: owner.cookie, body: { targetUserId: owner.userId } })).status).toBe(400);
    expect((await list(owner)).notifications).toEqual([]);
    expect(await unseen(owner)).toBe(0);
  });

  it('never come from a blocked person, either way, and a block hides the earlier ones', async () => {
    const owner = await t.onboardedUser();
    const troll = await t.onboardedUser();
    const item = await published(owner);
    await like(troll, item);
    expect(await unseen(owner)).toBe(1);
    await block(owner, troll);
    // Earlier notifications from them are hidden, and none come.
    expect((await list(owner)).notifications).toEqual([]);
    expect(await unseen(owner)).toBe(0);
    await t.call('social-like-toggle', { cookie: troll.cookie, body: { itemId: item, liked: false } });
    await like(troll, item);
    await comment(troll, item, `hey @${owner.handle}`);
    expect((await t.call('social-follow-toggle', { cookie: troll.cookie, body: { targetUserId: owner.userId } })).json.error.code).toBe('blocked');
    await block(owner, troll, false);
    expect((await list(owner)).notifications.map((n) => n.kind)).toEqual(['like']); // only the one from before the block
    // The other way round: the blocked person hears nothing from the blocker either.
    const trollItem = await published(troll, 'Troll piece');
    await block(troll, owner);
    await like(owner, trollItem);
    await comment(owner, trollItem, `@${troll.handle} hi`);
    expect((await list(troll)).notifications).toEqual([]);
  });

  it('count the unseen up to UNSEEN_COUNT_CAP: the bell, the list, marking read and the live event all stop there', async () => {
    const owner = await t.onboardedUser();
    const fan = await t.onboardedUser();
    const item = await published(owner);
    // Follows of people who are gone leave nothing behind; these rows stand for a busy collector's unread pile.
    await t.database.db
      .insert(notifications)
      .values(Array.from({ length: UNSEEN_COUNT_CAP - 1 }, () => ({ userId: owner.userId, kind: 'follow' as const, refId: fan.userId, actorId: fan.userId })));
    expect(await unseen(owner)).toBe(UNSEEN_COUNT_CAP - 1);
    await like(fan, item);
    expect(await unseen(owner)).toBe(UNSEEN_COUNT_CAP);
    await comment(fan, item, 'One more');
    expect(await unseen(owner)).toBe(UNSEEN_COUNT_CAP);
    expect((await list(owner)).unseenCount).toBe(UNSEEN_COUNT_CAP);
    // What the owner's open bells hear: the like and the comment are recorded without a count (nobody may be
    // watching), and a stream sends each with the count as it is then, where it stops.
    const told = rowsOf<{ id: number; payload: RecordedNotificationCreated }>(
      await t.database.db.execute(sql`select id, payload from events where user_id = ${owner.userId} and type = 'notification' order by id`),
    );
    expect(told.map((e) => e.payload.notification.kind)).toEqual(['like', 'comment']);
    expect(told.every((e) => !('unseenCount' in e.payload))).toBe(true);
    const bell = sseReader(await t.request(`/realtime/v1/notifications`, { cookie: owner.cookie, headers: { 'last-event-id': String(told[0]!.id - 1) } }));
    expect(await bell.next()).toMatchObject({ event: 'unseen', data: JSON.stringify({ count: UNSEEN_COUNT_CAP }) });
    const heard = [await bell.next(), await bell.next()].map((m) => JSON.parse(m.data!) as NotificationCreatedEvent);
    expect(heard.map((e) => [e.notification.kind, e.unseenCount])).toEqual([
      ['like', UNSEEN_COUNT_CAP],
      ['comment', UNSEEN_COUNT_CAP],
    ]);
    await bell.cancel();
    expect((await t.call('notifications-mark-read', { cookie: owner.cookie, body: {} })).json).toEqual({ unseenCount: 0 });
  });

  it('group the likes of one item, naming the latest three', async () => {
    const owner = await t.onboardedUser();
    const item = await published(owner, 'Red Robot');
    const other = await published(owner, 'Blue Rocket');
    const fans: U[] = [];
    for (let i = 0; i < 5; i++) {
      const f = await t.onboardedUser();
      await like(f, item);
      fans.push(f);
    }
    await like(fans[0]!, other);
    const got = await list(owner);
    expect(got.notifications).toHaveLength(2);
    const [single, group] = got.notifications;
    expect(single).toMatchObject({ kind: 'like', ref_id: other, actorCount: 1, itemTitle: 'Blue Rocket' });
    expect(group).toMatchObject({ kind: 'like', ref_id: item, actorCount: 5, itemTitle: 'Red Robot', seen: false });
    expect(group!.actors.map((a) => a.handle)).toEqual([fans[4]!.handle, fans[3]!.handle, fans[2]!.handle]);
    expect(group!.ids).toHaveLength(5);
    expect(got.unseenCount).toBe(6);
    // Marking the group's ids read marks all five.
    const marked = await t.call('notifications-mark-read', { cookie: owner.cookie, body: { ids: group!.ids } });
    expect(marked.json).toEqual({ unseenCount: 1 });
    expect((await list(owner)).notifications.find((n) => n.ref_id === item)?.seen).toBe(true);
  });

  it('page newest first and mark all read', async () => {
    const owner = await t.onboardedUser();
    const fans: U[] = [];
    // Comments on three items: three entries (comments group by item).
    for (const title of ['One', 'Two', 'Three']) {
      const item = await published(owner, title);
      const f = await t.onboardedUser();
      await comment(f, item, 'Lovely');
      fans.push(f);
    }
    const first = await list(owner, 0, 2);
    expect(first.notifications.map((n) => n.actorProfile?.handle)).toEqual([fans[2]!.handle, fans[1]!.handle]);
    expect(first.nextPage).toBe(1);
    const second = await list(owner, 1, 2);
    expect(second.notifications.map((n) => n.actorProfile?.handle)).toEqual([fans[0]!.handle]);
    expect(second.nextPage).toBeNull();
    expect((await t.call('notifications-mark-read', { cookie: owner.cookie, body: {} })).json).toEqual({ unseenCount: 0 });
    expect((await list(owner)).notifications.every((n) => n.seen)).toBe(true);
    // Someone else's ids change nothing of theirs.
    const other = await t.onboardedUser();
    await t.call('social-follow-toggle', { cookie: other.cookie, body: { targetUserId: fans[0]!.userId } });
    const theirs = (await list(fans[0]!)).notifications[0]!.id;
    await t.call('notifications-mark-read', { cookie: owner.cookie, body: { ids: [theirs] } });
    expect(await unseen(fans[0]!)).toBe(1);
  });

  it('group the comments of one item and every follow into one entry each, unseen while any of it is', async () => {
    const owner = await t.onboardedUser();
    const item = await published(owner, 'Red Robot');
    const people: U[] = [];
    for (let i = 0; i < 4; i++) people.push(await t.onboardedUser());
    for (const p of people) await comment(p, item, 'Nice one');
    // The same person twice counts once.
    await comment(people[3]!, item, 'Really nice');
    for (const p of people.slice(0, 3)) await t.call('social-follow-toggle', { cookie: p.cookie, body: { targetUserId: owner.userId } });
    const got = await list(owner);
    expect(got.notifications.map((n) => n.kind)).toEqual(['follow', 'comment']);
    const [follows, comments] = got.notifications;
    expect(follows).toMatchObject({ kind: 'follow', actorCount: 3, ref_id: people[2]!.userId, actorProfile: { handle: people[2]!.handle } });
    expect(follows!.ids).toHaveLength(3);
    expect(comments).toMatchObject({ kind: 'comment', ref_id: item, actorCount: 4, itemTitle: 'Red Robot', seen: false });
    expect(comments!.ids).toHaveLength(5);
    // One of the comments read: the group is still unseen; all of them read, it is seen.
    await t.call('notifications-mark-read', { cookie: owner.cookie, body: { ids: comments!.ids.slice(0, 1) } });
    expect((await list(owner)).notifications.find((n) => n.kind === 'comment')!.seen).toBe(false);
    await t.call('notifications-mark-read', { cookie: owner.cookie, body: { ids: comments!.ids } });
    expect((await list(owner)).notifications.find((n) => n.kind === 'comment')!.seen).toBe(true);
    // Mentions stay one entry each.
    const theirs = await published(people[0]!, 'Blue Rocket');
    await comment(people[1]!, theirs, `@${owner.handle} look`);
    await comment(people[2]!, theirs, `@${owner.handle} see`);
    expect((await list(owner)).notifications.filter((n) => n.kind === 'mention')).toHaveLength(2);
  });

  it('page by number and by cursor without skipping or repeating entries of one instant', async () => {
    const owner = await t.onboardedUser();
    const item = await published(owner, 'Red Robot');
    // Eight entries at one microsecond: six mentions (each an entry of its own) and a group of three likes of one item
    // (whose place is its newest like's), then a follow a little later.
    const at = sql`'2024-05-01T10:00:00.123456Z'::timestamptz`;
    await t.database.db
      .insert(notifications)
      .values([
        ...Array.from({ length: 6 }, () => ({ userId: owner.userId, kind: 'mention' as const, refId: item, createdAt: at })),
        ...Array.from({ length: 3 }, () => ({ userId: owner.userId, kind: 'like' as const, refId: item, createdAt: at })),
        { userId: owner.userId, kind: 'follow' as const, refId: 'later', createdAt: sql`'2024-05-01T10:00:00.123457Z'::timestamptz` },
      ]);
    const all = (await list(owner, 0, 100)).notifications;
    expect(all).toHaveLength(8);
    expect(all[0]!.ref_id).toBe('later');
    // Among equal times, by the newest notification's id, descending.
    const tied = all.slice(1).map((n) => n.id);
    expect(tied).toEqual([...tied].sort().reverse());
    const likes = all.find((n) => n.kind === 'like');
    expect(likes).toMatchObject({ ref_id: item, actorCount: 0 });
    expect(likes!.ids).toHaveLength(3);

    const byNumber: string[] = [];
    for (let page: number | null = 0; page !== null;) {
      const got = await list(owner, page, 3);
      byNumber.push(...got.notifications.map((n) => n.id));
      expect(got.nextCursor === null).toBe(got.nextPage === null);
      page = got.nextPage;
    }
    expect(byNumber).toEqual(all.map((n) => n.id));

    const byCursor: string[] = [];
    let first = await list(owner, 0, 3);
    byCursor.push(...first.notifications.map((n) => n.id));
    // A notification arriving meanwhile does not shift the pages after the cursor.
    const fan = await t.onboardedUser();
    await like(fan, await published(owner, 'Blue Rocket'));
    for (let cursor = first.nextCursor; cursor !== null; cursor = first.nextCursor) {
      first = await listAfter(owner, cursor, 3);
      expect(first.nextPage).toBeNull();
      byCursor.push(...first.notifications.map((n) => n.id));
    }
    expect(byCursor).toEqual(all.map((n) => n.id));

    const bad = await t.call('notifications-list', { cookie: owner.cookie, body: { cursor: 'not-a-cursor' } });
    expect(bad.status).toBe(400);
  });

  it('leak nothing of private profiles and private items', async () => {
    const owner = await t.onboardedUser();
    const shy = await t.onboardedUser();
    const item = await published(owner, 'Red Robot');
    await like(shy, item);
    await t.call('settings-update', { cookie: shy.cookie, body: { profilePublic: false } });
    const got = await list(owner);
    expect(got.notifications[0]).toMatchObject({ kind: 'like', actorProfile: null, actors: [], actorCount: 1 });
    expect(JSON.stringify(got)).not.toContain(shy.handle);
    // A mention on a private profile's item reaches nobody who may not see it.
    const friend = await t.onboardedUser();
    await comment(owner, item, `@${friend.handle} see this`);
    expect((await list(friend)).notifications).toHaveLength(1);
    await t.call('settings-update', { cookie: owner.cookie, body: { profilePublic: false } });
    expect((await list(friend)).notifications).toEqual([]);
    await comment(owner, item, `@${friend.handle} and this`);
    // Nothing to see, so nothing new: the bell shows no dot.
    expect(await unseen(friend)).toBe(0);
  });
});
