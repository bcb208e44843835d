import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountDeletions, accountExports, comments, dmMessages, images, items, profileStats, sessions, users } from '../../db/schema';
import { pngBytes, stubGenerator } from '../../test/images';
import { createTestApp, type TestApp } from '../../test/harness';
import { QUEUES } from '../jobs/jobs';

let t: TestApp;
let photo: Buffer;
type U = Awaited<ReturnType<TestApp['onboardedUser']>>;

beforeAll(async () => {
  t = await createTestApp({ COMMENT_INTERVAL_SECONDS: '0', COMMENTS_PER_HOUR: '1000', MESSAGE_INTERVAL_SECONDS: '0' }, { generator: stubGenerator() });
  photo = await pngBytes(60, 75);
});
afterAll(() => t.close());

const linkIn = (text: string) => text.match(/https?:\/\/\S+\/storage\/v1\/exports\/[A-Za-z0-9_-]+/)?.[0] ?? null;

/** Someone with an item (photo and chosen image), who likes, saves, follows, comments and writes to `other`. */
async function activePerson(other: U, otherItemId: string) {
  const me = await t.onboardedUser();
  const itemId = await t.publishedItem(me.cookie, photo, 'Tin robot');
  await t.database.db.update(items).set({ metadata: 'Bought in Kyoto, 1998' }).where(eq(items.id, itemId));
  expect((await t.call('social-like-toggle', { cookie: me.cookie, body: { itemId: otherItemId, liked: true } })).status).toBe(200);
  expect((await t.call('social-bookmark-toggle', { cookie: me.cookie, body: { itemId: otherItemId, saved: true } })).status).toBe(200);
  expect((await t.call('social-follow-toggle', { cookie: me.cookie, body: { targetUserId: other.userId, following: true } })).status).toBe(200);
  expect((await t.call('comments-create', { cookie: me.cookie, body: { itemId: otherItemId, body: 'What a lovely piece' } })).status).toBe(200);
  const thread = await t.call('dm-thread-upsert', { cookie: me.cookie, body: { otherUserId: other.userId } });
  expect(thread.status).toBe(200);
  expect((await t.call('dm-send', { cookie: me.cookie, body: { threadId: thread.json.thread.id, text: 'Hello from me' } })).status).toBe(200);
  return { ...me, itemId, threadId: thread.json.thread.id as string };
}

describe('download my data', () => {
  let other: U;
  let otherItem: string;
  let me: Awaited<ReturnType<typeof activePerson>>;
  let link: string;

  beforeAll(async () => {
    other = await t.onboardedUser();
    otherItem = await t.publishedItem(other.cookie, photo, 'Their piece');
    me = await activePerson(other, otherItem);
  });

  it('builds the archive in a job and mails a link; the status says preparing, then ready until the expiry', async () => {
    const asked = await t.call('account-export-request', { cookie: me.cookie, body: {} });
    expect(asked.status).toBe(200);
    expect(asked.json.state).toBe('preparing');
    await t.services.jobs.idle(QUEUES.accountExport.name);
    const status = await t.call('account-export-status', { cookie: me.cookie, body: {} });
    expect(status.json.export.state).toBe('ready');
    expect(status.json.hasPassword).toBe(true);
    const days = (Date.parse(status.json.export.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const mail = t.mails.find((m) => m.to === me.email && m.subject.includes('data is ready'));
    expect(mail).toBeTruthy();
    link = linkIn(mail!.text)!;
    expect(link).toBeTruthy();
    expect(link.endsWith(status.json.export.url)).toBe(true);
  });

  it('sends the owner a ZIP with data.json (everything they made) and their images', async () => {
    const res = await t.request(link.replace(/^https?:\/\/[^/]+/, ''), { cookie: me.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="curio-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const data = JSON.parse(strFromU8(files['data.json']!));
    expect(data.account.email).toBe(me.email);
    expect(data.profile.handle).toBe(me.handle);
    expect(data.shelf).toMatchObject({ cols: expect.any(Number), rows: expect.any(Number), arrangement: expect.any(Array) });
    const item = data.items.find((i: { id: string }) => i.id === me.itemId);
    expect(item.title).toBe('Tin robot');
    expect(item.tags).toContain('robots');
    expect(item.metadata).toBe('Bought in Kyoto, 1998');
    expect(item.photos).toHaveLength(1);
    expect(files[item.photos[0].file]?.byteLength).toBeGreaterThan(100);
    expect(item.chosenImage.file).toMatch(/^images\/.+\/chosen\.(png|jpg)$/);
    expect(files[item.chosenImage.file]?.byteLength).toBeGreaterThan(100);
    expect(data.comments.map((c: { body: string }) => c.body)).toEqual(['What a lovely piece']);
    expect(data.likes.map((l: { itemId: string }) => l.itemId)).toEqual([otherItem]);
    expect(data.saves.map((l: { itemId: string }) => l.itemId)).toEqual([otherItem]);
    expect(data.following.map((f: { handle: string }) => f.handle)).toEqual([other.handle]);
    expect(data.messagesSent).toEqual([expect.objectContaining({ threadId: me.threadId, recipientHandle: other.handle, text: 'Hello from me' })]);
    expect(data.privacy).toMatchObject({ profilePublic: true, allowDms: 'everyone' });
    expect(data.credits.length).toBeGreaterThan(0);
  });

  it('refuses the link to someone else, and sends a visitor without a session to sign in', async () => {
    const path = link.replace(/^https?:\/\/[^/]+/, '');
    const stranger = await t.request(path, { cookie: other.cookie });
    expect(stranger.status).toBe(410);
    expect(((await stranger.json()) as { error: { code: string } }).error.code).toBe('export_expired');
    const guest = await t.request(path);
    expect(guest.status).toBe(302);
    expect(guest.headers.get('location')).toBe('/settings/account#data');
  });

  it('expires: the link stops working and the clean-up removes the archive from the store', async () => {
    const [row] = await t.database.db.select().from(accountExports).where(eq(accountExports.userId, me.userId));
    expect(await t.services.accountData.removeExpiredExports()).toBe(0);
    await t.database.db
      .update(accountExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountExports.id, row!.id));
    const res = await t.request(link.replace(/^https?:\/\/[^/]+/, ''), { cookie: me.cookie });
    expect(res.status).toBe(410);
    expect((await t.call('account-export-status', { cookie: me.cookie, body: {} })).json.export.state).toBe('none');
    expect(await t.services.accountData.removeExpiredExports()).toBe(1);
    const { createStorageFromEnv } = await import('../../storage/from-env');
    expect(await createStorageFromEnv(t.env).get(row!.storageKey!)).toBeNull();
    expect(await t.database.db.select().from(accountExports).where(eq(accountExports.userId, me.userId))).toHaveLength(0);
  });

  it('is limited to 3 requests a day', async () => {
    const u = await t.onboardedUser();
    for (let i = 0; i < 3; i++) {
      expect((await t.call('account-export-request', { cookie: u.cookie, body: {} })).status).toBe(200);
      await t.services.jobs.idle(QUEUES.accountExport.name);
    }
    expect((await t.call('account-export-request', { cookie: u.cookie, body: {} })).status).toBe(429);
  });
});

describe('delete my account', () => {
  it('refuses a wrong password and changes nothing', async () => {
    const u = await t.onboardedUser();
    const r = await t.call('account-delete-request', { cookie: u.cookie, body: { password: 'not my password' } });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('confirmation_invalid');
    expect((await t.call('profile-me', { cookie: u.cookie, body: {} })).status).toBe(200);
  });

  it('ends every session at once, mails the person, hides the profile; signing in again cancels it', async () => {
    const u = await t.onboardedUser();
    const second = await t.request('/auth/v1/sign-in/email', { body: { email: u.email, password: u.password } });
    const otherCookie = second.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    expect((await t.call('profile-me', { cookie: otherCookie, body: {} })).status).toBe(200);
    const viewer = await t.onboardedUser();
    expect((await t.call('profile-get', { cookie: viewer.cookie, body: { handle: u.handle } })).json.access).not.toBe('private');

    const r = await t.call('account-delete-request', { cookie: u.cookie, body: { password: u.password } });
    expect(r.status).toBe(200);
    const days = (Date.parse(r.json.scheduledFor) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    // Both sessions fail on their next request.
    expect((await t.call('profile-me', { cookie: u.cookie, body: {} })).status).toBe(401);
    expect((await t.call('profile-me', { cookie: otherCookie, body: {} })).status).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, u.userId))).toHaveLength(0);
    const mail = t.mails.find((m) => m.to === u.email && m.subject.includes('will be deleted'));
    expect(mail?.text).toContain('/login');
    // Hidden from everyone meanwhile.
    expect((await t.call('profile-get', { cookie: viewer.cookie, body: { handle: u.handle } })).json.access).toBe('private');

    const back = await t.request('/auth/v1/sign-in/email', { body: { email: u.email, password: u.password } });
    expect(back.status).toBe(200);
    const cookie = back.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const [row] = await t.database.db.select().from(accountDeletions).where(eq(accountDeletions.userId, u.userId));
    expect(row?.status).toBe('cancelled');
    expect((await t.call('profile-get', { cookie: viewer.cookie, body: { handle: u.handle } })).json.access).not.toBe('private');
    // The web is told once.
    expect((await t.call('account-deletion-notice', { cookie, body: {} })).json.cancelled).toBe(true);
    expect((await t.call('account-deletion-notice', { cookie, body: {} })).json.cancelled).toBe(false);
    // The grace job finds nothing to delete.
    await t.services.accountData.runDueDeletions(new Date(Date.now() + 8 * 86_400_000));
    expect(await t.database.db.select().from(users).where(eq(users.id, u.userId))).toHaveLength(1);
  });

  it('confirms with a mailed code for an account without a password', async () => {
    const u = await t.signInByMagicLink();
    expect((await t.call('account-export-status', { cookie: u.cookie, body: {} })).json.hasPassword).toBe(false);
    expect((await t.call('account-delete-request', { cookie: u.cookie, body: { code: '000000' } })).json.error.code).toBe('confirmation_invalid');
    expect((await t.call('account-delete-code', { cookie: u.cookie, body: {} })).status).toBe(200);
    const code = t.mails.find((m) => m.to === u.email && m.subject.includes('code'))?.text.match(/\b(\d{6})\b/)?.[1];
    expect(code).toBeTruthy();
    expect((await t.call('account-delete-request', { cookie: u.cookie, body: { code } })).status).toBe(200);
    // Used once.
    const again = await t.signInByMagicLink(u.email);
    expect((await t.call('account-delete-request', { cookie: again.cookie, body: { code } })).status).toBe(400);
  });

  it('after the grace period removes content, images and marks; a comment others answered stays as "deleted user"', async () => {
    const other = await t.onboardedUser();
    const otherItem = await t.publishedItem(other.cookie, photo, 'Their piece');
    const gone = await activePerson(other, otherItem);
    // Someone answers gone's comment; gone also writes a last, unanswered one (each once the clock has
    // moved on, so their times order them).
    const clockPast = (ms: number) => vi.waitFor(() => expect(Date.now()).toBeGreaterThan(ms), { interval: 1 });
    await clockPast(Date.now());
    await t.call('comments-create', { cookie: other.cookie, body: { itemId: otherItem, body: 'Thank you!' } });
    await clockPast(Date.now());
    await t.call('comments-create', { cookie: gone.cookie, body: { itemId: otherItem, body: 'You are welcome' } });
    expect((await t.call('dm-send', { cookie: other.cookie, body: { threadId: gone.threadId, text: 'Hi back' } })).status).toBe(200);
    await t.call('account-export-request', { cookie: gone.cookie, body: {} });
    await t.services.jobs.idle(QUEUES.accountExport.name);
    const imageIds = (await t.database.db.select({ id: images.id }).from(images).where(eq(images.ownerId, gone.userId))).map((r) => r.id);
    expect(imageIds.length).toBeGreaterThan(0);
    const [exp] = await t.database.db.select().from(accountExports).where(eq(accountExports.userId, gone.userId));
    expect((await t.call('social-follow-toggle', { cookie: other.cookie, body: { targetUserId: gone.userId, following: true } })).status).toBe(200);

    expect((await t.call('account-delete-request', { cookie: gone.cookie, body: { password: gone.password } })).status).toBe(200);
    // Not yet due.
    expect(await t.services.accountData.runDueDeletions(new Date())).toBe(0);
    expect(await t.services.accountData.runDueDeletions(new Date(Date.now() + 7 * 86_400_000 + 60_000))).toBe(1);

    expect(await t.database.db.select().from(users).where(eq(users.id, gone.userId))).toHaveLength(0);
    expect(await t.database.db.select().from(items).where(eq(items.userId, gone.userId))).toHaveLength(0);
    expect(await t.database.db.select().from(images).where(eq(images.ownerId, gone.userId))).toHaveLength(0);
    const { createStorageFromEnv } = await import('../../storage/from-env');
    const storage = createStorageFromEnv(t.env);
    for (const id of imageIds) expect(await storage.get(`images/${id}/thumb.webp`)).toBeNull();
    expect(await storage.get(exp!.storageKey!)).toBeNull();
    expect(await t.database.db.select().from(dmMessages).where(eq(dmMessages.senderId, gone.userId))).toHaveLength(0);

    // The other person keeps the thread with their own message; the deleted person's are gone and nothing can be sent.
    const threads = await t.call('dm-threads-list', { cookie: other.cookie, body: {} });
    const thread = threads.json.threads.find((th: { id: string }) => th.id === gone.threadId);
    expect(thread).toMatchObject({ otherDeleted: true, canSend: false });
    const msgs = await t.call('dm-messages-list', { cookie: other.cookie, body: { threadId: gone.threadId } });
    expect(msgs.json.messages.map((m: { text: string }) => m.text)).toEqual(['Hi back']);
    expect((await t.call('dm-send', { cookie: other.cookie, body: { threadId: gone.threadId, text: 'Hello?' } })).status).toBe(403);

    // Counters of the other person stay right.
    const item = await t.call('item-get', { cookie: other.cookie, body: { itemId: otherItem } });
    expect(item.json.item?.counts ?? item.json.counts).toMatchObject({ likes: 0, saves: 0, comments: 2 });
    const [stats] = await t.database.db.select().from(profileStats).where(eq(profileStats.userId, other.userId));
    expect(stats).toMatchObject({ followersCount: 0, followingCount: 0 });

    // The answered comment stays without author and text; the unanswered one is gone.
    const list = await t.call('comments-list', { body: { itemId: otherItem } });
    const shown = list.json.comments.map((c: { body: string; deletedUser?: boolean }) => ({ body: c.body, deletedUser: c.deletedUser ?? false }));
    expect(shown).toEqual([
      { body: 'Thank you!', deletedUser: false },
      { body: '', deletedUser: true },
    ]);
    const kept = await t.database.db.select().from(comments).where(eq(comments.itemId, otherItem));
    expect(kept.some((c) => c.body.includes('lovely') || c.body.includes('welcome'))).toBe(false);
  });

  it('deleteAccountNow deletes at once (the admin path)', async () => {
    const u = await t.onboardedUser();
    await t.publishedItem(u.cookie, photo, 'Quick');
    await t.services.accountData.deleteAccountNow(u.userId);
    expect(await t.database.db.select().from(users).where(eq(users.id, u.userId))).toHaveLength(0);
    expect((await t.call('profile-me', { cookie: u.cookie, body: {} })).status).toBe(401);
  });
});
