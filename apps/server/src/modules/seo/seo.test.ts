import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items, profiles } from '../../db/schema';
import { pngBytes, stubGenerator } from '../../test/images';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/harness';
import { createSeoService } from './seo.service';

let t: TestApp;
let photo: Buffer;
const ids: Record<'shown' | 'hidden' | 'nsfw' | 'draft' | 'privateOwner', string> = {} as never;
let publicHandle: string;
let privateHandle: string;
let hiddenHandle: string;

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

async function sitemapUrls(): Promise<string[]> {
  const index = await t.request('/sitemap.xml');
  const urls: string[] = [];
  for (const file of locs(await index.text())) {
    const res = await t.request(file.replace(TEST_ORIGIN, ''));
    expect(res.status).toBe(200);
    urls.push(...locs(await res.text()));
  }
  return urls;
}

beforeAll(async () => {
  t = await createTestApp({}, { generator: stubGenerator() });
  photo = await pngBytes(60, 75);
  const owner = await t.onboardedUser();
  publicHandle = owner.handle;
  ids.shown = await t.publishedItem(owner.cookie, photo, 'Shown robot');
  ids.hidden = await t.publishedItem(owner.cookie, photo, 'Hidden robot');
  await t.database.db.update(items).set({ hidden: true, hiddenSource: 'other' }).where(eq(items.id, ids.hidden));
  ids.nsfw = await t.publishedItem(owner.cookie, photo, 'Adult robot');
  await t.database.db.update(items).set({ nsfw: true }).where(eq(items.id, ids.nsfw));
  ids.draft = (await t.call('items-create', { cookie: owner.cookie, body: { title: 'Draft robot', tags: '' } })).json.item.id;
  const secretive = await t.onboardedUser();
  privateHandle = secretive.handle;
  ids.privateOwner = await t.publishedItem(secretive.cookie, photo, 'Private robot');
  await t.call('settings-update', { cookie: secretive.cookie, body: { profilePublic: false } });
  // A public profile a moderator hid.
  const hiddenPerson = await t.onboardedUser();
  hiddenHandle = hiddenPerson.handle;
  await t.database.db.update(profiles).set({ hidden: true }).where(eq(profiles.userId, hiddenPerson.userId));
});
afterAll(() => t.close());

describe('robots.txt', { tags: ['postgres'] }, () => {
  it('answers plain text that allows the site, keeps crawlers out of signed-in pages and names the sitemap', async () => {
    const res = await t.request('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const body = await res.text();
    expect(body).toMatch(/^User-agent: \*$/m);
    expect(body).toMatch(/^Disallow: \/me\/$/m);
    expect(body).toMatch(/^Disallow: \/settings\/$/m);
    expect(body).toContain(`Sitemap: ${TEST_ORIGIN}/sitemap.xml`);
    expect(body).not.toContain('<html');
  });
});

describe('sitemap', { tags: ['postgres'] }, () => {
  it('is an index of XML files, cached briefly', async () => {
    const res = await t.request('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const files = locs(await res.text());
    expect(files).toEqual([`${TEST_ORIGIN}/sitemaps/pages.xml`, `${TEST_ORIGIN}/sitemaps/items-1.xml`, `${TEST_ORIGIN}/sitemaps/profiles-1.xml`]);
  });

  it('lists the site pages, public items and public profiles, and nothing a guest may not see', async () => {
    const urls = await sitemapUrls();
    expect(urls).toContain(`${TEST_ORIGIN}/`);
    expect(urls).toContain(`${TEST_ORIGIN}/explore`);
    expect(urls).toContain(`${TEST_ORIGIN}/i/${ids.shown}`);
    expect(urls).toContain(`${TEST_ORIGIN}/u/${publicHandle}`);
    for (const hidden of [ids.hidden, ids.nsfw, ids.draft, ids.privateOwner]) expect(urls).not.toContain(`${TEST_ORIGIN}/i/${hidden}`);
    expect(urls).not.toContain(`${TEST_ORIGIN}/u/${privateHandle}`);
    expect(urls).not.toContain(`${TEST_ORIGIN}/u/${hiddenHandle}`);
    // A guest is refused each left-out item the same way.
    const guest = await t.call('item-get', { body: { itemId: ids.privateOwner } });
    expect(guest.json.access).toBe('private');
  });

  it('answers the JSON 404 envelope for a file it does not have', async () => {
    for (const path of ['/sitemaps/items-2.xml', '/sitemaps/items-0.xml', '/sitemaps/other.xml']) {
      const res = await t.request(path);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
    }
  });

  it('pages a large sitemap: every public item once across the files, never a hidden one', async () => {
    const seo = createSeoService(t.database.db, { pageSize: 1, cacheSeconds: 0 });
    const pages = await seo.pages();
    expect(pages.items).toBeGreaterThanOrEqual(1);
    const all: string[] = [];
    for (let n = 1; n <= pages.items; n++) all.push(...(await seo.entries('items', n)).map((e) => e.path));
    expect(new Set(all).size).toBe(all.length);
    expect(all).toContain(`/i/${ids.shown}`);
    expect(all).not.toContain(`/i/${ids.hidden}`);
    const profiles: string[] = [];
    for (let n = 1; n <= pages.profiles; n++) profiles.push(...(await seo.entries('profiles', n)).map((e) => e.path));
    expect(profiles).toEqual(expect.arrayContaining([`/u/${publicHandle}`]));
    expect(profiles).not.toContain(`/u/${privateHandle}`);
  });
});
