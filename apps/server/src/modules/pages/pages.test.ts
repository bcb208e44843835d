import { eq } from 'drizzle-orm';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items } from '../../db/schema';
import { pngBytes, stubGenerator } from '../../test/images';
import { createTestApp, type TestApp } from '../../test/harness';
import { PAGE_IMAGE_SLOTS, PAGE_IMAGE_TOKEN, PAGE_ROOT_SLOT } from '@curio/contract';
import type { PageRenderer, ProfileRender } from './page-renderer';
import { createPagesService, pageLanguage } from './pages.service';
import { untilNextSnapshot } from '../../test/snapshot';

let t: TestApp;
let handle: string;
let owner: Awaited<ReturnType<TestApp['onboardedUser']>>;
let shown: string;
let hidden: string;
let shownImage: string;
let nsfw: string;

const INDEX = '<!doctype html><html><head><title>Curio</title></head><body><div id="root"></div></body></html>';
const PRELOADS = {
  landing: ['/assets/landing-1.js'],
  explore: ['/assets/explore-1.js'],
  item: ['/assets/item-1.js', '/assets/dialog-1.js'],
  profile: ['/assets/profile-1.js'],
};

const eventually = untilNextSnapshot;
const exploreCards = async (query: Record<string, string> = {}) =>
  ((await (await t.request('/functions/v1/explore-list', { query })).json()) as { items: { itemId: string; nsfw: boolean }[] }).items;

const head = async (route: string, status = 200) => {
  const res = await t.request(route);
  expect(res.status, route).toBe(status);
  expect(res.headers.get('cache-control')).toBe('no-cache');
  const html = await res.text();
  return html.slice(0, html.indexOf('</head>'));
};

beforeAll(async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'curio-pages-'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  writeFileSync(path.join(dir, 'page-preloads.json'), JSON.stringify(PRELOADS));
  for (const page of ['landing', 'explore', 'item']) {
    for (const lng of ['en', 'zh-CN'])
      writeFileSync(path.join(dir, `${page}.${lng}.html`), INDEX.replace('<div id="root"></div>', `<div id="root"><h1>${page} ${lng}</h1></div>`));
  }
  // The variants with the first pictures' places marked (the web build's prerender.mjs).
  for (const [page, slots] of Object.entries(PAGE_IMAGE_SLOTS)) {
    const pictures = Array.from({ length: slots }, (_, i) => `<img src="/img/${PAGE_IMAGE_TOKEN(i)}/thumb">`).join('');
    for (const lng of ['en', 'zh-CN'])
      writeFileSync(
        path.join(dir, `${page}-images.${lng}.html`),
        INDEX.replace('<div id="root"></div>', `<div id="root"><h1>${page} ${lng} pictures</h1>${pictures}</div>`),
      );
  }
  t = await createTestApp({ STATIC_DIR: dir, EXPLORE_SNAPSHOT_SECONDS: '1' }, { generator: stubGenerator() });
  owner = await t.onboardedUser();
  handle = owner.handle;
  const photo = await pngBytes(60, 75);
  shown = await t.publishedItem(owner.cookie, photo, 'Shown robot');
  hidden = await t.publishedItem(owner.cookie, photo, 'Hidden robot');
  await t.database.db.update(items).set({ hidden: true, hiddenSource: 'other' }).where(eq(items.id, hidden));
  shownImage = (await t.call('item-get', { method: 'GET', query: { itemId: shown } })).json.item.imageId;
  nsfw = await t.publishedItem(owner.cookie, photo, 'Racy robot');
  await t.database.db.update(items).set({ nsfw: true }).where(eq(items.id, nsfw));
});
afterAll(() => t.close());

describe('the HTML of the pages people arrive on', () => {
  it('names an item page’s scripts, its data and its picture (with the srcset the page uses)', async () => {
    const html = await head(`/i/${shown}`);
    expect(html).toContain(`<link rel="preload" as="fetch" crossorigin="use-credentials" href="/functions/v1/item-get?itemId=${shown}">`);
    expect(html).toContain(
      `<link rel="preload" as="image" href="/img/${shownImage}/public" imagesrcset="/img/${shownImage}/thumb 384w, /img/${shownImage}/public 1200w" imagesizes="(min-width: 1280px) 640px, (min-width: 1024px) 52vw, 100vw" fetchpriority="high">`,
    );
    // A guest is answered the pre-rendered skeleton, which paints first and then fetches the scripts it names.
    expect(html).toContain('<meta name="curio-preload" content="/assets/item-1.js /assets/dialog-1.js">');
    expect(html).not.toContain('rel="modulepreload"');
  });

  it('names no picture a guest may not see, and nothing for an address that is no item', async () => {
    const html = await head(`/i/${hidden}`, 410);
    expect(html).not.toContain('as="image"');
    const junk = await head('/i/not-an-id', 404);
    expect(junk).not.toContain('as="fetch"');
    expect(junk).toContain('/assets/item-1.js');
  });

  it('names the first explore card’s picture and a profile’s data', async () => {
    const explore = await eventually(async () => {
      const html = await head('/explore'); // once a snapshot holds the items
      expect(html).toMatch(/<link rel="preload" as="image"/);
      return html;
    });
    expect(explore).toMatch(
      /<link rel="preload" as="image" href="\/img\/[^/"]+\/public" imagesrcset="[^"]+ 384w, [^"]+ 1200w" imagesizes="[^"]*50vw" fetchpriority="high">/,
    );
    expect(explore).toContain('/assets/explore-1.js');
    const profile = await head(`/u/${handle}`);
    expect(profile).toContain(`href="/functions/v1/profile-get?handle=${handle}"`);
    expect(profile).toContain('/assets/profile-1.js');
    expect(await head('/')).toContain('<meta name="curio-preload" content="/assets/landing-1.js">');
  });

  it('names the first pictures of a profile’s top plank that a guest may see, and none of a private profile', async () => {
    // The NSFW item first (left), then the hidden one and the shown one.
    for (const itemId of [nsfw, hidden, shown]) await t.call('items-place', { cookie: owner.cookie, body: { itemId } });
    const shelf = (await t.call('profile-get', { method: 'GET', query: { handle } })).json.shelf as {
      placed: { imageId: string; row: number; col: number; nsfw: boolean; id: string }[];
    };
    const top = shelf.placed.filter((p) => p.row === 0).sort((a, b) => a.col - b.col);
    expect(top.length).toBeGreaterThan(0);
    const html = await head(`/u/${handle}`);
    const preloaded = [...html.matchAll(/<link rel="preload" as="image" href="\/img\/([^/"]+)\/thumb" fetchpriority="high">/g)].map((m) => m[1]);
    expect(preloaded).toEqual(
      top
        .filter((p) => !p.nsfw)
        .slice(0, 2)
        .map((p) => p.imageId),
    );
    expect(preloaded).toContain(shownImage);
    // The hidden and the NSFW items are never named.
    const nsfwImage = shelf.placed.find((p) => p.id === nsfw)?.imageId;
    if (nsfwImage) expect(html).not.toContain(nsfwImage);
    expect(shelf.placed.some((p) => p.id === hidden)).toBe(false);
    // The same address in capitals finds the same profile.
    expect(await head(`/u/${handle.toUpperCase()}`)).toContain(`/img/${preloaded[0]}/thumb`);
    const secret = await t.onboardedUser();
    await t.publishedItem(secret.cookie, await pngBytes(60, 75), 'Secret robot');
    await t.call('profile-update', { cookie: secret.cookie, body: { public: false } });
    expect(await head(`/u/${secret.handle}`)).not.toContain('as="image"');
  });

  it('answers / with the landing page pre-rendered in the language the app will show', async () => {
    const landing = async (headers: Record<string, string>) => {
      const res = await t.request('/', { headers });
      expect(res.headers.get('vary')).toContain('Cookie');
      return /<h1>([^<]+)<\/h1>/.exec(await res.text())?.[1];
    };
    expect(await landing({})).toBe('landing en');
    expect(await landing({ 'accept-language': 'zh-TW,zh;q=0.9,en;q=0.8' })).toBe('landing zh-CN');
    expect(await landing({ 'accept-language': 'zh-CN', cookie: 'curio_lang=en' })).toBe('landing en');
    expect(await landing({ cookie: 'other=1; curio_lang=zh-CN' })).toBe('landing zh-CN');
    expect(await landing({ cookie: 'curio.session_token=abc.def' })).toBe('landing en');
  });

  it('answers a guest a page’s pre-rendered skeleton in their language, with its head tags, and a signed-in collector the plain page', async () => {
    const page = async (route: string, headers: Record<string, string> = {}) => {
      const res = await t.request(route, { headers });
      expect(res.headers.get('vary')).toBe('Cookie, Accept-Language');
      const html = await res.text();
      return { h1: /<h1>([^<]+)<\/h1>/.exec(html)?.[1] ?? null, html };
    };
    expect((await page('/explore')).h1).toBe('explore en');
    const item = await page(`/i/${shown}`, { 'accept-language': 'zh-CN' });
    expect(item.h1).toBe('item zh-CN pictures');
    expect(item.html).toContain(`href="/functions/v1/item-get?itemId=${shown}"`);
    expect(item.html).toContain('<meta name="curio-preload" content="/assets/item-1.js /assets/dialog-1.js">'); // the skeleton paints first
    const signedIn = await page(`/i/${shown}`, { cookie: 'curio.session_token=abc.def' });
    expect(signedIn.h1).toBeNull();
    expect(signedIn.html).toContain(`href="/functions/v1/item-get?itemId=${shown}"`);
    expect(signedIn.html).toContain('<link rel="modulepreload" crossorigin href="/assets/item-1.js">');
    // Not pre-rendered (this build has no profile skeleton): the plain page.
    expect((await page(`/u/${handle}`)).h1).toBeNull();
  });

  it('tells the app that a request carried no session, on every page, and says nothing when it carried one', async () => {
    const guestMeta = '<meta name="curio-guest" content="">';
    for (const route of ['/', '/explore', `/i/${shown}`, `/u/${handle}`]) {
      expect(await head(route), route).toContain(guestMeta);
      const res = await t.request(route, { headers: { cookie: 'curio.session_token=abc.def' } });
      expect(await res.text(), route).not.toContain('curio-guest');
    }
    // Another site's cookie is no session.
    expect(await (await t.request('/explore', { headers: { cookie: 'other=1; curio_lang=en' } })).text()).toContain(guestMeta);
  });

  it('answers a guest an item page with its picture in place, named for the page’s first render', async () => {
    const res = await t.request(`/i/${shown}?from=share`);
    const html = await res.text();
    expect(/<h1>([^<]+)<\/h1>/.exec(html)?.[1]).toBe('item en pictures');
    expect(html).toContain(`<img src="/img/${shownImage}/thumb">`);
    expect(html).not.toContain('__CURIO_IMAGE_');
    expect(html).toContain(`<meta name="curio-page-images" content="${shownImage}" data-path="/i/${shown}?from=share">`);
    // An NSFW picture stays out of the HTML (the page shows it blurred, behind its gate); a signed-in
    // collector gets the plain page; a hidden item has no picture to show.
    for (const [route, headers] of [
      [`/i/${nsfw}`, {}],
      [`/i/${shown}`, { cookie: 'curio.session_token=abc.def' }],
      [`/i/${hidden}`, {}],
    ] as const) {
      const other = await (await t.request(route, { headers })).text();
      expect(other, route).not.toContain('pictures');
      expect(other, route).not.toContain('curio-page-images');
    }
  });

  it('answers a guest explore with its first cards’ pictures in place once there are enough, for the default filters only', async () => {
    // Wait for a snapshot that holds the items above, the NSFW one with its mark.
    await eventually(async () => {
      expect((await exploreCards({ includeNSFW: 'true' })).find((c) => c.itemId === nsfw)).toMatchObject({ nsfw: true });
      expect((await exploreCards()).map((c) => c.itemId)).toEqual([shown]);
    });
    // One item a guest may see (the others are hidden or NSFW): fewer than the four places, so the plain skeleton.
    expect(await (await t.request('/explore')).text()).not.toContain('curio-page-images');
    const owner = await t.onboardedUser();
    const photo = await pngBytes(60, 75);
    for (const title of ['Second robot', 'Third robot', 'Fourth robot']) await t.publishedItem(owner.cookie, photo, title);
    // The next snapshot holds the three new items.
    const { html, images } = await eventually(async () => {
      const html = await (await t.request('/explore')).text();
      const images = /<meta name="curio-page-images" content="([^"]+)" data-path="\/explore">/.exec(html)?.[1]?.split(' ');
      expect(images).toHaveLength(4);
      return { html, images };
    });
    expect(images).toContain(shownImage);
    for (const id of images!) expect(html).toContain(`<img src="/img/${id}/thumb">`);
    expect(html).toContain(`as="image" href="/img/${images![0]}/public"`);
    const filtered = await (await t.request('/explore?tag=robots')).text();
    expect(filtered).not.toContain('curio-page-images');
    expect(/<h1>([^<]+)<\/h1>/.exec(filtered)?.[1]).toBe('explore en');
  });

  it('answers 404 for an item or a handle nobody has, 410 for a removed item and 451 for a DMCA takedown, with the same pages', async () => {
    const takenDown = await t.publishedItem(owner.cookie, await pngBytes(60, 75), 'Taken down robot');
    await t.database.db.update(items).set({ hidden: true, hiddenSource: 'dmca' }).where(eq(items.id, takenDown));
    const cases: [string, number][] = [
      [`/i/${shown}`, 200],
      [`/u/${handle}`, 200],
      [`/i/${hidden}`, 410],
      [`/i/${takenDown}`, 451],
      ['/i/00000000-0000-4000-8000-000000000000', 404],
      ['/i/not-an-id', 404],
      ['/u/nobody-has-this', 404],
      ['/u/not a handle!', 404],
    ];
    for (const [route, status] of cases) {
      for (const headers of [{}, { cookie: 'curio.session_token=abc.def' }] as Record<string, string>[]) {
        const res = await t.request(route, { headers });
        expect(res.status, route).toBe(status);
        expect(res.headers.get('content-type'), route).toContain('text/html');
        // The app's page, which says what became of the item or that there is no such page.
        expect(await res.text(), route).toContain('<div id="root">');
      }
    }
    // A guest's item page is answered the same skeleton, whatever its status.
    expect(/<h1>([^<]+)<\/h1>/.exec(await (await t.request(`/i/${takenDown}`)).text())?.[1]).toBe('item en');
  });

  it('leaves other pages’ HTML as it is', async () => {
    const res = await t.request('/login');
    expect(await res.text()).toBe(INDEX);
  });
});

describe('pageLanguage', () => {
  it('follows the saved choice, then the browser’s first language, and falls back to English', () => {
    expect(pageLanguage('zh-CN', 'en-US')).toBe('zh-CN');
    expect(pageLanguage('fr', 'zh-HK, en')).toBe('zh-CN');
    expect(pageLanguage(undefined, 'en;q=0.5, zh-CN;q=0.9')).toBe('zh-CN');
    expect(pageLanguage(undefined, 'fr-FR, zh;q=0.5')).toBe('en');
    expect(pageLanguage(undefined, undefined)).toBe('en');
  });
});

describe('a guest’s profile rendered with its data', () => {
  const shelfItem = (col: number, row: number, nsfw = false) => ({
    id: `i${col}${row}`,
    title: 'Robot',
    imageId: `img${col}${row}`,
    altText: null,
    nsfw,
    col,
    row,
  });
  const visible = {
    access: 'visible' as const,
    profile: { userId: 'u1', handle: 'ada', displayName: 'Ada', avatarImageId: null, bio: null, public: true, followersCount: 3, followingCount: 1 },
    viewer: { signedIn: false, isOwner: false, following: false, followsYou: false, blocking: false, canMessage: false },
    shelf: { layout: { cols: 3, rows: 2 }, placed: [shelfItem(1, 0), shelfItem(0, 0, true), shelfItem(2, 0), shelfItem(0, 1)], overflow: [] },
  };
  function service(options: { profile?: unknown; rendered?: { html: string; data: string } | null; shell?: boolean } = {}) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'curio-pages-render-'));
    writeFileSync(path.join(dir, 'index.html'), INDEX);
    writeFileSync(path.join(dir, 'page-preloads.json'), JSON.stringify(PRELOADS));
    for (const lng of ['en', 'zh-CN']) {
      writeFileSync(path.join(dir, `profile.${lng}.html`), INDEX.replace('<div id="root"></div>', `<div id="root"><h1>profile ${lng}</h1></div>`));
      if (options.shell !== false) {
        const shell = INDEX.replace('<html>', `<html lang="${lng}">`)
          .replace('</title>', '</title><meta name="description" content="A display shelf." />')
          .replace('<div id="root"></div>', `<div id="root">${PAGE_ROOT_SLOT}</div>`);
        writeFileSync(path.join(dir, `shell.${lng}.html`), shell);
      }
    }
    const asked: ProfileRender[] = [];
    const renderer: PageRenderer = {
      async profile(request) {
        asked.push(request);
        const meta = { title: 'Ada <3 (@ada) · Curio', description: 'Ada\'s "shelf" $&', canonical: '/u/ada' };
        return options.rendered === undefined
          ? { html: '<h1>Ada $& $1 rendered</h1>', data: '<script type="application/json" id="curio-page-data">[]</script>', meta }
          : options.rendered;
      },
      explore: async () => null,
      item: async () => null,
      close: async () => undefined,
    };
    const pages = createPagesService({
      staticDir: dir,
      exploreImages: async () => [],
      guestItem: async () => ({ image: null, status: 200 }),
      guestProfile: async () => (options.profile === undefined ? visible : (options.profile as typeof visible | null)),
      renderer,
    });
    return { pages, asked };
  }

  it('puts the render in #root, its data before </body>, and names the top plank’s pictures but no data to fetch', async () => {
    const { pages, asked } = service();
    const html = await pages.html('profile', { param: 'Ada', path: '/u/Ada', search: '?from=share', lng: 'zh-CN' });
    expect(asked).toEqual([{ path: '/u/Ada?from=share', handle: 'Ada', lng: 'zh-CN', profile: visible }]);
    // `$&` and `$1` in the page are text, not replacement patterns.
    expect(html).toContain('<div id="root"><h1>Ada $& $1 rendered</h1></div>');
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).toMatch(/<script type="application\/json" id="curio-page-data">\[\]<\/script>\n<\/body>/);
    expect(html).not.toContain('as="fetch"');
    // The top plank left to right, the NSFW item left out; the route's scripts start after the first paint.
    const preloaded = [...html.matchAll(/<link rel="preload" as="image" href="\/img\/([^/"]+)\/thumb" fetchpriority="high">/g)].map((m) => m[1]);
    expect(preloaded).toEqual(['img10', 'img20']);
    expect(html).toContain('<meta name="curio-preload" content="/assets/profile-1.js">');
    // The page's title, description and canonical link as its render named them, escaped.
    expect(html).toContain('<title>Ada &lt;3 (@ada) · Curio</title>');
    expect(html).toContain('<meta name="description" content="Ada&#39;s &quot;shelf&quot; $&amp;" />');
    expect(html).not.toContain('A display shelf.');
    expect(html).toContain('<link rel="canonical" href="/u/ada">');
    expect(html).toContain('<meta name="curio-guest" content="">');
  });

  it('answers the skeleton to a signed-in visitor, for a private profile or none, without a shell, and when the render fails', async () => {
    const signedIn = service();
    expect(await signedIn.pages.html('profile', { param: 'ada', lng: 'en', signedIn: true })).not.toContain('rendered');
    expect(signedIn.asked).toEqual([]);
    for (const options of [{ profile: { access: 'private', handle: 'ada' } }, { profile: null }, { shell: false }, { rendered: null }]) {
      const { pages } = service(options);
      const html = await pages.html('profile', { param: 'ada', lng: 'en' });
      expect(html, JSON.stringify(options)).toContain('<h1>profile en</h1>');
      expect(html).toContain('href="/functions/v1/profile-get?handle=ada"');
    }
  });
});
