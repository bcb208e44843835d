import { expect, test, type Page } from '@playwright/test';
import { onboardedUserInPage, seedShelfItems, uniqueHandle } from './support/api';
import { expectNoAxeViolations, useTheme } from './support/axe';
import { shot } from './support/shots';

const box = (page: Page) => page.getByRole('combobox', { name: /Search|搜索/ }).first();
const listbox = (page: Page) => page.getByRole('listbox');

test.describe('search', () => {
  test.setTimeout(180_000);

  test('the header box by keyboard (/, arrows, Enter, Escape), and results in tabs the address mirrors', async ({ page }) => {
    await onboardedUserInPage(page);
    const word = uniqueHandle('zorb').replace(/_/g, '');
    const [itemId] = await seedShelfItems(page.request, [{ title: `${word} tin robot`, tags: 'robots' }]);

    await page.goto('/explore');
    await expect(page.locator('h1')).toBeVisible();
    // The header's search loads just after the page.
    await expect(box(page)).toBeVisible();
    await page.locator('body').press('/');
    await expect(box(page)).toBeFocused();
    await box(page).pressSequentially(word.slice(0, 6));
    await expect(box(page)).toHaveAttribute('aria-expanded', 'true');
    const item = listbox(page).locator('[data-kind="item"]');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(`${word} tin robot`);
    await shot(page, 'search-suggestions-desktop-light-en');

    // The first option is the item; Up from it wraps to "all results".
    await box(page).press('ArrowDown');
    await expect(box(page)).toHaveAttribute('aria-activedescendant', (await item.getAttribute('id'))!);
    await box(page).press('ArrowUp');
    await expect(listbox(page).locator('[data-kind="all"]')).toHaveAttribute('aria-selected', 'true');
    await box(page).press('Escape');
    await expect(box(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(box(page)).toHaveValue(word.slice(0, 6));
    await box(page).press('ArrowDown');
    await expect(box(page)).toHaveAttribute('aria-expanded', 'true');
    await box(page).press('Enter');
    await expect(page).toHaveURL(new RegExp(`/i/${itemId}$`));

    // Enter with nothing chosen: the results page.
    await page.locator('body').press('/');
    await box(page).fill(word);
    await box(page).press('Enter');
    await expect(page).toHaveURL(`/search?q=${word}`);
    await expect(page.getByTestId('search-items').getByTestId('explore-card')).toHaveCount(1);
    await expectNoAxeViolations(page, 'search results');
    await shot(page, 'search-results-desktop-light-en', { fullPage: true });
    await page.setViewportSize({ width: 820, height: 700 });
    await shot(page, 'search-results-tablet-light-en');
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.getByRole('tab', { name: 'Items' }).click();
    await expect(page).toHaveURL(`/search?q=${word}&type=items`);
    await expect(page.getByTestId('explore-card')).toHaveCount(1);
    await page.getByRole('tab', { name: 'People' }).press('ArrowRight');
    await expect(page).toHaveURL(`/search?q=${word}&type=tags`);
    await page.getByRole('tab', { name: 'People' }).click();
    await expect(page).toHaveURL(`/search?q=${word}&type=people`);
    await expect(page.getByTestId('search-empty')).toContainText(`No people match “${word}”`);
    await expectNoAxeViolations(page, 'search empty state');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'search-empty-phone-light-en', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goBack();
    await page.goto(`/search?q=${word}&type=tags`);
    await expect(page.getByRole('tab', { name: 'Tags' })).toHaveAttribute('aria-selected', 'true');
  });

  test('on a phone the header opens a search sheet; Chinese and dark', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await useTheme(page, 'dark');
    await page.addInitScript(() => localStorage.setItem('curio.lang', 'zh-CN'));
    await onboardedUserInPage(page);
    const word = `${uniqueHandle('q').slice(-4)}高达模型`;
    await seedShelfItems(page.request, [{ title: `RX-78 ${word}`, tags: '模型' }]);

    await page.goto('/explore');
    await expect(page.locator('h1')).toBeVisible();
    await expect(box(page)).toBeHidden();
    await page.getByTestId('search-open').click();
    const sheet = page.getByTestId('search-sheet');
    await expect(sheet).toBeVisible();
    await expect(box(page)).toBeFocused();
    await box(page).pressSequentially('高达');
    await expect(sheet.locator('[data-kind="item"]').first()).toBeVisible();
    await expectNoAxeViolations(page, 'search sheet');
    await shot(page, 'search-sheet-phone-dark-zh');
    await box(page).press('Enter');
    await expect(page).toHaveURL(`/search?q=${encodeURIComponent('高达')}`);
    await expect(sheet).toBeHidden();
    await expect(page.getByTestId('explore-card').first()).toBeVisible();
    await shot(page, 'search-results-phone-dark-zh', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('search-page-input').fill('模型');
    await page.getByTestId('search-page-input').press('Enter');
    await expect(page.getByTestId('search-tags')).toBeVisible();
    await shot(page, 'search-results-desktop-dark-zh', { fullPage: true });
  });

  test('a guest on a phone: the header fits with its search button, and Escape closes the empty sheet', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript(() => localStorage.setItem('curio.lang', 'zh-CN'));
    await page.goto('/explore');
    await expect(page.locator('h1')).toBeVisible();
    await expect(page.getByTestId('search-open')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page.locator('header'), 'search-guest-header-phone-light-zh');
    await page.locator('body').press('/');
    await expect(page.getByTestId('search-sheet')).toBeVisible();
    await expect(box(page)).toBeFocused();
    await box(page).press('Escape');
    await expect(page.getByTestId('search-sheet')).toBeHidden();
  });
});
