import { expect, test, type Page } from '@playwright/test';
import { fn, onboardedUserInPage, seedShelfItems } from './support/api';
import { axe, expectAxeClean, expectNoAxeViolations } from './support/axe';

const NOT_FOUND = 'This spot on the shelf is empty';
const cell = (page: Page, col: number, row: number) => page.locator(`[data-testid="shelf-cell"][data-col="${col}"][data-row="${row}"]`);

/** Nothing on the page is wider than the window (no sideways scrolling). */
async function expectNoHorizontalScroll(page: Page, label: string) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll, `${label}: page scrolls sideways`).toBeLessThanOrEqual(width);
}

/** The box lies inside the window horizontally. */
async function expectInsideWindow(page: Page, locator: ReturnType<Page['locator']>, label: string) {
  const box = await locator.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, `${label}: not rendered`).not.toBeNull();
  expect(box!.x, `${label}: starts left of the window`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${label}: runs past the window (${width})`).toBeLessThanOrEqual(width + 0.5);
}

test.describe('the shelf', () => {
  test('every item on the shelf opens its page: by click and by keyboard, in view and edit mode', async ({ page }) => {
    test.setTimeout(120_000);
    await onboardedUserInPage(page);
    const [first, second] = await seedShelfItems(page.request, [{ title: 'Tin robot' }, { title: 'Lunar rover' }]);
    await page.goto('/me/shelf');

    // View mode: the item is a link.
    await page.locator(`[data-testid="shelf-item"][data-item-id="${first}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/i/${first}$`));
    await expect(page.getByTestId('item-title')).toHaveText('Tin robot');

    // Keyboard: Tab reaches the grid's one tab stop, arrows move, Enter opens.
    await page.goto('/me/shelf');
    await cell(page, 0, 0).focus();
    await page.keyboard.press('ArrowRight');
    await expect(cell(page, 1, 0)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/i/${second}$`));

    // Edit mode keeps pick-up/drop, and has an explicit Open action.
    await page.goto('/me/shelf');
    await page.getByTestId('edit-layout-switch').click();
    await cell(page, 0, 0).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/me\/shelf$/);
    await cell(page, 0, 0).locator('[data-testid="shelf-item-open"]').click();
    await expect(page).toHaveURL(new RegExp(`/i/${first}$`));
    await page.goto('/me/shelf');
    await page.getByTestId('edit-layout-switch').click();
    await cell(page, 1, 0).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/i/${second}$`));
  });

  test('the overflow drawer stays inside the window at 1280 and 390, and growing the shelf brings items back', async ({ page }) => {
    test.setTimeout(150_000);
    await onboardedUserInPage(page);
    const long = 'A remarkably long title for a boxed clockwork tin robot from the nineteen-fifties, mint';
    await seedShelfItems(page.request, [{ title: long }, { title: `${long} (second)` }, { title: `${long} (third)` }, { title: `${long} (fourth)` }]);
    await fn(page.request, 'shelf-resize', { cols: 2, rows: 1 });

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/me/shelf');
      await page.getByTestId('edit-layout-switch').click();
      const panel = page.getByTestId('overflow-panel');
      await expect(page.getByTestId('overflow-item')).toHaveCount(2);
      await expectInsideWindow(page, panel, `overflow drawer at ${width}`);
      for (const button of await page.getByRole('button', { name: /^Put .* on the shelf$/ }).all()) {
        await expectInsideWindow(page, button, `"Put … on the shelf" at ${width}`);
      }
      await expectNoHorizontalScroll(page, `shelf at ${width}`);
    }

    // The shelf grows: the drawer offers to bring both items back, and does.
    await fn(page.request, 'shelf-resize', { cols: 3, rows: 2 });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/me/shelf');
    const prompt = page.getByTestId('overflow-bring-back');
    await expect(prompt).toContainText('Bring 2 items back onto the shelf?');
    await page.getByTestId('overflow-bring-back-action').click();
    await expect(page.getByTestId('overflow-empty')).toBeVisible();
    await expect(prompt).toBeHidden();
    await expect(page.locator('[data-testid="shelf-cell"][data-occupied="true"]')).toHaveCount(4);
    const saved = (await fn(page.request, 'shelf-get')) as { arrangements: { overflow: boolean }[] };
    expect(saved.arrangements.filter((a) => a.overflow)).toHaveLength(0);
    // Undo puts them back in the drawer.
    await page.getByTestId('edit-layout-switch').click();
    await page.getByTestId('shelf-undo').click();
    await expect(page.getByTestId('overflow-item')).toHaveCount(2);
  });

  test('on a 390 px phone the shelf scrolls sideways with large cells, and the page does not', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await onboardedUserInPage(page);
    await seedShelfItems(page.request, [{ title: 'Tin robot' }]);
    await page.goto('/me/shelf');
    const box = await cell(page, 0, 0).boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(100);
    const scroller = page.getByTestId('shelf-scroller');
    expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expectNoHorizontalScroll(page, 'phone shelf');
    // Keyboard focus carries the scroll along: the last column comes into view.
    await cell(page, 0, 0).focus();
    await page.keyboard.press('End');
    await expect(cell(page, 5, 0)).toBeFocused();
    await expectInsideWindow(page, cell(page, 5, 0), 'last column after End');
    await expectNoAxeViolations(page, 'phone shelf');
  });

  test('an empty shelf is an invitation, and a young shelf shows no grey placeholders', async ({ page }) => {
    test.setTimeout(120_000);
    await onboardedUserInPage(page);
    await page.goto('/me/shelf');
    await expect(page.getByTestId('shelf-empty')).toBeVisible();
    await expect(page.getByTestId('add-first-item')).toBeVisible();
    await expect(page.getByTestId('shelf-cell')).toHaveCount(0);
    await expectNoAxeViolations(page, 'empty shelf');

    await seedShelfItems(page.request, [{ title: 'Tin robot' }]);
    await page.goto('/me/shelf');
    const empty = cell(page, 1, 0);
    const look = async () =>
      empty.evaluate((el) => ({
        bg: getComputedStyle(el).backgroundColor,
        border: `${getComputedStyle(el).borderTopWidth} ${getComputedStyle(el).borderTopStyle}`,
      }));
    expect(await look()).toEqual({ bg: 'rgba(0, 0, 0, 0)', border: '0px solid' });
    await page.getByTestId('edit-layout-switch').click();
    expect((await look()).border).toBe('2px dashed');
  });
});

test.describe('notes', () => {
  test('the owner sees the notes from the wizard on the item page and edits them in the dialog', async ({ page }) => {
    await onboardedUserInPage(page);
    const { item } = await fn(page.request, 'items-create', { title: 'Tin robot', tags: 'robots', metadata: 'Bought in Osaka, 1998' });
    await page.goto(`/i/${item.id}`);
    await expect(page.getByTestId('item-notes')).toContainText('Bought in Osaka, 1998');
    await page.getByTestId('item-edit').click();
    await expect(page.getByTestId('edit-notes')).toHaveValue('Bought in Osaka, 1998');
    await page.getByTestId('edit-notes').fill('Bought in Osaka, 1998. Box dented.');
    await page.getByTestId('edit-save').click();
    await expect(page.getByTestId('item-notes')).toContainText('Box dented.');
    await page.reload();
    await expect(page.getByTestId('item-notes')).toContainText('Box dented.');
  });
});

test.describe('one header, and no dead links', () => {
  test('a guest gets the same header everywhere: Explore, theme, language, Sign in, Create account', async ({ page }) => {
    for (const path of ['/', '/explore', '/login', '/terms', '/no-such-page']) {
      await page.goto(path);
      const header = page.getByRole('banner');
      await expect(header, path).toHaveCount(1);
      await expect(header.getByTestId('nav-explore')).toBeVisible();
      await expect(header.getByRole('button', { name: /Language/ })).toBeVisible();
      await expect(header.getByRole('button', { name: 'Theme' })).toBeVisible();
      await expect(header.getByTestId('nav-sign-in')).toBeVisible();
      await expect(header.getByTestId('nav-create-account')).toHaveAttribute('href', '/login?tab=sign-up');
    }
    await page.getByTestId('nav-create-account').click();
    await expect(page.getByRole('tab', { name: 'Sign up' })).toHaveAttribute('aria-selected', 'true');
  });

  test('a signed-in collector gets the same header everywhere, with an account menu', async ({ page }) => {
    test.setTimeout(120_000);
    const { handle } = await onboardedUserInPage(page);
    const [itemId] = await seedShelfItems(page.request, [{ title: 'Tin robot' }]);
    for (const path of ['/', '/explore', `/i/${itemId}`, '/me/saves', '/me/shelf', '/privacy', '/no-such-page']) {
      await page.goto(path);
      const header = page.getByRole('banner');
      await expect(header, path).toHaveCount(1);
      for (const id of ['nav-explore', 'nav-my-shelf', 'nav-saved', 'account-menu']) await expect(header.getByTestId(id), `${id} on ${path}`).toBeVisible();
      await expect(header.getByTestId('nav-sign-in')).toHaveCount(0);
    }
    await page.getByTestId('account-menu').click();
    const menu = page.getByRole('menu');
    await expect(menu).toContainText(`@${handle}`);
    for (const name of ['Light', 'Dark', 'System', 'English', '中文']) await expect(menu.getByRole('menuitemradio', { name })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    // The open menu is portalled to <body>, outside the landmarks, as every popup is: all other rules apply.
    await expectAxeClean(axe(page).disableRules(['region']), 'the open account menu');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });

  test('on a phone the header folds into a menu that works with the keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await onboardedUserInPage(page);
    await page.goto('/explore');
    // Let the page settle (its filters land in the URL, the bell loads), so nothing takes the focus away.
    await expect(page.getByTestId('notifications-bell')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoHorizontalScroll(page, 'explore at 390');
    const trigger = page.getByTestId('header-menu');
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    for (const name of ['Explore', 'Following', 'My shelf', 'Saved']) await expect(menu.getByRole('menuitem', { name })).toBeVisible();
    // Opened from the keyboard, the first link has the focus; the arrows move on.
    await expect(menu.getByRole('menuitem', { name: 'Explore' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Following' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'My shelf' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/me\/shelf$/);
    await expectNoAxeViolations(page, 'shelf at 390');
  });

  async function crawl(page: Page, pages: string[]) {
    const hrefs = new Set<string>();
    for (const path of pages) {
      await page.goto(path);
      await expect(page.getByRole('banner')).toBeVisible();
      await page.waitForLoadState('networkidle');
      for (const href of await page.locator('header a[href^="/"], footer a[href^="/"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!)))
        hrefs.add(href);
    }
    expect(hrefs.size).toBeGreaterThan(3);
    for (const href of hrefs) {
      await page.goto(href);
      await expect(page.getByRole('banner'), href).toBeVisible();
      await expect(page.getByRole('heading', { name: NOT_FOUND }), `${href} answers the not-found page`).toHaveCount(0);
    }
    return hrefs;
  }

  test('no header or footer link answers the not-found page (guest)', async ({ page }) => {
    const hrefs = await crawl(page, ['/', '/explore', '/terms']);
    expect([...hrefs]).toEqual(expect.arrayContaining(['/terms', '/privacy', '/explore', '/login']));
  });

  test('no header, footer or account-menu link answers the not-found page (signed in)', async ({ page }) => {
    test.setTimeout(120_000);
    await onboardedUserInPage(page);
    const hrefs = await crawl(page, ['/', '/me/shelf', '/me/saves']);
    await page.goto('/me/shelf');
    await page.getByTestId('account-menu').click();
    const menuLinks = await page
      .getByRole('menu')
      .locator('a[href^="/"]')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    for (const href of menuLinks.filter((h) => !hrefs.has(h))) {
      await page.goto(href);
      await expect(page.getByRole('heading', { name: NOT_FOUND }), `${href} answers the not-found page`).toHaveCount(0);
    }
    // The bell leads to a page that lists what it counts, or is not shown until that page exists.
    await page.goto('/me/shelf');
    const bell = page.getByTestId('notifications-bell');
    if (await bell.count()) {
      await bell.click();
      await expect(page).toHaveURL(/\/me\/notifications$/);
      await expect(page.getByRole('heading', { name: NOT_FOUND })).toHaveCount(0);
    }
  });
});

test.describe('legal pages', () => {
  test.use({ timezoneId: 'Europe/Berlin' });
  test('the consent banner links to a real privacy page with the retention and Do-Not-Track', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Privacy & Analytics' });
    await banner.getByRole('link', { name: 'Privacy policy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
    await expect(page.locator('main time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);
    const main = page.locator('main');
    await expect(main).toContainText('after 30 days');
    await expect(main).toContainText('after 90 days');
    await expect(main).toContainText('Do-Not-Track');
    expect(await main.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(4);
    await expectNoAxeViolations(page, 'privacy page');
    await page.getByTestId('legal-back').click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('terms and privacy in Chinese, light and dark, pass axe', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('curio.lang', 'zh-CN'));
    for (const theme of ['light', 'dark']) {
      await page.addInitScript((t) => window.localStorage.setItem('curio.theme', t), theme);
      for (const path of ['/terms', '/privacy']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(path === '/terms' ? '使用条款' : '隐私');
        await expect(page.getByTestId('legal-back')).toHaveText('返回');
        await expectNoAxeViolations(page, `${path} zh ${theme}`);
      }
    }
  });
});
