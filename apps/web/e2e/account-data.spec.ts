import { expect, test, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { E2E_ORIGIN, fn, onboardedUserInPage, ORIGIN_HEADER, PASSWORD, seedShelfItems, signInAdmin, uniqueEmail, uniqueHandle } from './support/api';
import { expectNoAxeViolations, useTheme } from './support/axe';

const SHOTS = '/tmp/team/shots';

/** The newest outbox mail to `email` whose subject contains `subject`: its first link and its text. */
async function mailFromOutbox(page: Page, email: string, subject: string) {
  await page.goto('/dev/outbox');
  const mail = page
    .locator('article', { hasText: `to ${email} ` })
    .filter({ hasText: subject })
    .first();
  await expect(mail).toBeVisible({ timeout: 20_000 });
  const href = await mail.getByRole('link').first().getAttribute('href');
  return { href: href!.replaceAll('&amp;', '&'), text: (await mail.textContent()) ?? '' };
}

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  const form = page.getByRole('tabpanel', { name: 'Sign in' });
  await form.getByLabel('Email').first().fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

test('download my data: prepared in the background, mailed as a link, downloaded as a ZIP with data.json and images', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { email, handle } = await onboardedUserInPage(page);
  await seedShelfItems(page.request, [{ title: 'Clockwork robot', tags: 'robots, tin' }]);

  await page.goto('/settings/account');
  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section.getByRole('heading', { name: 'Download my data' })).toBeVisible();
  await expectNoAxeViolations(page, 'account data section');
  await section.screenshot({ path: `${SHOTS}/data-section-desktop-en.png` });

  // By keyboard: focus the button and press Enter.
  await section.getByRole('button', { name: 'Prepare my data' }).focus();
  await page.keyboard.press('Enter');
  // Preparing, then ready (the page looks again while the job works).
  await expect(section.getByTestId('export-state')).toHaveAttribute('data-state', /preparing|ready/);
  await expect(section.getByTestId('export-state')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await expect(section.getByText(/Ready to download until/)).toBeVisible();
  await expectNoAxeViolations(page, 'account data section, export ready');
  await section.screenshot({ path: `${SHOTS}/data-section-ready-desktop-en.png` });

  // The button downloads the archive.
  const [download] = await Promise.all([page.waitForEvent('download'), section.getByTestId('export-download').click()]);
  expect(download.suggestedFilename()).toMatch(/^curio-data-\d{4}-\d{2}-\d{2}\.zip$/);

  // The mailed link works for the signed-in owner.
  const mail = await mailFromOutbox(page, email, 'data is ready');
  expect(mail.href).toMatch(/\/storage\/v1\/exports\/[A-Za-z0-9_-]+$/);
  const res = await page.request.get(mail.href);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-disposition']).toMatch(/^attachment;/);
  const files = unzipSync(new Uint8Array(await res.body()));
  const data = JSON.parse(strFromU8(files['data.json']!));
  expect(data.profile.handle).toBe(handle);
  expect(data.items[0].title).toBe('Clockwork robot');
  expect(data.items[0].tags).toEqual(['robots', 'tin']);
  expect(files[data.items[0].chosenImage.file]!.byteLength).toBeGreaterThan(1000);
  expect(files[data.items[0].photos[0].file]!.byteLength).toBeGreaterThan(1000);

  // Without a session the link leads to the account page (sign in first).
  await page.context().clearCookies();
  const guest = await page.request.get(mail.href, { maxRedirects: 0 });
  expect(guest.status()).toBe(302);
  expect(guest.headers()['location']).toBe('/settings/account#data');
});

test('delete my account: confirmed with the password, signed out at once, and signing in again cancels it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { email } = await onboardedUserInPage(page);
  await page.goto('/settings/account');
  const section = page.getByRole('region', { name: 'Your data' });
  await section.getByRole('button', { name: 'Delete my account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  // A wrong password is refused, in words.
  await dialog.getByLabel('Your password').fill('not the password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('That password or code is not right, or the code expired.')).toBeVisible();
  await expectNoAxeViolations(page, 'delete account dialog with an error');
  await dialog.screenshot({ path: `${SHOTS}/data-delete-dialog-desktop-en.png` });

  await dialog.getByLabel('Your password').fill(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText(/Your account will be deleted on/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/data-deleted-login-desktop-en.png` });
  // The session is gone on the server too.
  expect((await page.request.post('/functions/v1/profile-me', { data: {} })).status()).toBe(401);
  const mail = await mailFromOutbox(page, email, 'will be deleted');
  expect(mail.href).toMatch(/\/login$/);

  // Signing in cancels the deletion, and the page says so.
  await signIn(page, email);
  await expect(page.getByText('Welcome back: your account deletion was cancelled.')).toBeVisible();
  await page.goto('/settings/account');
  await expect(section.getByRole('button', { name: 'Delete my account…' })).toBeVisible();
});

test('the data section on a phone, in Chinese, dark', async ({ page }) => {
  await useTheme(page, 'dark');
  await page.addInitScript(() => window.localStorage.setItem('curio.lang', 'zh-CN'));
  await page.setViewportSize({ width: 390, height: 844 });
  await onboardedUserInPage(page);
  await page.goto('/settings/account');
  const section = page.getByRole('region', { name: '你的数据' });
  await section.getByRole('button', { name: '准备我的数据' }).click();
  await expect(section.getByTestId('export-state')).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await expectNoAxeViolations(page, 'data section, phone, Chinese, dark');
  await section.screenshot({ path: `${SHOTS}/data-section-phone-zh-dark.png` });
  await section.getByRole('button', { name: '删除我的账号…' }).click();
  const dialog = page.getByRole('dialog', { name: '确定删除你的账号？' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '改用邮件验证码确认' }).click();
  await expect(dialog.getByLabel('邮件中的验证码')).toBeVisible();
  await expectNoAxeViolations(page, 'delete dialog, code, phone, Chinese, dark');
  await page.screenshot({ path: `${SHOTS}/data-delete-dialog-phone-zh-dark.png` });
});

test('after an account is deleted, others see its answered comment and its conversation as "Deleted user"', async ({ page, playwright }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await onboardedUserInPage(page);
  const [itemId] = await seedShelfItems(page.request, [{ title: 'Tin robot' }]);

  // Someone comments on the item and writes to its owner; the owner answers both.
  const gone = await playwright.request.newContext({ baseURL: E2E_ORIGIN });
  const email = uniqueEmail('gone');
  const signUp = await gone.post('/auth/v1/sign-up/email', { data: { email, password: PASSWORD, name: 'g' }, headers: ORIGIN_HEADER });
  const goneId = ((await signUp.json()) as { user: { id: string } }).user.id;
  await fn(gone, 'onboarding-complete', { handle: uniqueHandle('g'), displayName: 'Soon Gone', bio: '', public: true });
  await fn(gone, 'comments-create', { itemId, body: 'Where did you find it?' });
  const ownerId = ((await fn(page.request, 'profile-me')) as { profile: { userId: string } }).profile.userId;
  const { thread } = await fn(gone, 'dm-thread-upsert', { otherUserId: ownerId });
  await fn(gone, 'dm-send', { threadId: thread.id, text: 'Would you sell it?' });
  // The answers once the clock has moved on, so their times order them after what they answer.
  const asked = Date.now();
  await expect.poll(() => Date.now()).toBeGreaterThan(asked);
  await fn(page.request, 'comments-create', { itemId, body: 'At a flea market!' });
  await fn(page.request, 'dm-send', { threadId: thread.id, text: 'Not for sale, sorry.' });

  // An admin deletes the account at once (the same deletion the grace period ends in).
  const admin = await playwright.request.newContext({ baseURL: E2E_ORIGIN });
  await signInAdmin(admin);
  await fn(admin, 'admin-user-delete', { userId: goneId, confirm: email });

  await page.goto(`/i/${itemId}`);
  const deleted = page.locator('[data-deleted-user="true"]');
  await expect(deleted).toContainText('Deleted user');
  await expect(deleted).toContainText('This comment was removed with its author’s account.');
  await expect(page.getByText('At a flea market!')).toBeVisible();
  await expect(page.getByText('Where did you find it?')).toHaveCount(0);
  await expectNoAxeViolations(page, 'item page with a deleted user comment');
  await page
    .locator('[data-testid="comment"]')
    .first()
    .locator('..')
    .screenshot({ path: `${SHOTS}/data-deleted-comment-desktop-en.png` });

  await page.goto(`/me/messages/${thread.id}`);
  await expect(page.getByTestId('conversation-name')).toHaveText('Deleted user');
  await expect(page.getByTestId('message-text')).toHaveText(['Not for sale, sorry.']);
  await expect(page.getByTestId('conversation-closed')).toHaveText('This person deleted their account. You can still read the conversation, but not reply.');
  await expectNoAxeViolations(page, 'conversation with a deleted account');
  await page.screenshot({ path: `${SHOTS}/data-deleted-conversation-desktop-en.png` });
});
