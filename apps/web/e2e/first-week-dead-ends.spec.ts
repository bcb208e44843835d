import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { onboardedUserInPage, ORIGIN_HEADER, uniqueEmail } from './support/api';

const NOT_FOUND = 'This spot on the shelf is empty';

/** A sign-in link for a new address, taken from /dev/outbox and already used once. */
async function usedMagicLink(request: APIRequestContext): Promise<string> {
  const email = uniqueEmail('link');
  const sent = await request.post('/auth/v1/sign-in/magic-link', { data: { email, callbackURL: '/' }, headers: ORIGIN_HEADER });
  expect(sent.ok()).toBe(true);
  const outbox = await (await request.get('/dev/outbox')).text();
  const mail = outbox.split('<article>').find((a) => a.includes(`to ${email} `));
  const href = mail?.match(/href="([^"]*\/auth\/v1\/magic-link\/verify[^"]*)"/)?.[1]?.replaceAll('&amp;', '&');
  expect(href, 'a sign-in link in the outbox').toBeTruthy();
  expect((await request.get(href!, { maxRedirects: 0 })).status()).toBe(302);
  return href!;
}

async function expectNoHorizontalScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll).toBeLessThanOrEqual(width);
}

test('a used sign-in link says so on the landing page and leads to a new one', async ({ page, request }) => {
  // Used elsewhere (another browser): this one is still a guest.
  const href = await usedMagicLink(request);
  await page.goto(href);
  await expect(page).toHaveURL(/\/\?error=INVALID_TOKEN$/);
  const alert = page.getByTestId('used-link');
  await expect(alert).toHaveText(/This sign-in link has expired or was already used\./);
  await alert.getByRole('link', { name: 'Get a new link' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in with a magic link' })).toBeVisible();
});

test('on a 390 px phone in Chinese the used-link message fits the window', async ({ browser, request }) => {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const href = await usedMagicLink(request);
  await page.goto(href);
  const alert = page.getByTestId('used-link');
  await expect(alert).toHaveText(/此登录链接已过期或已被使用。/);
  await expect(alert.getByRole('link', { name: '获取新链接' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: test.info().outputPath('used-link-zh-390.png') });
  await context.close();
});

test('Get started opens a signed-in collector’s shelf', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/login');
  await onboardedUserInPage(page);
  await page.goto('/');
  await page.getByRole('link', { name: 'Open my shelf' }).click();
  await expect(page).toHaveURL(/\/me\/shelf$/);
});

test('an address that is no page, no item or no collector answers 404 with the not-found page', async ({ page }) => {
  for (const route of ['/no/such/page', '/i/00000000-0000-4000-8000-000000000000', '/u/nobody_here_at_all']) {
    const res = await page.goto(route);
    expect(res?.status(), route).toBe(404);
    if (route === '/no/such/page') await expect(page.getByText(NOT_FOUND)).toBeVisible();
  }
  expect((await page.request.get('/s/item/00000000-0000-4000-8000-000000000000')).status()).toBe(404);
});
