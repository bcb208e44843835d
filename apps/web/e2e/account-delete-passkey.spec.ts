import { expect, test, type Page } from '@playwright/test';
import { onboardedUserInPage, ORIGIN_HEADER } from './support/api';
import { expectNoAxeViolations, useTheme } from './support/axe';
import { shot } from './support/shots';
import { virtualAuthenticator } from './support/passkey';

async function addPasskey(page: Page, sectionName: string, nameLabel: string, addLabel: string) {
  const section = page.getByRole('region', { name: sectionName });
  await section.getByLabel(nameLabel, { exact: true }).fill('Laptop');
  await section.getByRole('button', { name: addLabel }).click();
  await expect(section.getByTestId('passkey-name')).toHaveText(['Laptop']);
}

test('delete my account confirmed by a passkey: offered only with one, done by keyboard, signed out at once', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await virtualAuthenticator(page);
  await onboardedUserInPage(page);
  await page.goto('/settings/account');
  const data = page.getByRole('region', { name: 'Your data' });

  // Without a passkey the dialog asks for the password (or a code) only.
  await data.getByRole('button', { name: 'Delete my account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByLabel('Your password')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Confirm with a passkey' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await addPasskey(page, 'Passkeys', 'Name', 'Add a passkey');

  await data.getByRole('button', { name: 'Delete my account…' }).click();
  const withPasskey = dialog.getByRole('button', { name: 'Confirm with a passkey' });
  await expect(withPasskey).toBeVisible();
  await expect(dialog.getByLabel('Your password')).toBeVisible();
  await expectNoAxeViolations(page, 'delete dialog with a passkey');
  await shot(dialog, `gaps-delete-passkey-dialog-desktop-en`);

  await withPasskey.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText(/Your account will be deleted on/)).toBeVisible();
  // Every session ended on the server, the passkey's new one too.
  expect((await page.request.post('/functions/v1/profile-me', { data: {}, headers: ORIGIN_HEADER })).status()).toBe(401);
});

test('the passkey choice in the delete dialog on a phone, in Chinese, dark', async ({ page }) => {
  await useTheme(page, 'dark');
  await page.addInitScript(() => window.localStorage.setItem('curio.lang', 'zh-CN'));
  await page.setViewportSize({ width: 390, height: 844 });
  await virtualAuthenticator(page);
  await onboardedUserInPage(page);
  await page.goto('/settings/account');
  const passkeys = page.getByTestId('passkeys-section');
  await passkeys.getByRole('textbox').first().fill('Laptop');
  await passkeys.getByRole('textbox').first().press('Enter');
  await expect(passkeys.getByTestId('passkey-name')).toHaveText(['Laptop']);
  await page.getByRole('region', { name: '你的数据' }).getByRole('button', { name: '删除我的账号…' }).click();
  const dialog = page.getByRole('dialog', { name: '确定删除你的账号？' });
  await expect(dialog.getByRole('button', { name: '用通行密钥确认' })).toBeVisible();
  await expectNoAxeViolations(page, 'delete dialog with a passkey, phone, Chinese, dark');
  await shot(page, `gaps-delete-passkey-dialog-phone-zh-dark`);
});
