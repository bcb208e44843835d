import { expect, test, type APIRequestContext } from '@playwright/test';
import { ORIGIN_HEADER, onboardedUserInPage, PASSWORD, uniqueEmail, waitForMail } from './support/api';
import { expectNoAxeViolations, useTheme } from './support/axe';
import { shot } from './support/shots';

async function signInByApi(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/auth/v1/sign-in/email', { data: { email, password }, headers: ORIGIN_HEADER });
  expect(res.ok()).toBe(true);
}

test('changing the password signs the other session out; the account page passes axe', async ({ page, browser }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { email } = await onboardedUserInPage(page);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInByApi(otherPage.request, email, PASSWORD);
  await otherPage.goto('/settings/account');
  await expect(otherPage.getByRole('region', { name: 'Email and password' })).toBeVisible();

  await page.goto('/settings/account');
  const section = page.getByRole('region', { name: 'Email and password' });
  await expect(section.getByTestId('account-email')).toHaveText(email);
  await expect(section.getByTestId('email-unverified')).toBeVisible();
  await expect(section.getByLabel('Current password')).toBeVisible();
  await expectNoAxeViolations(page, '/settings/account');
  await shot(section, `recovery-email-section-desktop-en`);

  // A wrong current password is said so.
  await section.getByLabel('Current password').fill('not my password');
  await section.getByLabel('New password').fill('a brand new secret');
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByText("Your current password isn't right.")).toBeVisible();

  // By keyboard: type the right one and press Enter in the field.
  await section.getByLabel('Current password').fill(PASSWORD);
  await section.getByLabel('New password').focus();
  await page.keyboard.press('Enter');
  await expect(section.getByTestId('password-changed')).toBeVisible();

  // This browser stays signed in; the other one is signed out on its next request.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Email and password' })).toBeVisible();
  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/login/);
  await other.close();

  // Resending the confirmation mail.
  await page.getByRole('button', { name: 'Send the confirmation mail again' }).click();
  await expect(page.getByText(`A new confirmation link is on its way to ${email}.`)).toBeVisible();
});

test('signs in with a code by mail; a wrong code is told', async ({ page, browser }) => {
  const { email } = await onboardedUserInPage(page);
  const guest = await browser.newContext();
  const p = await guest.newPage();
  await p.setViewportSize({ width: 390, height: 844 });
  await p.goto('/login');
  await p.getByRole('button', { name: 'Send me a code instead' }).click();
  const form = p.getByTestId('email-code-form');
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Email me a code' }).click();
  await expect(form.getByText(`We sent a code to ${email}.`)).toBeVisible();
  const mail = await waitForMail(p.request, email, 'sign-in code');
  const code = mail.subject.match(/\b(\d{6})\b/)![1]!;
  await expect(form.getByLabel('Code')).toBeFocused();
  await expectNoAxeViolations(p, '/login code step');
  await shot(p, `recovery-code-phone-en`, { fullPage: true });

  await form.getByLabel('Code').fill(code === '000000' ? '111111' : '000000');
  await form.getByRole('button', { name: 'Sign in with this code' }).click();
  await expect(form.getByText("That code isn't right. Check the mail and try again.")).toBeVisible();
  await form.getByLabel('Code').fill(code);
  await p.keyboard.press('Enter');
  await expect(p).not.toHaveURL(/\/login/);
  const session = await (await p.request.get('/auth/v1/get-session')).json();
  expect(session?.user?.email).toBe(email);
  await guest.close();
});

test('changes the address through the link mailed to the new one', async ({ page }) => {
  const { email } = await onboardedUserInPage(page);
  const newEmail = uniqueEmail('moved');
  await page.goto('/settings/account');
  const section = page.getByRole('region', { name: 'Email and password' });
  await section.getByLabel('New email address').fill(newEmail);
  await section.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(section.getByTestId('email-change-sent')).toContainText(newEmail);
  // Nothing changed yet; the old address was told.
  await expect(section.getByTestId('account-email')).toHaveText(email);
  await waitForMail(page.request, email, 'about to change');

  const mail = await waitForMail(page.request, newEmail, 'Confirm your new address');
  await page.goto(mail.href!);
  await expect(page).toHaveURL(/\/settings\/account$/);
  await expect(page.getByText('Your email address has been changed.')).toBeVisible();
  await expect(page.getByTestId('account-email')).toHaveText(newEmail);
  await expect(page.getByTestId('email-verified')).toBeVisible();
});

test('screenshots: the account page in Chinese on a phone, and dark', async ({ page }) => {
  await onboardedUserInPage(page);
  await page.addInitScript(() => window.localStorage.setItem('curio.lang', 'zh-CN'));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/settings/account');
  await expect(page.getByRole('region', { name: '邮箱和密码' })).toBeVisible();
  await expect(page.getByRole('region', { name: '你的登录位置' }).getByTestId('session-row').first()).toBeVisible();
  await shot(page, `recovery-account-phone-zh`, { fullPage: true });
});

test('screenshots: dark', async ({ page }) => {
  await useTheme(page, 'dark');
  await onboardedUserInPage(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/settings/account');
  await expect(page.getByRole('region', { name: 'Email and password' }).getByLabel('Current password')).toBeVisible();
  await expectNoAxeViolations(page, '/settings/account (dark)');
  await shot(page.getByRole('region', { name: 'Email and password' }), `recovery-email-section-dark`);
});
