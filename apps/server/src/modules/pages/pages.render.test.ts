import { eq } from 'drizzle-orm';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_ROOT_SLOT, type FunctionName, type FunctionOutput } from '@curio/contract';
import { items } from '../../db/schema';
import { pngBytes, stubGenerator } from '../../test/images';
import { createTestApp, type TestApp } from '../../test/harness';
import { untilNextSnapshot } from '../../test/snapshot';
import type { ExploreRender, ItemRender, PageRenderer, ProfileRender } from './page-renderer';
import { appPagesRouter } from './pages.routes';

/*
 * A guest's explore and item pages rendered with their data, over the app's own services: the renderer (the web
 * app's worker in production) is a stand-in that writes what it was given, so these tests see which pages are
 * rendered, from which data, and what reaches the HTML.
 */

const INDEX = '<!doctype html><html><head><title>Curio</title></head><body><div id="root"></div></body></html>';

let t: TestApp;
let owner: Awaited<ReturnType<TestApp['onboardedUser']>>;
let shown: string;
let hidden: string;
let nsfw: string;
let secret: string;
const asked: { explore: ExploreRender[]; item: ItemRender[]; profile: ProfileRender[] } = { explore: [], item: [], profile: [] };
let failRenders = false;

const renderer: PageRenderer = {
  async profile(request) {
    asked.profile.push(request);
    return null;
  },
  async explore(request) {
    asked.explore.push(request);
    if (failRenders) return null;
    const titles = request.page.items.map((card) => `<li>${card.title}</li>`).join('');
    return {
      html: `<h1>Explore ${request.lng}</h1><ul>${titles}</ul>`,
      data: `<script id="curio-page-data">${JSON.stringify(request.page)}</script>`,
      meta: null,
    };
  },
  async item(request) {
    asked.item.push(request);
    if (failRenders) return null;
    const title = request.item.access === 'visible' ? request.item.item.title : request.item.access;
    return {
      html: `<h1>${title} ${request.lng} ${request.path}</h1>`,
      data: `<script id="curio-page-data">${JSON.stringify(request.item)}</script>`,
      meta: { title: `${title} · Curio`, description: 'An item', canonical: `/i/${request.itemId}` },
    };
  },
  close: async () => undefined,
};

let router: ReturnType<typeof appPagesRouter>;
const get = async (route: string, headers: Record<string, string> = {}) => {
  const res = await router.request(route, { headers });
  return { status: res.status, html: await res.text() };
};
const guestAnswer = async (fn: FunctionName, query: Record<string, string>) => (await t.call(fn, { method: 'GET', query })).json as unknown;

beforeAll(async () => {
  t = await createTestApp({ EXPLORE_SNAPSHOT_SECONDS: '1' }, { generator: stubGenerator() });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'curio-pages-rendered-'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  writeFileSync(path.join(dir, 'page-preloads.json'), JSON.stringify({ explore: ['/assets/explore-1.js'], item: ['/assets/item-1.js'] }));
  for (const lng of ['en', 'zh-CN']) {
    for (const page of ['explore', 'item'])
      writeFileSync(path.join(dir, `${page}.${lng}.html`), INDEX.replace('<div id="root"></div>', `<div id="root"><p>${page} skeleton</p></div>`));
    writeFileSync(
      path.join(dir, `shell.${lng}.html`),
      INDEX.replace('<html>', `<html lang="${lng}">`).replace('<div id="root"></div>', `<div id="root">${PAGE_ROOT_SLOT}</div>`),
    );
  }
  router = appPagesRouter(t.services, dir, renderer);

  owner = await t.onboardedUser();
  const photo = await pngBytes(60, 75);
  shown = await t.publishedItem(owner.cookie, photo, 'Shown robot');
  hidden = await t.publishedItem(owner.cookie, photo, 'Hidden robot');
  await t.database.db.update(items).set({ hidden: true, hiddenSource: 'other' }).where(eq(items.id, hidden));
  nsfw = await t.publishedItem(owner.cookie, photo, 'Racy robot');
  await t.database.db.update(items).set({ nsfw: true }).where(eq(items.id, nsfw));
  const recluse = await t.onboardedUser();
  secret = await t.publishedItem(recluse.cookie, photo, 'Secret robot');
  expect((await t.call('profile-update', { cookie: recluse.cookie, body: { public: false } })).status).toBe(200);
});
afterAll(() => t.close());

describe('a guest’s explore rendered with its data', () => {
  it('renders the default view from the first page a guest’s browser would fetch, NSFW and hidden items left out', async () => {
    const first = await untilNextSnapshot(async () => {
      asked.explore.length = 0;
      const { status, html } = await get('/explore', { 'accept-language': 'zh-CN,zh;q=0.9' });
      expect(status).toBe(200);
      expect(html).toContain('<li>Shown robot</li>');
      return { html, request: asked.explore[0]! };
    });
    expect(first.request).toMatchObject({ path: '/explore', lng: 'zh-CN' });
    // The very answer explore-list gives a guest for the default filters, first page.
    const fetched = (await guestAnswer('explore-list', {
      sort: 'trending',
      timeRange: '7d',
      includeNSFW: 'false',
      page: '0',
      pageSize: '30',
    })) as FunctionOutput<'explore-list'>;
    expect(first.request.page).toEqual(fetched);
    const ids = first.request.page.items.map((card) => card.itemId);
    expect(ids).toContain(shown);
    for (const id of [hidden, nsfw, secret]) expect(ids).not.toContain(id);
    for (const title of ['Racy robot', 'Hidden robot', 'Secret robot']) expect(first.html).not.toContain(title);
    // In the shell, in the guest's language, with its data before </body>; the first card's picture named,
    // no data to fetch, the route's scripts after the first paint; the app starts signed out.
    expect(first.html).toContain('<html lang="zh-CN">');
    expect(first.html).toContain('<div id="root"><h1>Explore zh-CN</h1>');
    expect(first.html).toMatch(/<script id="curio-page-data">.*<\/script>\n<\/body>/);
    expect(first.html).toMatch(/<link rel="preload" as="image" href="\/img\/[^/"]+\/public"/);
    expect(first.html).not.toContain('as="fetch"');
    expect(first.html).toContain('<meta name="curio-preload" content="/assets/explore-1.js">');
    expect(first.html).toContain('<meta name="curio-guest" content="">');
    expect(first.html).not.toContain('curio-page-images');
  });

  it('renders once per language while the snapshot’s page is the same, and not for NSFW, a refused filter or a signed-in visitor', async () => {
    await untilNextSnapshot(async () => {
      asked.explore.length = 0;
      const pages = [await get('/explore'), await get('/explore'), await get('/explore', { 'accept-language': 'zh-CN' }), await get('/explore')];
      for (const { html } of pages) expect(html).toContain('<li>Shown robot</li>');
      // The same snapshot window throughout (a new window renders anew, which this retries).
      expect(asked.explore.map((r) => r.lng)).toEqual(['en', 'zh-CN']);
    });
    asked.explore.length = 0;
    for (const route of ['/explore?nsfw=true', `/explore?maker=${'x'.repeat(81)}`]) expect((await get(route)).html, route).toContain('explore skeleton');
    // A signed-in visitor gets the plain page, which the app draws with the visitor's own view.
    const signedIn = (await get('/explore', { cookie: 'curio.session_token=abc.def' })).html;
    expect(signedIn).toContain('<div id="root"></div>');
    expect(signedIn).not.toContain('curio-page-data');
    expect(asked.explore).toEqual([]);
  });
});

describe('a guest’s filtered explore rendered from its address', () => {
  it('renders a shared ?maker= link from the page explore-list gives a guest for those filters', async () => {
    const photo = await pngBytes(60, 75);
    const rx = await t.publishedItem(owner.cookie, photo, 'Bandai robot');
    const r = await t.call('items-update', {
      cookie: owner.cookie,
      body: { itemId: rx, title: 'Bandai robot', tags: 'robots', nsfw: false, facts: { maker: 'Bandai' } },
    });
    expect(r.status).toBe(200);
    const route = '/explore?sort=new&maker=%20bandai%20&utm_source=share';
    // Rendered and fetched within one snapshot window (a new window between them is retried).
    const first = await untilNextSnapshot(async () => {
      asked.explore.length = 0;
      const { status, html } = await get(route);
      const fetched = await guestAnswer('explore-list', { sort: 'new', timeRange: '7d', includeNSFW: 'false', maker: 'bandai', page: '0', pageSize: '30' });
      expect(status).toBe(200);
      expect(html).toContain('<li>Bandai robot</li>');
      expect(asked.explore[0]!.page).toEqual(fetched);
      return { html, request: asked.explore[0]! };
    });
    expect(first.request.path).toBe(route);
    expect(first.request.page.items.map((c) => c.itemId)).toEqual([rx]);
    expect(first.html).not.toContain('Shown robot');
    expect(first.html).not.toContain('curio-page-images');
  });
});

describe('a guest’s item page rendered with its data', () => {
  it('renders an item a guest may see from the answer item-get gives a guest, with its title and canonical link', async () => {
    asked.item.length = 0;
    const { status, html } = await get(`/i/${shown}?from=share`);
    expect(status).toBe(200);
    expect(asked.item).toHaveLength(1);
    expect(asked.item[0]).toMatchObject({ path: `/i/${shown}?from=share`, itemId: shown, lng: 'en' });
    expect(asked.item[0]!.item).toEqual(await guestAnswer('item-get', { itemId: shown }));
    expect(html).toContain(`<div id="root"><h1>Shown robot en /i/${shown}?from=share</h1></div>`);
    expect(html).toContain('<title>Shown robot · Curio</title>');
    expect(html).toContain(`<link rel="canonical" href="/i/${shown}">`);
    expect(html).toMatch(/<link rel="preload" as="image" href="\/img\/[^/"]+\/public"/);
    expect(html).not.toContain('as="fetch"');
    expect(html).toContain('<meta name="curio-guest" content="">');
    // The guest's answer: no viewer's state, no notes.
    expect(asked.item[0]!.item).toMatchObject({ viewer: { signedIn: false, isOwner: false, liked: false, saved: false } });
    expect(JSON.stringify(asked.item[0]!.item)).not.toContain('notes');
  });

  it('renders an item once while its page is the same, and anew when it changed', async () => {
    asked.item.length = 0;
    await get(`/i/${shown}`);
    await get(`/i/${shown}`);
    expect(asked.item).toHaveLength(1);
    expect((await t.call('items-update', { cookie: owner.cookie, body: { itemId: shown, title: 'Renamed robot', tags: 'robots', nsfw: false } })).status).toBe(
      200,
    );
    const { html } = await get(`/i/${shown}`);
    expect(html).toContain('Renamed robot');
    expect(asked.item).toHaveLength(2);
  });

  it('renders no hidden, NSFW or private profile’s item, nor any item for a signed-in visitor: the skeleton, as before', async () => {
    asked.item.length = 0;
    for (const [route, status, headers] of [
      [`/i/${hidden}`, 410, {}],
      [`/i/${nsfw}`, 200, {}],
      [`/i/${secret}`, 200, {}],
      [`/i/${shown}`, 200, { cookie: 'curio.session_token=abc.def' }],
      ['/i/00000000-0000-4000-8000-000000000000', 404, {}],
    ] as const) {
      const res = await get(route, headers);
      expect(res.status, route).toBe(status);
      for (const title of ['Hidden robot', 'Racy robot', 'Secret robot', 'curio-page-data']) expect(res.html, route).not.toContain(title);
    }
    expect(asked.item).toEqual([]);
  });

  it('answers the skeleton when the render fails, and renders again with the next request', async () => {
    const fresh = await t.publishedItem(owner.cookie, await pngBytes(60, 75), 'Fresh robot');
    failRenders = true;
    try {
      expect((await get(`/i/${fresh}`)).html).toContain('item skeleton');
    } finally {
      failRenders = false;
    }
    expect((await get(`/i/${fresh}`)).html).toContain('Fresh robot');
  });
});
