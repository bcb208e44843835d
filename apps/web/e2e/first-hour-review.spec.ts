import { expect, test, type Browser, type Page } from '@playwright/test';
import { fn, ORIGIN_HEADER, PASSWORD, samplePhotoFile, seedShelfItems, uniqueEmail, uniqueHandle } from './support/api';
import { expectNoAxeViolations, useTheme } from './support/axe';

/**
 * The pages of a new collector's first hour (issue 8): no axe violation, nothing scrolls sideways. Every
 * test run checks two combinations that between them cover each width, language and theme (1280 px,
 * English, light; 390 px, Chinese, dark); with SCREENSHOTS_DIR set (or REVIEW_ALL=1) all eight of 1280
 * and 390 px, English and Chinese, light and dark (about ten minutes), SCREENSHOTS_DIR saving a
 * full-page screenshot of each (`<page>-<width>-<lang>-<theme>.png`) to look at.
 */

const SHOTS = process.env.SCREENSHOTS_DIR;

type Combo = { width: number; lang: 'en' | 'zh-CN'; theme: 'light' | 'dark' };
const ALL: Combo[] = [];
for (const width of [1280, 390]) for (const lang of ['en', 'zh-CN'] as const) for (const theme of ['light', 'dark'] as const) ALL.push({ width, lang, theme });
const COMBOS: Combo[] =
  SHOTS || process.env.REVIEW_ALL
    ? ALL
    : [
        { width: 1280, lang: 'en', theme: 'light' },
        { width: 390, lang: 'zh-CN', theme: 'dark' },
      ];
const tag = (c: Combo) => `${c.width}-${c.lang}-${c.theme}`;

type StorageState = Awaited<ReturnType<import('@playwright/test').BrowserContext['storageState']>>;

async function openContext(browser: Browser, c: Combo, storageState?: StorageState) {
  const context = await browser.newContext({ viewport: { width: c.width, height: c.width < 600 ? 844 : 900 }, storageState });
  const page = await context.newPage();
  await useTheme(page, c.theme);
  await page.addInitScript((lang) => window.localStorage.setItem('curio.lang', lang), c.lang);
  return { context, page };
}

/** Scrolls through the page as a reader would (a full-page screenshot does not), then waits for the pictures and fonts. */
async function settle(page: Page) {
  // Once in CI (two workers, the second combination of the guest pages) this waited until the test's ten minutes ran
  // out, and its retry passed: every step is now named, and one that takes 30 s fails the test saying which.
  await page.evaluate(async () => {
    let step = 'scrolling through the page';
    let timer = 0;
    const stuck = new Promise<never>((_, reject) => {
      timer = window.setTimeout(() => reject(new Error(`settle: still ${step} after 30 s`)), 30_000);
    });
    const work = async () => {
      // A frame drawn after each scroll: lazy pictures that came into view have been asked for by then.
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      // Through the page as it stood when the settling began: explore's infinite scroll adds a page at the bottom each
      // time the reader gets there, and with every other test's items on the server the list had no end in 30 s.
      const height = document.documentElement.scrollHeight;
      for (let y = 0; y < height; y += Math.max(100, window.innerHeight / 2)) {
        window.scrollTo(0, y);
        await frame();
      }
      window.scrollTo(0, 0);
      await frame();
      step = 'waiting for the pictures';
      // A lazy picture that is not laid out (a hidden breakpoint's copy) never loads by itself.
      for (const img of document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]')) img.loading = 'eager';
      const loading = Array.from(document.images).filter((img) => !img.complete);
      const loaded = Promise.all(
        loading.map(
          (img) =>
            new Promise((resolve) => {
              img.addEventListener('load', resolve, { once: true });
              img.addEventListener('error', resolve, { once: true });
            }),
        ),
      );
      await Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, 5000))]);
      step = 'waiting for the fonts';
      await document.fonts.ready;
    };
    try {
      await Promise.race([work(), stuck]);
    } finally {
      clearTimeout(timer);
    }
  });
  // Entrances and skeleton fades (150–200 ms) have ended: no finite animation is still running.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity));
}

/** No sideways scroll, no axe violation; a screenshot when SCREENSHOTS_DIR is set. */
async function review(page: Page, name: string, c: Combo) {
  // A toast confirms the last step for 3 s; its fade would read as low contrast, and the page is the subject here.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  await settle(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `horizontal overflow in px on ${name} (${tag(c)})`).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page, `${name} (${tag(c)})`);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${tag(c)}.png`, fullPage: true });
}

/** A collector signed up (and onboarded, unless `onboard` is false) in a context of their own; returns its cookies. */
async function collector(browser: Browser, displayName: string, onboard = true) {
  const context = await browser.newContext();
  const email = uniqueEmail('review');
  const res = await context.request.post('/auth/v1/sign-up/email', { data: { email, password: PASSWORD, name: 'r' }, headers: ORIGIN_HEADER });
  if (!res.ok()) throw new Error(`sign-up failed: ${res.status()}`);
  if (onboard)
    await fn(context.request, 'onboarding-complete', { handle: uniqueHandle('rv'), displayName, bio: 'Tin toys, space and dinosaurs.', public: true });
  return { request: context.request, email, state: await context.storageState(), close: () => context.close() };
}

type Seed = { title: string; tags?: string; photo?: 'robot' | 'astronaut' | 'dino'; notes?: string };

const NOTES = 'Bought at the Leipzig toy fair in 2019. The key still winds; the left arm sticks a little.\n铁皮发条，钥匙还能上弦。';
const COLLECTION: Seed[] = [
  { title: 'Wind-up tin robot', tags: 'robots, tin', photo: 'robot', notes: NOTES },
  { title: 'Apollo astronaut', tags: 'space', photo: 'astronaut' },
  { title: 'Jurassic T-rex 1993', tags: 'dinosaurs', photo: 'dino' },
  { title: '铁皮机器人', tags: '机器人，铁皮', photo: 'robot' },
  { title: 'STS-93 commander portrait, signed by the whole crew of the mission', tags: 'space, signed', photo: 'astronaut' },
  { title: 'Ceramic espresso cup', photo: 'robot' },
  { title: '宇航员手办', tags: '太空', photo: 'astronaut' },
  { title: 'Brachiosaurus', tags: 'dinosaurs', photo: 'dino' },
];

// All eight combinations with screenshots take about ten minutes; the two of a test run, a few each.
test.describe.configure({ timeout: COMBOS.length > 2 ? 600_000 : 180_000 });

test('guest pages: landing, /login (both tabs, a wrong password) and /explore', async ({ browser }) => {
  const someone = await collector(browser, 'Ada Collector');
  await seedShelfItems(someone.request, COLLECTION.slice(1, 4));
  for (const c of COMBOS) {
    const { context, page } = await openContext(browser, c);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await review(page, 'landing', c);

    await page.goto('/login');
    const signIn = page.getByRole('tabpanel');
    await expect(signIn).toBeVisible();
    await review(page, 'login-sign-in', c);
    await signIn.locator('input[type="email"]').first().fill(someone.email);
    await signIn.locator('input[type="password"]').fill('not the password');
    await signIn.locator('button[type="submit"]').first().click();
    await expect(page.getByTestId('sign-in-error')).toBeVisible();
    await review(page, 'login-sign-in-error', c);
    await page.getByRole('tab').nth(1).click();
    await expect(page.getByRole('tab').nth(1)).toHaveAttribute('aria-selected', 'true');
    await review(page, 'login-sign-up', c);

    await page.goto('/explore');
    await expect(page.getByTestId('explore-card').first()).toBeVisible();
    await review(page, 'explore', c);
    await context.close();
  }
  await someone.close();
});

test('onboarding', async ({ browser }) => {
  const fresh = await collector(browser, '', false);
  for (const c of COMBOS) {
    const { context, page } = await openContext(browser, c, fresh.state);
    await page.goto('/onboarding');
    await expect(page.locator('form textarea')).toBeVisible();
    await review(page, 'onboarding', c);
    await context.close();
  }
  await fresh.close();
});

test('the shelf: empty, young, with items, in edit mode, with the overflow drawer; the owner’s item page with notes', async ({ browser }) => {
  const empty = await collector(browser, 'Ada Collector');
  const young = await collector(browser, '陈小明');
  await seedShelfItems(young.request, COLLECTION.slice(1, 3));
  const full = await collector(browser, 'Grace Collector');
  const [notesItem] = await seedShelfItems(full.request, COLLECTION);
  const overflow = await collector(browser, 'Linus Collector');
  await seedShelfItems(overflow.request, COLLECTION.slice(1, 5));
  await fn(overflow.request, 'shelf-resize', { cols: 2, rows: 1 });

  for (const c of COMBOS) {
    let { context, page } = await openContext(browser, c, empty.state);
    await page.goto('/me/shelf');
    await expect(page.getByTestId('shelf-empty')).toBeVisible();
    await review(page, 'shelf-empty', c);
    await context.close();

    ({ context, page } = await openContext(browser, c, young.state));
    await page.goto('/me/shelf');
    await expect(page.getByTestId('shelf-item')).toHaveCount(2);
    await review(page, 'shelf-young', c);
    await context.close();

    ({ context, page } = await openContext(browser, c, full.state));
    await page.goto('/me/shelf');
    await expect(page.getByTestId('shelf-item')).toHaveCount(COLLECTION.length);
    await review(page, 'shelf-items', c);
    await page.getByTestId('edit-layout-switch').click();
    await expect(page.getByTestId('shelf-grid')).toHaveAttribute('data-edit-mode', 'true');
    await review(page, 'shelf-edit', c);
    await page.goto(`/i/${notesItem}`);
    await expect(page.getByTestId('item-notes')).toBeVisible();
    await review(page, 'item-owner', c);
    await context.close();

    ({ context, page } = await openContext(browser, c, overflow.state));
    await page.goto('/me/shelf');
    await expect(page.getByTestId('overflow-item')).toHaveCount(2);
    await review(page, 'shelf-overflow', c);
    await page.getByTestId('edit-layout-switch').click();
    await expect(page.getByTestId('shelf-grid')).toHaveAttribute('data-edit-mode', 'true');
    await review(page, 'shelf-overflow-edit', c);
    await context.close();
  }
  for (const who of [empty, young, full, overflow]) await who.close();
});

test('the add-item wizard, step by step to the results', async ({ browser }) => {
  const photo = await samplePhotoFile('robot');
  for (const c of COMBOS) {
    // One collector per combination: a generation costs 3 of the 30 credits.
    const maker = await collector(browser, 'Ada Collector');
    const { context, page } = await openContext(browser, c, maker.state);
    await page.goto('/me/shelf');
    await page.getByTestId('add-first-item').click();
    const wizard = page.getByTestId('add-item-wizard');
    const drawer = page.getByTestId('add-item-drawer');
    const reviewStep = async (name: string) => {
      // The drawer scrolls its step up and down, never sideways.
      const sideways = await drawer.evaluate((root) =>
        [root, ...root.querySelectorAll<HTMLElement>('.overflow-y-auto')].map((el) => el.scrollWidth - el.clientWidth).filter((d) => d > 0),
      );
      expect(sideways, `the wizard scrolls sideways (${name}, ${tag(c)})`).toEqual([]);
      await review(page, name, c);
    };
    await expect(wizard).toHaveAttribute('data-step', 'details');
    await page.getByTestId('item-title').fill(c.lang === 'en' ? 'Wind-up tin robot' : '发条铁皮机器人');
    await page.getByTestId('item-tags').fill(c.lang === 'en' ? 'robots, tin' : '机器人，铁皮');
    await reviewStep('wizard-details');
    await page.getByTestId('wizard-next').click();
    await expect(wizard).toHaveAttribute('data-step', 'photos');
    await page.getByTestId('photo-input').setInputFiles([photo]);
    await expect(page.getByTestId('photo-card').first()).toHaveAttribute('data-prep', 'ready', { timeout: 30_000 });
    await reviewStep('wizard-photos');
    await page.getByTestId('wizard-next').click();
    await expect(wizard).toHaveAttribute('data-step', 'style');
    await reviewStep('wizard-style');
    await page.getByTestId('wizard-next').click();
    await expect(wizard).toHaveAttribute('data-step', 'generate');
    await expect(page.getByTestId('credit-balance')).toBeVisible();
    await reviewStep('wizard-generate');
    await page.getByTestId('generate').click();
    await expect(page.getByTestId('variant-card')).toHaveCount(5, { timeout: 60_000 });
    await page.getByTestId('variant-card').nth(1).locator('input[type="radio"]').check();
    await reviewStep('wizard-results');
    await context.close();
    await maker.close();
  }
});
