import { expect, test, type Browser, type Page } from '@playwright/test';
import { fn, ORIGIN_HEADER, PASSWORD, seedShelfItems, signInAdmin, uniqueEmail, uniqueHandle } from './support/api';

/** A collector with a Chinese display name, in a context of their own, the interface in Chinese. */
async function chineseCollector(browser: Browser, displayName: string, viewport = { width: 1280, height: 800 }) {
  const ctx = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport });
  const page = await ctx.newPage();
  await page.addInitScript(() => {
    localStorage.setItem('curio.lang', 'zh-CN');
    localStorage.setItem('curio.analytics-consent', 'declined');
  });
  const res = await page.request.post('/auth/v1/sign-up/email', {
    data: { email: uniqueEmail('zh'), password: PASSWORD, name: displayName },
    headers: ORIGIN_HEADER,
  });
  if (!res.ok()) throw new Error(`sign-up failed: ${res.status()}`);
  const handle = uniqueHandle('zh');
  await fn(page.request, 'onboarding-complete', { handle, displayName, bio: '', public: true });
  const me = await fn<{ profile: { userId: string } }>(page.request, 'profile-me');
  return { page, handle, userId: me.profile.userId, close: () => ctx.close() };
}

/** The right edge of a locator's box. */
async function right(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} has no box`);
  return box.x + box.width;
}

test.describe('Chinese typography and layout', () => {
  test.setTimeout(120_000);

  test('the thread list cuts a long Chinese message short; the time and unread count stay inside the list (1280 and 390 px)', async ({ browser }) => {
    const ana = await chineseCollector(browser, '陈小明');
    const ben = await chineseCollector(browser, '王丽娜');
    const { thread } = await fn<{ thread: { id: string } }>(ben.page.request, 'dm-thread-upsert', { otherUserId: ana.userId });
    await fn(ben.page.request, 'dm-send', {
      threadId: thread.id,
      text: '我有一只 1993 年的侏罗纪公园霸王龙，还有一整套原盒的恐龙模型，想和你交换铁皮机器人。',
    });

    for (const width of [1280, 390]) {
      await ana.page.setViewportSize({ width, height: 844 });
      await ana.page.goto('/me/messages');
      const entry = ana.page.getByTestId('thread-entry');
      await expect(entry).toHaveCount(1);
      await expect(entry.locator('time')).toBeVisible();
      const listRight = await right(ana.page, '[data-testid="thread-list"]');
      expect(await right(ana.page, '[data-testid="thread-entry"] time'), `time inside the list at ${width} px`).toBeLessThanOrEqual(listRight);
      expect(await right(ana.page, '[data-testid="thread-unread"]'), `unread count inside the list at ${width} px`).toBeLessThanOrEqual(listRight);
      expect(await ana.page.evaluate(() => document.documentElement.scrollWidth), `no sideways scroll at ${width} px`).toBeLessThanOrEqual(width);
    }
    await ana.close();
    await ben.close();
  });

  test('the header avatar shows the first character of the display name', async ({ browser }) => {
    const ana = await chineseCollector(browser, '陈小明');
    await ana.page.goto('/me/shelf');
    await expect(ana.page.getByTestId('header-avatar').first()).toHaveText('陈');
    await ana.close();
  });

  test('Chinese headings use one typeface without Latin tracking; quotation marks are full width; the wordmark keeps its serif', async ({ browser }) => {
    const ana = await chineseCollector(browser, '陈小明');
    const { page } = ana;
    await page.goto('/me/shelf');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    const h1 = page.getByRole('heading', { level: 1 });
    await expect(h1).toBeVisible();
    const heading = await h1.evaluate((el) => ({ font: getComputedStyle(el).fontFamily, spacing: getComputedStyle(el).letterSpacing }));
    expect(heading.font).not.toContain('Fraunces');
    expect(['normal', '0px']).toContain(heading.spacing);
    const brand = await page
      .locator('header a span.font-brand')
      .first()
      .evaluate((el) => getComputedStyle(el).fontFamily);
    expect(brand).toContain('Fraunces');

    // “ drawn by the Chinese font is about one em wide; Inter's is about a third of that.
    const quoteWidth = await page.evaluate(async () => {
      const span = document.createElement('span');
      span.style.fontSize = '20px';
      span.textContent = '“';
      document.body.append(span);
      await document.fonts.ready;
      const width = span.getBoundingClientRect().width;
      span.remove();
      return width;
    });
    expect(quoteWidth).toBeGreaterThan(14);
    await ana.close();
  });

  test("a visitor sees the owner's overflow drawer only when something is in it", async ({ browser }) => {
    const ana = await chineseCollector(browser, '陈小明');
    const ben = await chineseCollector(browser, '王丽娜');
    await seedShelfItems(ana.page.request, [{ title: '铁皮机器人' }, { title: '宇航员' }, { title: '霸王龙' }]);
    await ben.page.goto(`/u/${ana.handle}`);
    await expect(ben.page.getByTestId('public-shelf-item')).toHaveCount(3);
    await expect(ben.page.getByTestId('overflow-panel')).toHaveCount(0);

    await fn(ana.page.request, 'shelf-resize', { cols: 2, rows: 1 });
    await ben.page.goto(`/u/${ana.handle}`);
    await expect(ben.page.getByTestId('overflow-panel')).toBeVisible();
    await expect(ben.page.getByTestId('overflow-item')).toHaveCount(1);
    await ana.close();
    await ben.close();
  });

  test('fields in one row of a form line up when only some have a hint (invite codes)', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('curio.lang', 'zh-CN'));
    await signInAdmin(page.request);
    await fn(page.request, 'onboarding-complete', { handle: uniqueHandle('adm'), displayName: '管理员', bio: '', public: true }).catch(() => {});
    await page.goto('/admin?tab=invites');
    const form = page.getByTestId('invites-create-form');
    await expect(form).toBeVisible();
    const tops = await form.locator('input').evaluateAll((inputs) => inputs.slice(0, 3).map((i) => Math.round(i.getBoundingClientRect().top)));
    expect(new Set(tops).size, `input tops ${tops.join(', ')}`).toBe(1);
  });
});
