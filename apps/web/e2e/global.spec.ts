import { expect, test } from '@playwright/test';
import { admin, signInAdmin } from './support/api';

test('the language choice survives a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('button', { name: /Language/ }).click();
  await page.getByRole('menuitemradio', { name: '中文' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('link', { name: '登录' }).first()).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('link', { name: '登录' }).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('curio.lang'))).toBe('zh-CN');
});

test.describe('under a European time zone', () => {
  test.use({ timezoneId: 'Europe/Berlin', locale: 'en-US' });
  test('shows the consent banner; Decline is remembered and close counts as decline', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Privacy & Analytics' });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
    await banner.getByRole('button', { name: 'Close and decline' }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('curio.analytics-consent'))).toBe('declined');
    await page.reload();
    await expect(page.getByRole('region', { name: 'Privacy & Analytics' })).toBeHidden();
  });

  test('Accept is remembered', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('region', { name: 'Privacy & Analytics' }).getByRole('button', { name: 'Accept' }).click();
    expect(await page.evaluate(() => localStorage.getItem('curio.analytics-consent'))).toBe('accepted');
    await page.reload();
    await expect(page.getByRole('region', { name: 'Privacy & Analytics' })).toBeHidden();
  });
});

test.describe('under a non-European time zone and language', () => {
  test.use({ timezoneId: 'America/New_York', locale: 'en-US' });
  test('shows no consent banner', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Privacy & Analytics' })).toHaveCount(0);
  });
});

test.describe('the announcement', () => {
  const title = `Swap meet ${Date.now()}`;
  test.beforeEach(async ({ playwright, baseURL }) => {
    const api = await playwright.request.newContext({ baseURL });
    await signInAdmin(api);
    await admin.settings(api, {
      announcement: { title, textEn: 'The spring swap meet is on!', textZh: '春季交换会开始啦！', linkUrl: 'https://example.com/meet', dismissible: true },
    });
    await api.dispose();
  });
  test.afterEach(async ({ playwright, baseURL }) => {
    const api = await playwright.request.newContext({ baseURL });
    await signInAdmin(api);
    await admin.settings(api, { announcement: null });
    await api.dispose();
  });

  test('is shown with its learn-more link and stays dismissed', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Announcement' });
    await expect(banner.getByText('The spring swap meet is on!')).toBeVisible();
    const link = banner.getByRole('link', { name: /Learn more/ });
    await expect(link).toHaveAttribute('href', 'https://example.com/meet');
    await expect(link).toHaveAttribute('target', '_blank');
    await banner.getByRole('button', { name: 'Dismiss announcement' }).click();
    await expect(page.getByRole('region', { name: 'Announcement' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Announcement' })).toHaveCount(0);
  });

  test('is shown in Chinese to a Chinese interface', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('curio.lang', 'zh-CN'));
    await page.goto('/');
    await expect(page.getByText('春季交换会开始啦！')).toBeVisible();
  });
});

test('an unknown path shows the 404 page with a home link', async ({ page }) => {
  await page.goto('/no/such/shelf');
  await expect(page.getByRole('heading', { name: 'This spot on the shelf is empty' })).toBeVisible();
  await expect(page).toHaveTitle(/Page not found/);
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the skip link is the first thing the keyboard reaches and moves focus to the content', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: /Skip to content/ });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
});

test('the landing page is titled and described', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Curio/);
  const description = await page.locator('meta[name="description"]').getAttribute('content');
  expect(description?.length).toBeGreaterThan(20);
  await page.addInitScript(() => localStorage.setItem('curio.lang', 'zh-CN'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /[\u4e00-\u9fff]/);
  await expect(page).toHaveTitle(/Curio/);
});
