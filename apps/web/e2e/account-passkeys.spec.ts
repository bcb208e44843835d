import { expect, test, type Page } from '@playwright/test';
import { onboardedUserInPage } from './support/api';
import { axe, expectAxeClean, expectNoAxeViolations, useTheme } from './support/axe';
import { shot } from './support/shots';
import { virtualAuthenticator } from './support/passkey';

/** axe on the passkeys section alone (the page's other sections have their own tests). */
async function expectSectionAxeClean(page: Page, label: string, selector = '[data-testid="passkeys-section"]') {
  await expectAxeClean(axe(page).include(selector), label);
}

test('a passkey is added with a name, signs the person in, is renamed by keyboard, and once deleted signs in no more', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const authenticator = await virtualAuthenticator(page);
  await onboardedUserInPage(page);

  await page.goto('/settings/account');
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByText('No passkeys yet. Add one to sign in without a password.')).toBeVisible();
  const name = section.getByLabel('Name', { exact: true });
  // The name is taken from the device to begin with (the browser and its system).
  await expect(name).toHaveValue(/^Chrome on (Windows|Linux|macOS)$/);
  await expectSectionAxeClean(page, 'account passkeys, none yet');

  await name.fill('Work laptop');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByTestId('passkey-name')).toHaveText(['Work laptop']);
  await expect(section.getByText(/^Added .* · Not used yet$/)).toBeVisible();
  expect(await authenticator.credentials()).toHaveLength(1);

  // The same authenticator again: the browser refuses (excludeCredentials) and the page says why.
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByTestId('passkey-add-error')).toHaveText('This device already holds a passkey for your account.');
  expect(await authenticator.credentials()).toHaveLength(1);
  await expectSectionAxeClean(page, 'account passkeys, one passkey and an error');
  await shot(section, `passkeys-section-desktop-en`);

  // Signed out, the person signs in with the passkey alone.
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/settings/account');
  await expect(section.getByTestId('passkey-name')).toHaveText(['Work laptop']);
  // The sign-in is the passkey's last use.
  await expect(section.getByText(/^Added .* · Last used /)).toBeVisible();

  // Renamed by keyboard: the button opens a field with the name, Enter saves.
  await section.getByRole('button', { name: 'Rename Work laptop' }).focus();
  await page.keyboard.press('Enter');
  const field = section.getByLabel('Name', { exact: true }).first();
  await expect(field).toBeFocused();
  await field.fill('Home desktop');
  await page.keyboard.press('Enter');
  await expect(section.getByTestId('passkey-name')).toHaveText(['Home desktop']);
  await expect(section.getByRole('button', { name: 'Rename Home desktop' })).toBeFocused();

  // Deleted after a confirmation (Cancel keeps it).
  await section.getByRole('button', { name: 'Delete Home desktop' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete the passkey “Home desktop”?' });
  await expect(dialog).toBeVisible();
  await expectSectionAxeClean(page, 'delete passkey confirmation', '[role="alertdialog"]');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(section.getByTestId('passkey-name')).toHaveText(['Home desktop']);
  await section.getByRole('button', { name: 'Delete Home desktop' }).click();
  await dialog.getByRole('button', { name: 'Delete passkey' }).click();
  await expect(section.getByText('No passkeys yet. Add one to sign in without a password.')).toBeVisible();

  // The device still holds the key, but the site no longer knows it.
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert').filter({ hasText: "This passkey isn't registered here any more. Sign in another way." })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expectNoAxeViolations(page, 'login with the passkey and Ethereum buttons and a passkey error');
});

test('the passkeys section on a phone, in Chinese, dark', async ({ page }) => {
  await virtualAuthenticator(page);
  await useTheme(page, 'dark');
  await page.addInitScript(() => window.localStorage.setItem('curio.lang', 'zh-CN'));
  await page.setViewportSize({ width: 390, height: 844 });
  await onboardedUserInPage(page);
  await page.goto('/settings/account');
  const section = page.getByRole('region', { name: '通行密钥' });
  await section.getByLabel('名称').fill('我的手机');
  await section.getByRole('button', { name: '添加通行密钥' }).click();
  await expect(section.getByTestId('passkey-name')).toHaveText(['我的手机']);
  await expectSectionAxeClean(page, 'passkeys section, phone, Chinese, dark');
  await shot(section, `passkeys-section-phone-zh-dark`);
  await page.context().clearCookies();
  await page.goto('/login');
  await shot(page, `passkeys-login-phone-zh-dark`, { fullPage: true });
});
