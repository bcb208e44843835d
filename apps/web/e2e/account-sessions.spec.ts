import { expect, test } from '@playwright/test';
import { ORIGIN_HEADER, onboardedUserInPage, PASSWORD } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { shot } from './support/shots';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

test('lists both browsers’ sessions; "sign out other sessions" ends the other one', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { email } = await onboardedUserInPage(page);
  // A second browser, on "Windows" (its user agent), signed in with the same account.
  const other = await browser.newContext({ userAgent: FIREFOX_WINDOWS });
  const otherPage = await other.newPage();
  const res = await otherPage.request.post('/auth/v1/sign-in/email', { data: { email, password: PASSWORD }, headers: ORIGIN_HEADER });
  expect(res.ok()).toBe(true);
  await otherPage.goto('/settings/account');
  await expect(otherPage.getByRole('region', { name: "Where you're signed in" }).getByTestId('session-row')).toHaveCount(2);

  await page.goto('/settings/account');
  const section = page.getByRole('region', { name: "Where you're signed in" });
  const rows = section.getByTestId('session-row');
  await expect(rows).toHaveCount(2);
  const mine = rows.filter({ has: page.getByTestId('this-device') });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(/Chrome on /);
  await expect(mine).toContainText('This network');
  await expect(rows.filter({ hasText: 'Firefox on Windows' })).toHaveCount(1);
  await expect(rows.first()).toContainText('Active now');
  await expectNoAxeViolations(page, '/settings/account sessions');
  await shot(section, `recovery-sessions-desktop-en`);

  // By keyboard: focus "Sign out other sessions" and press Enter.
  await section.getByRole('button', { name: 'Sign out other sessions' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Your other sessions have been signed out.')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(section.getByRole('button', { name: 'Sign out other sessions' })).toBeDisabled();

  // The other browser's very next request finds no session.
  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/login/);
  await other.close();
});

test('signs one other session out by its own button, then everywhere', async ({ page, browser }) => {
  const { email } = await onboardedUserInPage(page);
  const other = await browser.newContext({ userAgent: FIREFOX_WINDOWS });
  const otherPage = await other.newPage();
  expect((await otherPage.request.post('/auth/v1/sign-in/email', { data: { email, password: PASSWORD }, headers: ORIGIN_HEADER })).ok()).toBe(true);

  await page.goto('/settings/account');
  const section = page.getByRole('region', { name: "Where you're signed in" });
  await section.getByRole('button', { name: 'Sign out Firefox on Windows' }).click();
  await expect(page.getByText('Firefox on Windows has been signed out.')).toBeVisible();
  await expect(section.getByTestId('session-row')).toHaveCount(1);
  await otherPage.goto('/settings/account');
  await expect(otherPage).toHaveURL(/\/login/);
  await other.close();

  await section.getByRole('button', { name: 'Sign out everywhere' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Sign out everywhere?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'sign out everywhere dialog');
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/settings/account');
  await expect(page).toHaveURL(/\/login/);
});
