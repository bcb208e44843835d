import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { onboardedUserInPage, ORIGIN_HEADER, PASSWORD, signInAdmin } from './support/api';
import { expectNoAxeViolations, useTheme } from './support/axe';
import { shot } from './support/shots';
import { totp } from './support/totp';

/** Enrols an authenticator app for the signed-in user of `request` through better-auth's endpoints. */
async function enrolTotp(request: APIRequestContext) {
  const enable = await request.post('/auth/v1/two-factor/enable', { data: { password: PASSWORD }, headers: ORIGIN_HEADER });
  expect(enable.ok()).toBe(true);
  const secret = new URL(((await enable.json()) as { totpURI: string }).totpURI).searchParams.get('secret')!;
  const verify = await request.post('/auth/v1/two-factor/verify-totp', { data: { code: totp(secret) }, headers: ORIGIN_HEADER });
  expect(verify.ok()).toBe(true);
}

async function openAccount(page: Page, handle: string, listShot?: string) {
  await page.goto('/admin?tab=users');
  await page.getByTestId('admin-users-search').fill(handle);
  const row = page
    .getByTestId('admin-user-row')
    .filter({ hasText: `@${handle}` })
    .filter({ visible: true });
  await expect(row).toHaveCount(1);
  if (listShot) await shot(page, `${listShot}`);
  await row.getByTestId('admin-user-details').click();
  const dialog = page.getByTestId('admin-user-detail');
  await expect(dialog.getByTestId('admin-user-facts')).toBeVisible();
  return { row, dialog };
}

test('an admin sees an account in detail, removes its authenticator app, hands over a one-time sign-in link and deletes it', async ({ browser }) => {
  test.setTimeout(150_000);
  const userContext = await browser.newContext();
  // The collector is made through the API only: a page running the app would share the cookie jar, and
  // its own session check, made with the session the second factor's enrolment replaces, could answer
  // with a cleared cookie after the new one arrived.
  const userPage = await userContext.newPage();
  const user = await onboardedUserInPage(userPage);
  await enrolTotp(userPage.request);
  expect((await userPage.request.get('/functions/v1/profile-me')).status()).toBe(200);

  const adminContext = await browser.newContext();
  await adminContext.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAdmin(adminContext.request);
  const page = await adminContext.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  const { row, dialog } = await openAccount(page, user.handle);

  // The facts.
  await expect(dialog.getByRole('heading', { name: `Account of @${user.handle}` })).toBeVisible();
  await expect(dialog.getByTestId('admin-user-facts')).toContainText(user.email);
  await expect(dialog.getByTestId('admin-user-sessions')).not.toHaveText('0');
  await expect(dialog.getByTestId('admin-user-methods')).toContainText('Password');
  await expect(dialog.getByTestId('admin-user-two-factor')).toContainText('Two-step sign-in is on');
  await expect(dialog.getByTestId('admin-factor')).toHaveCount(1);
  await expect(dialog.getByTestId('admin-factor')).toContainText('Authenticator app');
  await expectNoAxeViolations(page, 'account detail');
  await shot(page, `admin-detail-desktop`);

  // Remove the factor, by keyboard.
  await dialog.getByTestId('admin-factor-remove').focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Remove Authenticator app?');
  await expectNoAxeViolations(page, 'remove factor confirmation');
  await confirm.getByTestId('admin-factor-remove-confirm').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('two-step sign-in is now off')).toBeVisible();
  await expect(dialog.getByTestId('admin-factors-empty')).toBeVisible();
  await expect(dialog.getByTestId('admin-user-two-factor')).toHaveText('Two-step sign-in is off.');
  await expect(dialog.getByTestId('admin-user-history')).toContainText('Factor removed');
  // The person's password sign-in no longer asks for a code.
  const plain = await browser.newContext();
  const signIn = await plain.request.post('/auth/v1/sign-in/email', { data: { email: user.email, password: PASSWORD }, headers: ORIGIN_HEADER });
  expect(((await signIn.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBeUndefined();
  await plain.close();

  // A one-time sign-in link, copied.
  await dialog.getByTestId('admin-sign-in-link-create').click();
  const linkBox = dialog.getByTestId('admin-sign-in-link');
  await expect(linkBox).toHaveValue(/\/auth\/v1\/magic-link\/verify\?token=/);
  const url = await linkBox.inputValue();
  await dialog.getByTestId('admin-sign-in-link-copy').click();
  await expect(page.getByText('Link copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expect(dialog.getByTestId('admin-user-history')).toContainText('Sign-in link made');
  await expectNoAxeViolations(page, 'account detail with a sign-in link');

  // The link signs the person in once, in a browser that had no session.
  const handed = await browser.newContext();
  const handedPage = await handed.newPage();
  await handedPage.goto(url);
  await expect(handedPage).not.toHaveURL(/\/login/);
  const session = (await (await handedPage.request.get('/auth/v1/get-session')).json()) as { user: { email: string } };
  expect(session.user.email).toBe(user.email);
  const again = await browser.newContext();
  const againPage = await again.newPage();
  await againPage.goto(url);
  await expect(againPage).toHaveURL(/\/login\?error=INVALID_TOKEN/);
  expect(await (await againPage.request.get('/auth/v1/get-session')).json()).toBeNull();
  await again.close();

  // Delete: the typed address must match; every session ends at once.
  await dialog.getByTestId('admin-user-delete').click();
  const del = page.getByRole('alertdialog');
  await expect(del).toContainText(`Delete @${user.handle} for good?`);
  const input = del.getByTestId('admin-user-delete-confirm-input');
  await expect(input).toBeFocused();
  await input.fill('someone-else@example.com');
  await expect(del.getByTestId('admin-user-delete-confirm')).toBeDisabled();
  await expectNoAxeViolations(page, 'delete confirmation');
  await input.fill(user.email);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`@${user.handle} was deleted.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);
  expect((await userPage.request.get('/functions/v1/profile-me')).status()).toBe(401);
  expect((await handedPage.request.get('/functions/v1/profile-me')).status()).toBe(401);

  await handed.close();
  await adminContext.close();
  await userContext.close();
});

test('the account detail in Chinese, dark, on a phone', async ({ browser }) => {
  test.setTimeout(90_000);
  const userContext = await browser.newContext();
  // The collector is made through the API only: a page running the app would share the cookie jar, and
  // its own session check, made with the session the second factor's enrolment replaces, could answer
  // with a cleared cookie after the new one arrived.
  const userPage = await userContext.newPage();
  const user = await onboardedUserInPage(userPage);
  await enrolTotp(userPage.request);

  const adminContext = await browser.newContext();
  await signInAdmin(adminContext.request);
  const page = await adminContext.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => window.localStorage.setItem('curio.lang', 'zh-CN'));
  await useTheme(page, 'dark');
  const { dialog } = await openAccount(page, user.handle, 'admin-list-phone-zh-dark');
  await expect(dialog.getByRole('heading', { name: `@${user.handle} 的账号` })).toBeVisible();
  await expect(dialog.getByTestId('admin-user-two-factor')).toContainText('两步验证已开启');
  await expectNoAxeViolations(page, 'account detail, zh-CN dark phone');
  // Nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, `admin-detail-phone-zh-dark`);
  await dialog.getByTestId('admin-sign-in-link-create').click();
  await expect(dialog.getByTestId('admin-sign-in-link')).toBeVisible();
  await dialog.getByTestId('admin-sign-in-link').scrollIntoViewIfNeeded();
  await shot(page, `admin-detail-phone-zh-dark-link`);
  await adminContext.close();
  await userContext.close();
});
