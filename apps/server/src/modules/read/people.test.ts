import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileGetResultSchema, type DM_OPTIONS } from '@curio/contract';
import { profiles } from '../../db/schema';
import { countQueries } from '../../test/query-count';
import { createTestApp, type TestApp } from '../../test/harness';
import { createReadService, type ReadService } from './read.service';

let t: TestApp;
let read: ReadService;
type U = Awaited<ReturnType<TestApp['onboardedUser']>>;

beforeAll(async () => {
  t = await createTestApp();
  read = createReadService(t.database.db);
});
afterAll(() => t.close());

const follow = (u: U, target: U) => t.call('social-follow-toggle', { cookie: u.cookie, body: { targetUserId: target.userId, following: true } });
const block = (u: U, target: U, blocked = true) => t.call('user-block-toggle', { cookie: u.cookie, body: { targetUserId: target.userId, blocked } });
const allowDms = (u: U, allowDMs: (typeof DM_OPTIONS)[number]) => t.call('settings-update', { cookie: u.cookie, body: { allowDMs } });
const profileOf = async (handle: string, u?: U) => {
  const r = await t.call('profile-get', { body: { handle }, ...(u ? { cookie: u.cookie } : {}) });
  expect(r.status).toBe(200);
  return profileGetResultSchema.parse(r.json);
};
const viewerOf = async (handle: string, u?: U) => {
  const got = await profileOf(handle, u);
  if (got.access !== 'visible') throw new Error('expected visible');
  return got.viewer;
};
const NOTHING = { following: false, followsYou: false, blocking: false, blockedBy: false, canMessage: false };

/** Counts the statements `work` sends (PGlite and PostgreSQL alike). */
async function queriesOf<T>(work: () => Promise<T>): Promise<{ result: T; count: number; texts: string[] }> {
  const counter = countQueries(t.database);
  try {
    const result = await work();
    return { result, count: counter.count, texts: [...counter.texts] };
  } finally {
    counter.restore();
  }
}

describe('the people pipeline', () => {
  it('hydrates in one query, in the order of the ids, dropping unknown ids, with the follow counts', async () => {
    const a = await t.onboardedUser();
    const b = await t.onboardedUser();
    const c = await t.onboardedUser();
    await follow(a, b);
    await follow(c, b);
    await follow(b, c);
    const { result, count, texts } = await queriesOf(() => read.hydratePeople([c.userId, 'nobody', b.userId, a.userId]));
    expect(count, texts.join('\n')).toBe(1);
    expect(result.map((p) => p.userId)).toEqual([c.userId, b.userId, a.userId]);
    expect(result[1]).toEqual({
      userId: b.userId,
      handle: b.handle,
      displayName: 'Test Collector',
      avatarImageId: null,
      bio: null,
      public: true,
      hidden: false,
      followersCount: 2,
      followingCount: 1,
    });
    expect(result[2]).toMatchObject({ followersCount: 0, followingCount: 1 });
    expect((await queriesOf(() => read.hydratePeople([]))).count).toBe(0);
  });

  it('reads the viewer state in one query, none for a guest or for the viewer alone', async () => {
    const viewer = await t.onboardedUser();
    const a = await t.onboardedUser();
    const b = await t.onboardedUser();
    const signedIn = await queriesOf(() => read.peopleViewerState(viewer.userId, [a.userId, b.userId, viewer.userId]));
    expect(signedIn.count, signedIn.texts.join('\n')).toBe(1);
    const guest = await queriesOf(() => read.peopleViewerState(null, [a.userId, b.userId]));
    expect(guest.count).toBe(0);
    expect(guest.result.of(a.userId)).toEqual(NOTHING);
    const self = await queriesOf(() => read.peopleViewerState(viewer.userId, [viewer.userId]));
    expect(self.count).toBe(0);
    expect(self.result.of(viewer.userId)).toEqual(NOTHING);
    // The list: one hydrate and one state query for a signed-in viewer, the hydrate alone for a guest.
    expect((await queriesOf(() => read.people([a.userId, b.userId], viewer.userId))).count).toBe(2);
    expect((await queriesOf(() => read.people([a.userId, b.userId], null))).count).toBe(1);
    // The page: the person, then the relation for someone else signed in only.
    expect((await queriesOf(() => read.person({ handle: a.handle }, viewer.userId))).count).toBe(2);
    expect((await queriesOf(() => read.person({ handle: a.handle }, a.userId))).count).toBe(1);
    expect((await queriesOf(() => read.person({ userId: a.userId }, null))).count).toBe(1);
    expect(await read.person({ handle: 'nobody_here' }, viewer.userId)).toBeNull();
  });

  it('answers each viewer flag, for the list and the profile page alike', async () => {
    const viewer = await t.onboardedUser();
    const followed = await t.onboardedUser();
    const follower = await t.onboardedUser();
    const blocked = await t.onboardedUser();
    const blocker = await t.onboardedUser();
    const stranger = await t.onboardedUser();
    await follow(viewer, followed);
    await follow(follower, viewer);
    await block(viewer, blocked);
    await block(blocker, viewer);
    const people = await read.people(
      [followed, follower, blocked, blocker, stranger].map((u) => u.userId),
      viewer.userId,
    );
    const stateOf = (u: U) => people.find((p) => p.person.userId === u.userId)!.state;
    expect(people.every((p) => p.access === 'visible')).toBe(true);
    expect(stateOf(followed)).toEqual({ ...NOTHING, following: true, canMessage: true });
    expect(stateOf(follower)).toEqual({ ...NOTHING, followsYou: true, canMessage: true });
    expect(stateOf(blocked)).toEqual({ ...NOTHING, blocking: true });
    expect(stateOf(blocker)).toEqual({ ...NOTHING, blockedBy: true });
    expect(stateOf(stranger)).toEqual({ ...NOTHING, canMessage: true });
    // The profile page shapes the same state (it shows no `blockedBy`: a block of the viewer only refuses messages).
    const flags = { signedIn: true, isOwner: false, following: false, followsYou: false, blocking: false, canMessage: false };
    expect(await viewerOf(followed.handle, viewer)).toEqual({ ...flags, following: true, canMessage: true });
    expect(await viewerOf(follower.handle, viewer)).toEqual({ ...flags, followsYou: true, canMessage: true });
    expect(await viewerOf(blocked.handle, viewer)).toEqual({ ...flags, blocking: true });
    expect(await viewerOf(blocker.handle, viewer)).toEqual(flags);
    expect(await viewerOf(stranger.handle, viewer)).toEqual({ ...flags, canMessage: true });
    // A guest and the owner: all false.
    expect(await viewerOf(followed.handle)).toEqual({ ...flags, signedIn: false });
    expect(await viewerOf(viewer.handle, viewer)).toEqual({ ...flags, isOwner: true });
    expect((await read.person({ handle: viewer.handle }, viewer.userId))!.state).toEqual(NOTHING);
  });

  it('shows a private profile and a hidden one to their owner only, and reads no state for the others', async () => {
    const viewer = await t.onboardedUser();
    const secret = await t.onboardedUser();
    const hidden = await t.onboardedUser();
    await follow(viewer, secret);
    await follow(viewer, hidden);
    await t.call('settings-update', { cookie: secret.cookie, body: { profilePublic: false } });
    await t.database.db.update(profiles).set({ hidden: true }).where(eq(profiles.userId, hidden.userId));

    for (const person of [secret, hidden]) {
      const listed = await read.people([person.userId], viewer.userId);
      expect(listed).toEqual([{ person: expect.objectContaining({ userId: person.userId }), access: 'private', state: NOTHING }]);
      expect((await read.person({ handle: person.handle }, null))!.access).toBe('private');
      expect((await read.person({ userId: person.userId }, person.userId))!.access).toBe('visible');
      // The page says only that it is private, to a guest and to another signed-in person.
      expect(await profileOf(person.handle)).toEqual({ access: 'private', handle: person.handle });
      expect(await profileOf(person.handle, viewer)).toEqual({ access: 'private', handle: person.handle });
      const own = await profileOf(person.handle, person);
      expect(own.access).toBe('visible');
    }
    const own = await profileOf(secret.handle, secret);
    expect(own.access === 'visible' && own.profile).toMatchObject({ public: false, followersCount: 1, followingCount: 0 });
    // No state query for a person the viewer may not see.
    const { count } = await queriesOf(() => read.people([secret.userId, hidden.userId], viewer.userId));
    expect(count).toBe(1);
  });

  it("decides canMessage as messages' own canMessage does, for each DM setting", async () => {
    for (const setting of ['everyone', 'followed_only'] as const) {
      const recipient = await t.onboardedUser();
      const stranger = await t.onboardedUser();
      const friend = await t.onboardedUser();
      const written = await t.onboardedUser();
      const blockedByRecipient = await t.onboardedUser();
      const blockingRecipient = await t.onboardedUser();
      await allowDms(recipient, setting);
      await follow(recipient, friend);
      // The recipient writes first to someone they do not follow: that person may answer.
      const thread = await t.call('dm-thread-upsert', { cookie: recipient.cookie, body: { otherUserId: written.userId } });
      expect((await t.call('dm-send', { cookie: recipient.cookie, body: { threadId: thread.json.thread.id, text: 'Hi' } })).status).toBe(200);
      await block(recipient, blockedByRecipient);
      await block(blockingRecipient, recipient);
      const senders = [stranger, friend, written, blockedByRecipient, blockingRecipient, recipient];
      const expected = {
        everyone: [true, true, true, false, false, false],
        followed_only: [false, true, true, false, false, false],
      }[setting];
      for (const [i, sender] of senders.entries()) {
        const rule = await t.services.messages.canMessage(sender.userId, recipient.userId);
        const state = (await read.peopleViewerState(sender.userId, [recipient.userId])).of(recipient.userId);
        const page = await viewerOf(recipient.handle, sender);
        expect([setting, i, state.canMessage, page.canMessage]).toEqual([setting, i, rule, rule]);
        expect(rule).toBe(expected[i]);
      }
    }
  });
});
