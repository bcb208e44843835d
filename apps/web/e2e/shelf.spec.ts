import { expect, test, type Page } from '@playwright/test';
import { fn, onboardedUserInPage, samplePhotoFile, seedShelfItems } from './support/api';
import { expectNoAxeViolations } from './support/axe';

const grid = (page: Page) => page.getByTestId('shelf-grid');
const cell = (page: Page, col: number, row: number) => page.locator(`[data-testid="shelf-cell"][data-col="${col}"][data-row="${row}"]`);
const live = (page: Page) => page.getByTestId('shelf-live-region');

/**
 * Resolves once the page has kept still for ten animation frames in a row. The shelf's auto-scroll ticks on a timer
 * with the pointer position of its last render: on a busy machine it goes on for a few ticks after the pointer has
 * left the window's edge, until the app has rendered the pointer's new place.
 */
const scrollSettled = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let last = window.scrollY;
        let still = 0;
        const tick = () => {
          if (window.scrollY !== last) {
            last = window.scrollY;
            still = 0;
          } else if (++still >= 10) return resolve(last);
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
const shelfState = async (page: Page) =>
  (await fn(page.request, 'shelf-get')) as { arrangements: { itemId: string; col: number; row: number; overflow: boolean }[] };

test('the add-item wizard takes real photos to a placed item', async ({ page }) => {
  test.setTimeout(120_000);
  await onboardedUserInPage(page);
  await page.goto('/me/shelf');
  await expect(page.getByText('Your shelf is empty')).toBeVisible();
  await page.getByTestId('add-first-item').click();
  const wizard = page.getByTestId('add-item-wizard');
  await expect(wizard).toHaveAttribute('data-step', 'details');

  // Step 1: the title is required.
  await page.getByTestId('wizard-next').click();
  await expect(wizard).toHaveAttribute('data-step', 'details');
  await page.getByTestId('item-title').fill('  Tin robot  ');
  await page.getByTestId('item-tags').fill('robots, tin');
  await page.getByTestId('wizard-next').click();
  await expect(wizard).toHaveAttribute('data-step', 'photos');

  // Step 2: Next needs a photo; two real JPEGs upload with a preview, one role changes, one is removed.
  await page.getByTestId('wizard-next').click();
  await expect(page.getByText('Please upload at least 1 photo').first()).toBeVisible();
  await page.getByTestId('photo-input').setInputFiles([await samplePhotoFile('robot'), await samplePhotoFile('dino')]);
  const cards = page.getByTestId('photo-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(cards.nth(1)).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await cards.nth(1).getByTestId('photo-role').selectOption('box');
  await cards.nth(1).getByTestId('photo-remove').click();
  await expect(cards).toHaveCount(1);
  // Each photo's subject is cut out after upload; the tile follows it live (the photos stream).
  await expect(cards.nth(0)).toHaveAttribute('data-prep', 'ready', { timeout: 30_000 });
  await expect(cards.nth(0).getByTestId('photo-prep')).toHaveAccessibleName('Photo 1: Ready');
  await expect(page.getByText('All photos are ready.')).toBeVisible();
  await page.getByTestId('wizard-next').click();

  // Step 3: the five styles by name.
  await expect(wizard).toHaveAttribute('data-step', 'style');
  for (const name of ['Bookshelf Hero', 'Bright Gallery', 'Manga Halftone', 'Museum Brick Exhibit', 'Desk Figure Prototype']) {
    await expect(page.getByRole('radio', { name })).toBeVisible();
  }
  await page.getByRole('radio', { name: 'Museum Brick Exhibit' }).check();
  await page.getByTestId('wizard-next').click();

  // Step 4: the balance, Generate, five variants three per row, choose one, save and place.
  await expect(wizard).toHaveAttribute('data-step', 'generate');
  await expect(page.getByTestId('credit-balance')).toContainText('30');
  await page.getByTestId('generate').click();
  const variants = page.getByTestId('variant-card');
  await expect(variants).toHaveCount(5, { timeout: 60_000 });
  // The results are brought into view when they arrive.
  await expect(page.getByTestId('variant-results')).toBeInViewport();
  await expect(page.getByTestId('generate-simple-cut')).toHaveCount(0);
  // Measured once the cards have faded in (each arrives a little after the one before it).
  await variants.last().evaluate((el) =>
    Promise.all(
      el
        .closest('[data-testid="variant-results"]')!
        .getAnimations({ subtree: true })
        .map((a) => a.finished),
    ),
  );
  // All four measured in one go: the page may still be scrolling the results into view, and boxes read one
  // after another would each see another scroll position (a card stood 10 px lower in one run).
  const tops = await variants.evaluateAll((cards) => cards.slice(0, 4).map((card) => card.getBoundingClientRect().top));
  expect(tops[0]!).toBeCloseTo(tops[2]!, 0);
  expect(tops[3]!).toBeGreaterThan(tops[0]! + 10);
  await expect(page.getByTestId('save-and-place')).toBeDisabled();
  await page.getByRole('radio', { name: 'Variant 2' }).check();
  await page.getByTestId('save-and-place').click();
  await expect(page.getByText('Item added to your shelf')).toBeVisible();
  await expect(page.getByTestId('add-item-drawer')).toBeHidden();

  // On the shelf, in the first cell, with its chosen image.
  const first = cell(page, 0, 0);
  await expect(first).toHaveAttribute('data-occupied', 'true');
  await expect(first.locator('img')).toBeVisible();
  expect(await first.locator('img').getAttribute('src')).toMatch(/^\/img\/[A-Za-z0-9_-]+\/(thumb|public)$/);
  await expect(page.getByTestId('shelf-item-count')).toContainText('1 item');
  expect(((await fn(page.request, 'get-credit-balance')) as { balance: number }).balance).toBe(27);
});

test.describe('arranging the shelf', () => {
  test.setTimeout(120_000);

  test.beforeEach(async ({ page }) => {
    await onboardedUserInPage(page);
    await seedShelfItems(page.request, [
      { title: 'Robot A', tags: 'robots' },
      { title: 'Anime B', tags: 'anime' },
      { title: 'Robot C', tags: 'robots' },
    ]);
    await page.goto('/me/shelf');
    await expect(page.getByTestId('shelf-item-count')).toContainText('3 items');
    await page.getByTestId('edit-layout-switch').click();
    await expect(grid(page)).toHaveAttribute('data-edit-mode', 'true');
  });

  test('drags an item to a free cell, and refuses an occupied one', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 1000 });
    const dragTo = async (from: { col: number; row: number }, to: { col: number; row: number }) => {
      const src = await cell(page, from.col, from.row).boundingBox();
      const dst = await cell(page, to.col, to.row).boundingBox();
      await page.mouse.move(src!.x + src!.width / 2, src!.y + src!.height / 2);
      await page.mouse.down();
      await page.mouse.move(src!.x + src!.width / 2 + 20, src!.y + src!.height / 2, { steps: 5 });
      await page.mouse.move(dst!.x + dst!.width / 2, dst!.y + dst!.height / 2, { steps: 15 });
      await page.mouse.up();
    };
    await grid(page).scrollIntoViewIfNeeded();
    await dragTo({ col: 0, row: 0 }, { col: 4, row: 0 });
    await expect(page.getByText('Item moved')).toBeVisible();
    await expect(cell(page, 4, 0)).toHaveAttribute('data-occupied', 'true');
    await expect(cell(page, 0, 0)).toHaveAttribute('data-occupied', 'false');

    await dragTo({ col: 1, row: 0 }, { col: 4, row: 0 });
    await expect(page.getByText('Cell is occupied').first()).toBeVisible();
    await expect(cell(page, 1, 0)).toHaveAttribute('data-occupied', 'true');
    const state = await shelfState(page);
    expect(
      state.arrangements
        .filter((a) => !a.overflow)
        .map((a) => `${a.col},${a.row}`)
        .sort(),
    ).toEqual(['1,0', '2,0', '4,0']);
  });

  test('at 1280×800 a drop on the row at the bottom of the window lands there: auto-scroll is gentle', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.evaluate(() => window.scrollTo(0, 0));
    const src = (await cell(page, 0, 0).boundingBox())!;
    const dst = (await cell(page, 1, 1).boundingBox())!;
    // The second row's middle is within the last 64 px of the window, where dnd-kit's default scrolled at 1,650 px/s.
    const y = dst.y + dst.height / 2;
    expect(y).toBeGreaterThan(800 - 64);
    expect(y).toBeLessThan(800);
    await page.mouse.move(src.x + src.width / 2, src.y + src.height / 2);
    await page.mouse.down();
    await page.mouse.move(src.x + src.width / 2 + 20, src.y + src.height / 2, { steps: 5 });
    await page.mouse.move(dst.x + dst.width / 2, y, { steps: 15 });
    await expect(cell(page, 1, 1)).toHaveAttribute('data-target', 'true');
    await page.mouse.up();
    await expect(live(page)).toHaveText('Dropped Robot A at row 2, column 2');
    await expect(cell(page, 1, 1)).toHaveAttribute('data-occupied', 'true');
    await expect.poll(async () => (await shelfState(page)).arrangements.some((a) => a.col === 1 && a.row === 1)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(40);
  });

  test('holding a dragged item at the window’s edge scrolls gently, and the drop lands under the pointer', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.evaluate(() => window.scrollTo(0, 0));
    const src = (await cell(page, 0, 0).boundingBox())!;
    await page.mouse.move(src.x + src.width / 2, src.y + src.height / 2);
    await page.mouse.down();
    await page.mouse.move(src.x + src.width / 2 + 20, src.y + src.height / 2, { steps: 5 });
    const started = Date.now();
    await page.mouse.move(src.x + src.width / 2 + 20, 798, { steps: 10 });
    await page.waitForFunction(() => window.scrollY >= 120);
    // 200 px a second at most: 120 px take more than half a second (the default took a tenth).
    expect(Date.now() - started).toBeGreaterThan(500);
    // Out of the edge the scrolling stops; the drop goes to the cell now under the pointer.
    await page.mouse.move(src.x + src.width / 2 + 20, 400, { steps: 5 });
    const scrolled = await scrollSettled(page);
    // The second row, now in the window's middle (the third would be under its bottom edge, where holding scrolls).
    const target = cell(page, 2, 1);
    const box = (await target.boundingBox())!;
    expect(box.y + box.height / 2).toBeLessThan(800 - 64);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 10 });
    await expect(target).toHaveAttribute('data-target', 'true');
    // Still where it was measured: the drop goes to the cell under the pointer, not one scrolled under it since.
    expect(Math.abs((await scrollSettled(page)) - scrolled)).toBeLessThan(40);
    await expect(target).toHaveAttribute('data-target', 'true');
    await page.mouse.up();
    await expect(live(page)).toHaveText('Dropped Robot A at row 2, column 3');
    await expect.poll(async () => (await shelfState(page)).arrangements.some((a) => a.col === 2 && a.row === 1)).toBe(true);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(40);
  });

  test('moves an item with the keyboard, skipping occupied cells, with live announcements', async ({ page }) => {
    await cell(page, 0, 0).focus();
    await page.keyboard.press('Space');
    await expect(live(page)).toHaveText('Picked up Robot A at row 1, column 1');
    // Cells (1,0) and (2,0) are taken: the carried item skips to column 4.
    await page.keyboard.press('ArrowRight');
    await expect(live(page)).toHaveText('Moved to row 1, column 4');
    await page.keyboard.press('Enter');
    await expect(live(page)).toHaveText('Dropped Robot A at row 1, column 4');
    await expect(cell(page, 3, 0)).toBeFocused();
    await expect(cell(page, 3, 0)).toHaveAttribute('data-occupied', 'true');
    // Announcements clear after a second.
    await expect(live(page)).toHaveText('', { timeout: 3000 });

    // Escape cancels and returns focus to the origin.
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    await expect(live(page)).toHaveText('Cancelled');
    await expect(cell(page, 3, 0)).toBeFocused();
    // Bounds: carrying up from the first row stays put.
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Escape');
    const state = await shelfState(page);
    expect(state.arrangements.find((a) => a.col === 3 && a.row === 0)).toBeTruthy();
  });

  test('auto-arrange previews, cancels, applies, undoes and resets', async ({ page }) => {
    await cell(page, 0, 0).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(live(page)).toHaveText('Dropped Robot A at row 2, column 1');
    // The drop is announced at once; the move is saved a moment later: the state compared below is the saved one.
    await expect.poll(async () => (await shelfState(page)).arrangements.some((a) => a.col === 0 && a.row === 1)).toBe(true);
    const before = (await shelfState(page)).arrangements;

    await page.getByTestId('auto-arrange').click();
    const dialog = page.getByTestId('auto-arrange-dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect((await shelfState(page)).arrangements).toEqual(before);

    await page.getByTestId('auto-arrange').click();
    await page.getByTestId('auto-arrange-apply').click();
    await expect(page.getByText('Auto-arrangement applied')).toBeVisible();
    // anime first, then the robots newest first.
    await expect(cell(page, 0, 0)).toHaveAttribute('aria-label', /Anime B/);
    await expect(cell(page, 1, 0)).toHaveAttribute('aria-label', /Robot C/);
    await expect(cell(page, 2, 0)).toHaveAttribute('aria-label', /Robot A/);

    await page.getByTestId('shelf-undo').click();
    await expect(page.getByText('Undone')).toBeVisible();
    await expect(cell(page, 0, 1)).toHaveAttribute('aria-label', /Robot A/);
    expect((await shelfState(page)).arrangements.map((a) => `${a.itemId}@${a.col},${a.row}`).sort()).toEqual(
      before.map((a) => `${a.itemId}@${a.col},${a.row}`).sort(),
    );
    await expect(page.getByTestId('shelf-undo')).toBeDisabled();

    await page.getByTestId('shelf-reset').click();
    await expect(page.getByText('Reset to last saved state')).toBeVisible();
  });

  test('resizes the shelf; what no longer fits goes to overflow', async ({ page }) => {
    await page.getByTestId('shelf-resize-cols').selectOption('2');
    await page.getByTestId('shelf-resize-rows').selectOption('1');
    await page.getByRole('button', { name: 'Resize' }).click();
    await expect(grid(page).getByTestId('shelf-cell')).toHaveCount(2);
    const overflow = page.getByTestId('overflow-panel');
    await expect(overflow.getByTestId('overflow-item')).toHaveCount(1);
    await expect(overflow).toContainText('Robot C');
    const state = await shelfState(page);
    expect(state.arrangements.filter((a) => a.overflow)).toHaveLength(1);
  });
});

test.describe('arranging the shelf on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a long press picks an item up and a drag lands where the finger lifts, the page still', async ({ page }) => {
    test.setTimeout(120_000);
    await onboardedUserInPage(page);
    await seedShelfItems(page.request, [{ title: 'Robot A', tags: 'robots' }]);
    await page.goto('/me/shelf');
    await page.getByTestId('edit-layout-switch').click();
    await expect(grid(page)).toHaveAttribute('data-edit-mode', 'true');
    await grid(page).scrollIntoViewIfNeeded();
    const src = (await cell(page, 0, 0).boundingBox())!;
    const dst = (await cell(page, 1, 1).boundingBox())!;
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
    const from = { x: src.x + src.width / 2, y: src.y + src.height / 2 };
    const to = { x: dst.x + dst.width / 2, y: dst.y + dst.height / 2 };
    await touch('touchStart', from.x, from.y);
    // The long press (200 ms) picks it up (announced, then its own cell as the place it is over).
    await expect(live(page)).toHaveText(/^(Picked up Robot A at row 1, column 1|Moved to row 1, column 1)$/);
    const scrollBefore = await page.evaluate(() => window.scrollY);
    for (let i = 1; i <= 12; i++) await touch('touchMove', from.x + ((to.x - from.x) * i) / 12, from.y + ((to.y - from.y) * i) / 12);
    await expect(cell(page, 1, 1)).toHaveAttribute('data-target', 'true');
    await touch('touchEnd', to.x, to.y);
    await expect(live(page)).toHaveText('Dropped Robot A at row 2, column 2');
    await expect.poll(async () => (await shelfState(page)).arrangements.some((a) => a.col === 1 && a.row === 1)).toBe(true);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrollBefore)).toBeLessThan(40);
  });
});

test('the shelf page has no axe violations, with the wizard closed and open', async ({ page }) => {
  test.setTimeout(90_000);
  await onboardedUserInPage(page);
  await seedShelfItems(page.request, [{ title: 'Axe robot', tags: 'robots' }]);
  await page.goto('/me/shelf');
  await expect(cell(page, 0, 0)).toHaveAttribute('data-occupied', 'true');
  await expectNoAxeViolations(page, 'shelf');
  await page.getByTestId('edit-layout-switch').click();
  await expectNoAxeViolations(page, 'shelf in edit mode');
  await page.getByTestId('add-item').click();
  await expect(page.getByTestId('add-item-wizard')).toBeVisible();
  await expectNoAxeViolations(page, 'add-item wizard');
});
