import { expect, test, type Browser, type ConsoleMessage, type Page } from '@playwright/test';
import { E2E_ORIGIN, fn, PASSWORD, seedShelfItems, uniqueEmail, uniqueHandle } from './support/api';

/**
 * The pages a guest arrives on come as HTML rendered outside the browser (the landing page at build time;
 * a profile, explore and an item page per request, with their data), and the app takes them over
 * (hydration). Its first render must be the HTML: any difference is reported in the console
 * (src/lib/hydration-report.ts; a development build of React also names differing attributes), and
 * fails here, in English and in Chinese.
 */

/** What React (and the app's report) says when the first render differs from the HTML. */
const HYDRATION = /hydrat|did not match|didn't match|Minified React error #(418|419|421|422|423|425)\b|server rendered (HTML|text)/i;

async function collectorWithItems(browser: Browser) {
  const context = await browser.newContext({ baseURL: E2E_ORIGIN });
  const request = context.request;
  const res = await request.post('/auth/v1/sign-up/email', { data: { email: uniqueEmail(), password: PASSWORD, name: 'u' } });
  if (!res.ok()) throw new Error(`sign-up failed: ${res.status()}`);
  const handle = uniqueHandle('hydrate');
  await fn(request, 'onboarding-complete', { handle, displayName: 'Grace Hopper', bio: 'Compilers & cabinets', public: true });
  const [plain, nsfw] = await seedShelfItems(request, [
    { title: 'Brass compass', tags: 'nautical, brass' },
    { title: 'Pin-up tin sign', nsfw: true, photo: 'astronaut' },
  ]);
  // Explore lists them from its next snapshot window (1 s on the test server).
  await expect
    .poll(
      async () =>
        ((await (await request.get('/functions/v1/explore-list?sort=trending&timeRange=7d&pageSize=30')).json()) as { items: unknown[] }).items.length,
      {
        message: 'explore lists items',
        timeout: 10_000,
      },
    )
    .toBeGreaterThan(0);
  await context.close();
  return { handle, plain: plain!, nsfw: nsfw! };
}

/** Console messages and page errors that speak of a hydration mismatch, from now on. */
function watchHydration(page: Page) {
  const seen: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if ((message.type() === 'error' || message.type() === 'warning') && HYDRATION.test(message.text())) seen.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => {
    if (HYDRATION.test(error.message)) seen.push(`pageerror: ${error.message}`);
  });
  return seen;
}

/** Waits until the app has taken the page over: the header's language menu replaces its placeholder once hydration is done. */
async function hydrated(page: Page) {
  await expect(page.locator('header').getByRole('button', { name: /English|中文/ })).toBeVisible({ timeout: 20_000 });
  // Whatever renders after the take-over (deferred parts, queries answered from the cache) has its turn.
  await page.waitForLoadState('networkidle');
}

test.describe('server-rendered pages hydrate without mismatches', () => {
  let collector: { handle: string; plain: string; nsfw: string };
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    collector = await collectorWithItems(browser);
  });

  test('a page whose HTML differs from the first render is reported (the check sees a mismatch)', async ({ page }) => {
    const seen = watchHydration(page);
    // The item's title changed in the HTML on its way: the app's first render has the one from its data.
    await page.route(`**/i/${collector.plain}`, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace('>Brass compass</h1>', '>Brass compasses</h1>');
      await route.fulfill({ response, body: html });
    });
    await page.goto(`/i/${collector.plain}`);
    await expect.poll(() => seen.length, { timeout: 20_000 }).toBeGreaterThan(0);
    await expect(page.getByTestId('item-title')).toHaveText('Brass compass');
  });

  test('a page rendered in another language than the visitor chose is drawn anew in theirs, not reported', async ({ browser }) => {
    // Chinese chosen in this browser, its cookie gone: the server sees only Accept-Language (English).
    const context = await browser.newContext({ locale: 'en-US' });
    await context.addInitScript(() => window.localStorage.setItem('curio.lang', 'zh-CN'));
    const page = await context.newPage();
    const seen = watchHydration(page);
    const html = await (await page.request.get(`/i/${collector.plain}`)).text();
    expect(html).toContain('<html lang="en">');
    await page.goto(`/i/${collector.plain}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByTestId('item-share')).toHaveText('分享');
    await hydrated(page);
    expect(seen).toEqual([]);
    await context.close();
  });

  for (const locale of ['en-US', 'zh-CN'] as const) {
    test(`a guest's landing page, profile, explore and item pages (${locale})`, async ({ browser }) => {
      test.setTimeout(120_000);
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      const seen = watchHydration(page);
      const asked: string[] = [];
      page.on('request', (request) => {
        const fn = /\/functions\/v1\/([\w-]+)/.exec(request.url())?.[1];
        if (fn) asked.push(fn);
      });
      // `data`: the server renders the page with the answer of this function, which the app then does not
      // ask again (an NSFW item's page arrives as its skeleton and asks for it).
      const pages = [
        { path: '/', rendered: page.locator('#hero-title'), data: null },
        { path: `/u/${collector.handle}`, rendered: page.getByTestId('profile-name'), data: 'profile-get' },
        { path: '/explore', rendered: page.getByTestId('explore-card').first(), data: 'explore-list' },
        { path: `/i/${collector.plain}`, rendered: page.getByTestId('item-title'), data: 'item-get' },
        { path: `/i/${collector.nsfw}`, rendered: page.getByTestId('item-title'), data: null },
      ];
      for (const { path, rendered, data } of pages) {
        const html = await (await page.request.get(path)).text();
        expect(html.includes('id="curio-page-data"'), `${path} rendered with its data`).toBe(data !== null);
        asked.length = 0;
        await page.goto(path);
        await hydrated(page);
        await expect(rendered).toBeVisible();
        expect(seen, `hydrating ${path} (${locale})`).toEqual([]);
        if (data) expect(asked, `${path} asks for no ${data}`).not.toContain(data);
      }
      await context.close();
    });
  }
});
