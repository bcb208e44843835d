import { eq } from 'drizzle-orm';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items, userRoles } from '../../db/schema';
import { createLogger } from '../../lib/logger';
import { createStorageFromEnv } from '../../storage/from-env';
import { pngBytes, stubGenerator } from '../../test/images';
import { createSecondApp } from '../../test/second-app';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/harness';
import { createShelfCardsService } from './shelf-card.service';

/**
 * A shelf's link preview over HTTP: the profile page's tags, the picture at its versioned address,
 * the version following what the picture shows, and never a picture of a private or hidden profile,
 * across a block, or of NSFW and hidden items.
 */
let t: TestApp;
let photo: Buffer;
type U = Awaited<ReturnType<TestApp['onboardedUser']>>;
let owner: U;
let first: Awaited<ReturnType<TestApp['publish']>>;
let second: Awaited<ReturnType<TestApp['publish']>>;

const INDEX = '<!doctype html><html><head><title>Curio</title></head><body><div id="root"></div></body></html>';

const head = async (route: string, opts: { cookie?: string; headers?: Record<string, string> } = {}) => {
  const res = await t.request(route, opts);
  expect(res.status, route).toBe(200);
  const html = await res.text();
  return html.slice(0, html.indexOf('</head>'));
};
/** The picture's address a guest's profile page names (null when it names none). */
const ogImage = async (handle: string) => /<meta property="og:image" content="([^"]+)">/.exec(await head(`/u/${handle}`))?.[1] ?? null;
const current = async (handle = owner.handle) => (await t.services.shelfCards.current(handle, null))!;
const imagePath = async (handle = owner.handle) => (await ogImage(handle))!.replace(TEST_ORIGIN, '');

beforeAll(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'curio-share-'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  t = await createTestApp({ STATIC_DIR: dir }, { generator: stubGenerator() });
  photo = await pngBytes(60, 75);
  owner = await t.onboardedUser();
  first = await t.publish(owner.cookie, photo, { title: 'Tin robot', place: true });
  second = await t.publish(owner.cookie, photo, { title: 'Space robot', place: true });
});
afterAll(() => t.close());

describe('the profile page names its shelf’s picture', () => {
  it('for a guest: OpenGraph tags with the size, type and description of the picture, and the large Twitter card', async () => {
    const { content } = await current();
    const html = await head(`/u/${owner.handle}`);
    const image = `${TEST_ORIGIN}/s/shelf/${owner.handle}/${(await current()).version}.png`;
    expect(html).toContain(`<meta property="og:image" content="${image}">`);
    expect(html).toContain('<meta property="og:image:width" content="1200">');
    expect(html).toContain('<meta property="og:image:height" content="630">');
    expect(html).toContain('<meta property="og:image:type" content="image/png">');
    expect(html).toContain('<meta property="og:image:alt" content="Test Collector&#39;s shelf on Curio: 2 items">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain(`<meta name="twitter:image" content="${image}">`);
    expect(content.cells).toHaveLength(2);
    // In the page's language.
    const zh = await head(`/u/${owner.handle}`, { headers: { 'accept-language': 'zh-CN,zh;q=0.9' } });
    expect(zh).toContain('<meta property="og:image:alt" content="Test Collector在 Curio 的展柜：2 件藏品">');
  });

  it('not for a signed-in visitor (a link preview’s crawler is a guest), nor for a handle nobody has', async () => {
    const visitor = await t.onboardedUser();
    expect(await head(`/u/${owner.handle}`, { cookie: visitor.cookie })).not.toContain('og:image');
    const res = await t.request('/u/nobody-has-this');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('og:image');
  });
});

describe('the picture', () => {
  it('is a 1200 × 630 PNG kept for good at its version’s address, rendered once and then served from the store', async () => {
    const route = await imagePath();
    const before = t.services.shelfCards.stats();
    const res = await t.request(route);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    const again = await t.request(route);
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    const after = t.services.shelfCards.stats();
    expect(after.rendered - before.rendered).toBe(1);
    expect(after.served - before.served).toBe(1);
    // A browser's copy is confirmed without the bytes.
    const etag = res.headers.get('etag')!;
    expect((await t.request(route, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('is served by a second process from the shared store without rendering it again', async () => {
    const route = await imagePath();
    const mine = Buffer.from(await (await t.request(route)).arrayBuffer());
    const other = createSecondApp(t);
    try {
      const res = await other.app.request(`${TEST_ORIGIN}${route}`);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(mine)).toBe(true);
      expect(other.services.shelfCards.stats()).toEqual({ rendered: 0, served: 1 });
    } finally {
      await other.services.functionStats.stop();
      await other.services.jobs.stop();
      await other.services.events.stop();
    }
  });

  it('of a new version asked of two processes at once comes out the same from both', async () => {
    await t.call('profile-update', { cookie: owner.cookie, body: { displayName: 'Twice Asked' } });
    const route = await imagePath();
    const other = createSecondApp(t);
    try {
      const [a, b] = await Promise.all([t.request(route), other.app.request(`${TEST_ORIGIN}${route}`)]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(Buffer.from(await a.arrayBuffer()).equals(Buffer.from(await b.arrayBuffer()))).toBe(true);
    } finally {
      await other.services.functionStats.stop();
      await other.services.jobs.stop();
      await other.services.events.stop();
      await t.call('profile-update', { cookie: owner.cookie, body: { displayName: 'Test Collector' } });
    }
  });

  it('of an older version sends the asker on to the current one; a malformed version is not found', async () => {
    const old = await imagePath();
    await t.call('shelf-move', { cookie: owner.cookie, body: { itemId: second.id, col: 4, row: 1 } });
    const now = await imagePath();
    expect(now).not.toBe(old);
    const res = await t.request(old);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(now);
    expect((await t.request(`/s/shelf/${owner.handle}/not-a-version.png`)).status).toBe(404);
    expect((await t.request(`/s/shelf/${owner.handle}/${'0'.repeat(16)}.jpg`)).status).toBe(404);
    expect((await t.request(`/s/shelf/nobody-has-this/${'0'.repeat(16)}.png`)).status).toBe(404);
  });
});

describe('the version', () => {
  it('changes with the arrangement, a chosen image, the name and an item’s NSFW or hidden state, and not otherwise', async () => {
    const versions: string[] = [(await current()).version];
    const changed = async () => {
      const { version } = await current();
      expect(versions).not.toContain(version);
      versions.push(version);
    };
    const same = async () => expect((await current()).version).toBe(versions.at(-1));

    await t.call('shelf-move', { cookie: owner.cookie, body: { itemId: second.id, col: 5, row: 2 } });
    await changed();
    const chose = await t.call('items-choose', { cookie: owner.cookie, body: { itemId: first.id, compositeId: first.variants[1]!.compositeId } });
    expect(chose.status).toBe(200);
    await changed();
    await t.call('profile-update', { cookie: owner.cookie, body: { displayName: 'Renamed Collector' } });
    await changed();
    const update = await t.call('items-update', { cookie: owner.cookie, body: { itemId: first.id, title: 'Tin robot', tags: ['robots'], nsfw: true } });
    expect(update.status).toBe(200);
    await changed();
    await t.call('items-update', { cookie: owner.cookie, body: { itemId: first.id, title: 'Tin robot', tags: ['robots'], nsfw: false } });
    // Back as it was before the mark.
    expect((await current()).version).toBe(versions.at(-2));
    versions.push(versions.at(-2)!);
    await t.database.db.update(items).set({ hidden: true, hiddenSource: 'other' }).where(eq(items.id, second.id));
    await changed();
    await t.database.db.update(items).set({ hidden: false, hiddenSource: null }).where(eq(items.id, second.id));

    // Not by what the picture does not show: a bio, a title, a like, a follow.
    const before = (await current()).version;
    versions.push(before);
    await t.call('profile-update', { cookie: owner.cookie, body: { bio: 'Robots, mostly tin.' } });
    await same();
    await t.call('items-update', { cookie: owner.cookie, body: { itemId: first.id, title: 'Retitled robot', tags: ['robots', 'tin'], nsfw: false } });
    await same();
    const fan = await t.onboardedUser();
    await t.call('social-like-toggle', { cookie: fan.cookie, body: { itemId: first.id } });
    await t.call('social-follow-toggle', { cookie: fan.cookie, body: { targetUserId: owner.userId } });
    await same();
    await t.call('profile-update', { cookie: owner.cookie, body: { displayName: 'Test Collector' } });
  });
});

describe('what is never in the picture, and whose picture never answers', () => {
  it('leaves NSFW and hidden items out of the images it composes', async () => {
    const { content } = await current();
    expect(content.cells.map((c) => c.imageId).sort()).toEqual([first.variants[1]!.imageId, second.imageId].sort());
    await t.call('items-update', { cookie: owner.cookie, body: { itemId: first.id, title: 'Tin robot', tags: ['robots'], nsfw: true } });
    await t.database.db.update(items).set({ hidden: true, hiddenSource: 'other' }).where(eq(items.id, second.id));
    try {
      const now = await current();
      expect(now.content.cells).toEqual([]);
      expect(await ogImage(owner.handle)).toContain(now.version);
      expect(await head(`/u/${owner.handle}`)).toContain('nothing on display yet');
    } finally {
      await t.call('items-update', { cookie: owner.cookie, body: { itemId: first.id, title: 'Tin robot', tags: ['robots'], nsfw: false } });
      await t.database.db.update(items).set({ hidden: false, hiddenSource: null }).where(eq(items.id, second.id));
    }
  });

  it('answers 404 for a private profile, even at the version it had, and names no picture on its page', async () => {
    const secret = await t.onboardedUser();
    await t.publish(secret.cookie, photo, { title: 'Secret robot', place: true });
    const route = await imagePath(secret.handle);
    expect((await t.request(route)).status).toBe(200);
    await t.call('profile-update', { cookie: secret.cookie, body: { public: false } });
    expect(await ogImage(secret.handle)).toBeNull();
    for (const guess of [route, `/s/shelf/${secret.handle}/${'a'.repeat(16)}.png`]) {
      const res = await t.request(guess);
      expect(res.status, guess).toBe(404);
      expect(res.headers.get('content-type')).not.toBe('image/png');
    }
    // Not even for its owner: the preview is what a guest sees.
    expect((await t.request(route, { cookie: secret.cookie })).status).toBe(404);
  });

  it('answers 404 for a profile a moderator hid', async () => {
    const muted = await t.onboardedUser();
    await t.publish(muted.cookie, photo, { title: 'Muted robot', place: true });
    const route = await imagePath(muted.handle);
    const mod = await t.onboardedUser();
    await t.database.db.insert(userRoles).values({ userId: mod.userId, role: 'moderator' });
    // Reported by someone, then hidden by a moderator, as the moderation queue does.
    const reporter = await t.onboardedUser();
    const report = await t.call('profile-report', { cookie: reporter.cookie, body: { handle: muted.handle, reason: 'spam' } });
    const hid = await t.call('mod-report-act', { cookie: mod.cookie, body: { reportId: report.json.reportId, action: 'hide', note: 'Spam account' } });
    expect(hid.status).toBe(200);
    expect(await ogImage(muted.handle)).toBeNull();
    expect((await t.request(route)).status).toBe(404);
  });

  it('answers 404 to a signed-in viewer across a block, either way, and the picture to a guest', async () => {
    const route = await imagePath();
    const blocked = await t.onboardedUser();
    const blocker = await t.onboardedUser();
    await t.call('user-block-toggle', { cookie: owner.cookie, body: { targetUserId: blocked.userId } });
    await t.call('user-block-toggle', { cookie: blocker.cookie, body: { targetUserId: owner.userId } });
    try {
      expect((await t.request(route, { cookie: blocked.cookie })).status).toBe(404);
      expect((await t.request(route, { cookie: blocker.cookie })).status).toBe(404);
      expect((await t.request(route)).status).toBe(200);
      expect((await t.request(route, { cookie: (await t.onboardedUser()).cookie })).status).toBe(200);
    } finally {
      await t.call('user-block-toggle', { cookie: owner.cookie, body: { targetUserId: blocked.userId } });
      await t.call('user-block-toggle', { cookie: blocker.cookie, body: { targetUserId: owner.userId } });
    }
  });
});

describe('the stored pictures', () => {
  it('removes the pictures of its shelf from the store (a new version already removed the older ones), and its address answers 404', async () => {
    const leaving = await t.onboardedUser();
    await t.publish(leaving.cookie, photo, { title: 'Leaving robot', place: true });
    const storage = createStorageFromEnv(t.env);
    expect((await t.request(await imagePath(leaving.handle))).status).toBe(200);
    const older = (await t.services.shelfCards.current(leaving.handle, null))!.version;
    expect(await storage.get(`share-cards/${leaving.userId}/${older}.png`)).not.toBeNull();
    await t.call('profile-update', { cookie: leaving.cookie, body: { displayName: 'Leaving Soon' } });
    const route = await imagePath(leaving.handle);
    expect((await t.request(route)).status).toBe(200);
    const { version } = (await t.services.shelfCards.current(leaving.handle, null))!;
    expect(await storage.get(`share-cards/${leaving.userId}/${older}.png`)).toBeNull();
    expect(await storage.get(`share-cards/${leaving.userId}/${version}.png`)).not.toBeNull();
    await t.services.accountData.deleteAccountNow(leaving.userId);
    expect(await storage.get(`share-cards/${leaving.userId}/${version}.png`)).toBeNull();
    expect((await t.request(route)).status).toBe(404);
  });
});

describe('the cost', () => {
  it('renders one shelf’s picture at most so often an hour, in every process together', async () => {
    const cards = createShelfCardsService(t.database.db, {
      profiles: t.services.profiles,
      images: t.services.images,
      storage: createStorageFromEnv(t.env),
      rateLimits: t.services.rateLimits,
      logger: createLogger('silent'),
      appName: 'Curio',
      rendersPerHour: 1,
    });
    const busy = await t.onboardedUser();
    await t.publish(busy.cookie, photo, { title: 'Busy robot', place: true });
    const v1 = (await cards.current(busy.handle, null))!.version;
    expect((await cards.card(busy.handle, v1, null)).kind).toBe('image');
    await t.call('profile-update', { cookie: busy.cookie, body: { displayName: 'Busy Again' } });
    const v2 = (await cards.current(busy.handle, null))!.version;
    await expect(cards.card(busy.handle, v2, null)).rejects.toMatchObject({ status: 429 });
    // What is stored is still served.
    await t.call('profile-update', { cookie: busy.cookie, body: { displayName: 'Test Collector' } });
    expect((await cards.card(busy.handle, v1, null)).kind).toBe('image');
  });
});
