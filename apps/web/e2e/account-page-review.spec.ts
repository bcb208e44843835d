import { expect, test, type Browser, type Page } from '@playwright/test';
import { ORIGIN_HEADER, PASSWORD, fn, uniqueEmail, uniqueHandle } from './support/api';
import { expectNoAxeViolations, useTheme } from './support/axe';

/** Set it to a directory to save full-page screenshots of every combination. */
const SHOTS = process.env.SCREENSHOTS_DIR;
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SECTION_TITLES = ['Email and password', 'Two-step sign-in', 'Passkeys', "Where you're signed in", 'Sign-in methods', 'Your data'];

type Combo = { width: number; lang: 'en' | 'zh-CN'; theme: 'light' | 'dark' };
const COMBOS: Combo[] = [];
for (const width of [1280, 390])
  for (const lang of ['en', 'zh-CN'] as const) for (const theme of ['light', 'dark'] as const) COMBOS.push({ width, lang, theme });
const shotName = (page: string, c: Combo) => `${SHOTS}/${page}-${c.width}-${c.lang}-${c.theme}.png`;
/** Axe runs page-wide in both themes and both languages on the desktop; the layout checks run everywhere. */
const needsAxe = (c: Combo) => c.width === 1280;

async function openContext(browser: Browser, c: Combo) {
  const context = await browser.newContext({ viewport: { width: c.width, height: c.width < 600 ? 844 : 900 } });
  const page = await context.newPage();
  await useTheme(page, c.theme);
  await page.addInitScript((lang) => window.localStorage.setItem('curio.lang', lang), c.lang);
  return { context, page };
}

/** Nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
}

test('/settings/account: one page without axe violations in both themes, no sideways scroll, sections reachable by keyboard in order', async ({ browser }) => {
  test.setTimeout(240_000);
  for (const c of COMBOS) {
    const { context, page } = await openContext(browser, c);
    // A long address, to see it wrap on a phone.
    const email = uniqueEmail('a-collector-with-a-rather-long-address');
    expect((await page.request.post('/auth/v1/sign-up/email', { data: { email, password: PASSWORD, name: 'u' } })).ok()).toBe(true);
    await fn(page.request, 'onboarding-complete', { handle: uniqueHandle(), displayName: 'E2E Collector', bio: '', public: true });
    // A second session, so the list shows a row for another device too.
    const other = await browser.newContext({ userAgent: FIREFOX_WINDOWS });
    expect((await other.request.post('/auth/v1/sign-in/email', { data: { email, password: PASSWORD }, headers: ORIGIN_HEADER })).ok()).toBe(true);
    await other.close();

    await page.goto('/settings/account');
    const sections = page.locator('main [role="region"][data-testid$="-section"]');
    await expect(sections).toHaveCount(6);
    await expect(page.getByTestId('session-row')).toHaveCount(2);
    // Every section has loaded: no skeleton left.
    await expect(page.locator('main .animate-pulse')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    if (needsAxe(c)) await expectNoAxeViolations(page, `/settings/account (${c.lang}, ${c.theme})`);
    if (SHOTS) await page.screenshot({ path: shotName('account', c), fullPage: true });

    if (c.width === 1280 && c.lang === 'en' && c.theme === 'light') {
      // By keyboard: Tab from the page heading visits the sections' controls in the order of their headings.
      const headings = await sections.getByRole('heading', { level: 2 }).allTextContents();
      expect(headings.map((h) => h.trim())).toEqual(SECTION_TITLES);
      await page.getByRole('heading', { level: 1 }).click();
      const visited: string[] = [];
      for (let i = 0; i < 120 && visited.length < SECTION_TITLES.length; i++) {
        await page.keyboard.press('Tab');
        const section = await page.evaluate(() => {
          const region = document.activeElement?.closest('[role="region"][data-testid$="-section"]');
          const id = region?.getAttribute('aria-labelledby');
          return id ? (document.getElementById(id)?.textContent?.trim() ?? null) : null;
        });
        if (section && visited.at(-1) !== section) visited.push(section);
      }
      expect(visited).toEqual(SECTION_TITLES);

      // On desktop a table of contents links to the sections in the same order.
      const contents = page.getByRole('navigation', { name: 'On this page' }).getByRole('link');
      expect((await contents.allTextContents()).map((l) => l.trim())).toEqual(SECTION_TITLES);
      await contents.filter({ hasText: 'Your data' }).focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/#data$/);
      await expect(page.getByRole('heading', { name: 'Your data', level: 2 })).toBeInViewport();
    }
    await context.close();
  }
});

test('/login: both tabs without axe violations in both themes, no sideways scroll', async ({ browser }) => {
  test.setTimeout(240_000);
  for (const c of COMBOS) {
    const { context, page } = await openContext(browser, c);
    await page.goto('/login');
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveCount(2);
    for (const [index, name] of ['sign-in', 'sign-up'].entries()) {
      await tabs.nth(index).click();
      await expect(tabs.nth(index)).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel')).toBeVisible();
      await expectNoSidewaysScroll(page);
      if (needsAxe(c)) await expectNoAxeViolations(page, `/login ${name} (${c.lang}, ${c.theme})`);
      if (SHOTS) await page.screenshot({ path: shotName(`login-${name}`, c), fullPage: true });
    }
    await context.close();
  }
});
