import { expect, test, type Browser } from '@playwright/test';
import { E2E_ORIGIN, fn, PASSWORD, seedShelfItems, uniqueEmail, uniqueHandle } from './support/api';

/**
 * A guest's profile arrives rendered by the server with its data (apps/server/src/modules/pages): the
 * header and the shelf's top plank paint from the HTML, before any script; the app then takes over the
 * same elements instead of drawing the page anew, and does not ask for the profile again.
 */
const NAME = 'Ada $& Lovelace'; // `$&` would be a pattern in a string replacement: it must stay text
const BIO = 'Tin robots & space toys <since 1969>';

async function collectorWithShelf(browser: Browser) {
  const context = await browser.newContext({ baseURL: E2E_ORIGIN });
  const request = context.request;
  const res = await request.post('/auth/v1/sign-up/email', { data: { email: uniqueEmail(), password: PASSWORD, name: 'u' } });
  if (!res.ok()) throw new Error(`sign-up failed: ${res.status()}`);
  const handle = uniqueHandle('render');
  await fn(request, 'onboarding-complete', { handle, displayName: NAME, bio: BIO, public: true });
  const ids = await seedShelfItems(request, [{ title: 'Tin robot' }, { title: 'Lunar rover', photo: 'astronaut' }]);
  await context.close();
  return { handle, ids };
}

test.describe('a guest’s profile rendered by the server', () => {
  let collector: { handle: string; ids: string[] };
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    collector = await collectorWithShelf(browser);
  });

  test('shows the header and the shelf’s pictures without any script, in English and in Chinese', async ({ browser }) => {
    for (const [locale, shelfTitle, title] of [
      ['en-US', `${NAME}'s shelf`, `${NAME} (@${collector.handle}) · Curio`],
      ['zh-CN', `${NAME}的展柜`, `${NAME}（@${collector.handle}） · Curio`],
    ] as const) {
      const context = await browser.newContext({ javaScriptEnabled: false, locale });
      const page = await context.newPage();
      await page.goto(`/u/${collector.handle}`);
      await expect(page.getByTestId('profile-name')).toHaveText(NAME);
      await expect(page.getByTestId('profile-bio')).toHaveText(BIO);
      await expect(page.getByRole('heading', { level: 2, name: shelfTitle })).toBeVisible();
      const pictures = page.locator('[data-testid="public-shelf-item"] img');
      await expect(pictures).toHaveCount(2);
      for (const [index, id] of collector.ids.entries()) {
        await expect(page.locator(`[data-testid="public-shelf-cell"][data-item-id="${id}"]`)).toHaveCount(1);
        // Painted from the HTML: the picture has loaded with no script on the page.
        await expect.poll(() => pictures.nth(index).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      }
      await expect(page.locator('html')).toHaveAttribute('lang', locale === 'zh-CN' ? 'zh-CN' : 'en');
      // The page's own title and canonical address are in the HTML (for links shared and crawlers).
      await expect(page).toHaveTitle(title);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `/u/${collector.handle}`);
      await context.close();
    }
  });

  test('the app takes over the rendered elements, asks for no profile and works', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/functions/v1/profile-get')) asked.push(request.url());
    });
    // The app's entry waits until the rendered elements are marked.
    let release!: () => void;
    const marked = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await marked;
      await route.continue();
    });
    await page.goto(`/u/${collector.handle}`, { waitUntil: 'domcontentloaded' });
    await page.getByTestId('profile-name').evaluate((el) => (el.dataset.rendered = 'server'));
    await page
      .locator('[data-testid="public-shelf-item"] img')
      .first()
      .evaluate((el) => (el.dataset.rendered = 'server'));
    release();

    // Once the app has taken over, the counts open their list (a click before that does nothing).
    await expect(async () => {
      await page.getByTestId('profile-followers').click();
      await expect(page.getByTestId('follows-dialog')).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('follows-dialog')).toHaveCount(0);
    // The same elements (a page drawn anew would have new ones, without the mark).
    await expect(page.getByTestId('profile-name')).toHaveAttribute('data-rendered', 'server');
    await expect(page.locator('[data-testid="public-shelf-item"] img').first()).toHaveAttribute('data-rendered', 'server');
    await expect(page.getByTestId('profile-bio')).toHaveText(BIO);
    expect(asked, 'the profile was asked for again').toEqual([]);

    // A shelf item opens its page as a link of the app.
    await page.locator(`[data-testid="public-shelf-cell"][data-item-id="${collector.ids[0]}"] a`).click();
    await expect(page).toHaveURL(new RegExp(`/i/${collector.ids[0]}$`));
    await expect(page.getByTestId('item-title')).toHaveText('Tin robot');
    await context.close();
  });
});
