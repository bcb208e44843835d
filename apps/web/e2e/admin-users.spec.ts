import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { onboardedUserInPage, signInAdmin } from './support/api';

test('an admin finds a user, grants credits, makes them moderator and suspends them (their session ends)', async ({ browser }) => {
  test.setTimeout(120_000);
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await userPage.goto('/');
  const user = await onboardedUserInPage(userPage);
  await userPage.goto('/me/shelf');
  await expect(userPage).toHaveURL(/\/me\/shelf$/);

  const adminContext = await browser.newContext();
  await signInAdmin(adminContext.request);
  const page = await adminContext.newPage();
  await page.goto('/admin?tab=users');
  await page.getByTestId('admin-users-search').fill(user.handle);
  const row = page
    .getByTestId('admin-user-row')
    .filter({ hasText: `@${user.handle}` })
    .filter({ visible: true });
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId('admin-user-row').filter({ visible: true })).toHaveCount(1);
  await expect(row.getByTestId('admin-user-credits')).toHaveText('30');
  await expectNoAxeViolations(page, 'admin users panel');

  // Credits with a reason.
  await row.getByTestId('admin-user-manage').click();
  const dialog = page.getByTestId('admin-user-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('admin-credits-submit').click();
  await expect(dialog.getByText('This field is required.')).toBeVisible();
  await dialog.getByTestId('admin-credits-amount').fill('15');
  await dialog.getByTestId('admin-credits-reason').fill('Beta thank-you');
  await dialog.getByTestId('admin-credits-submit').click();
  await expect(dialog.getByTestId('admin-user-balance')).toHaveText('Balance: 45');

  // Moderator, by keyboard.
  await dialog.getByTestId('admin-user-role-moderator').focus();
  await page.keyboard.press('Space');
  await expect(dialog.getByTestId('admin-user-role-moderator')).toHaveAttribute('aria-checked', 'true');
  await expectNoAxeViolations(page, 'manage user dialog');

  // Suspend, confirmed.
  await dialog.getByTestId('admin-user-suspend').click();
  await expect(page.getByRole('alertdialog')).toContainText(`Suspend @${user.handle}?`);
  await page.getByTestId('admin-user-suspend-confirm').click();
  await expect(dialog.getByTestId('admin-user-reactivate')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(row).toContainText('Suspended');
  await expect(row).toContainText('Moderator');
  await expect(row.getByTestId('admin-user-credits')).toHaveText('45');

  // The user's session has ended: their next request is a guest's, and the shelf sends them to sign in.
  const me = await userPage.request.get('/functions/v1/profile-me');
  expect(me.status()).toBe(401);
  await userPage.goto('/me/shelf');
  await expect(userPage).toHaveURL(/\/login/);
  await userPage.getByLabel('Email').first().fill(user.email);
  await userPage.getByLabel('Password').first().fill('display-cabinet-42');
  await userPage.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(userPage.getByText('This account is suspended.', { exact: false })).toBeVisible();

  await adminContext.close();
  await userContext.close();
});

test('/admin/functions shows per-function rows to admins and Access Denied to others', async ({ browser }) => {
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto('/');
  await onboardedUserInPage(otherPage);
  await otherPage.goto('/admin/functions');
  await expect(otherPage.getByText('This page requires admin access')).toBeVisible();
  // A refused call of this test's own, so that the latest failed calls hold one whatever ran before.
  expect((await otherPage.request.get('/functions/v1/admin-function-stats')).status()).toBe(403);
  await other.close();

  const adminContext = await browser.newContext();
  await signInAdmin(adminContext.request);
  const page = await adminContext.newPage();
  await page.goto('/admin/functions');
  await expect(page.getByRole('heading', { name: 'Function statistics' })).toBeVisible();
  // Every process adds its counts every few seconds.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('function-stats-row').filter({ hasText: 'profile-me' })).toBeVisible({ timeout: 2000 });
    await expect(page.getByTestId('function-error').filter({ hasText: 'admin-function-stats' }).first()).toContainText('403', { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expectNoAxeViolations(page, 'admin functions');
  await adminContext.close();
});

test('/admin/jobs shows every job queue to admins from the admin panel, on a desktop and a phone, in both languages', async ({ browser }) => {
  const adminContext = await browser.newContext();
  await signInAdmin(adminContext.request);
  const page = await adminContext.newPage();
  await page.goto('/admin');
  await page.getByTestId('admin-jobs-link').click();
  await expect(page).toHaveURL(/\/admin\/jobs$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Job queue' })).toBeVisible();
  for (const queue of ['cutout', 'mail', 'account-export']) {
    await expect(page.getByTestId('job-queue-row').filter({ has: page.getByRole('rowheader', { name: queue, exact: true }) })).toBeVisible();
  }
  // The server that answered works the queue (on the embedded database, the cut-outs too) and beats.
  const self = page.getByTestId('job-process').filter({ hasText: 'answered this page' });
  await expect(self.getByTestId('job-process-state')).toHaveText('Alive');
  await expect(self).toContainText('cutout');
  await expect(page.getByRole('heading', { name: 'Failed jobs' })).toBeVisible();
  await expectNoAxeViolations(page, 'admin job queue');

  // A phone: a labelled block per queue instead of the table, nothing scrolls sideways; Chinese.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => localStorage.setItem('curio.lang', 'zh-CN'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: '任务队列' })).toBeVisible();
  await expect(page.getByTestId('job-queue-item').filter({ hasText: 'account-export' })).toContainText('等待中');
  await expect(page.getByTestId('job-queues-table')).toBeHidden();
  await expect(page.getByTestId('job-process').filter({ hasText: '响应了此页面' }).getByTestId('job-process-state')).toHaveText('正常');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoAxeViolations(page, 'admin job queue, phone, Chinese');
  if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/admin-jobs-390-zh.png`, fullPage: true });
  await adminContext.close();
});
