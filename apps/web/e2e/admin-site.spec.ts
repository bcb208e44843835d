import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { admin, E2E_ORIGIN, fn, onboardedUserInPage, PASSWORD, signInAdmin, uniqueEmail } from './support/api';

/**
 * The admin panel's site settings, invite codes and feedback inbox, and what they change for
 * everyone else: the maintenance overlay and page, the announcement banner in both languages,
 * invite codes redeemed in onboarding, feedback reaching the inbox; axe on each of these pages.
 */

const DEFAULTS = { betaOpen: true, maintenanceMode: false, maintenanceStatusUrl: null, announcement: null, creditRefill: { amount: 30, everyDays: 30 } };

// One admin session for the whole file (each magic-link sign-in is a new session of the same
// account); every test leaves the settings as it found them.
test.describe.configure({ timeout: 120_000 });

let adminContext: BrowserContext;
test.beforeAll(async ({ browser }) => {
  adminContext = await browser.newContext();
  await signInAdmin(adminContext.request);
});
test.afterEach(async () => {
  await admin.settings(adminContext.request, DEFAULTS);
});
test.afterAll(async () => adminContext.close());

async function adminPage(): Promise<Page> {
  return adminContext.newPage();
}

test('maintenance switched on in /admin shows the overlay and /maintenance to a collector, not to the admin', async ({ browser }) => {
  const adminTab = await adminPage();
  await adminTab.goto('/admin');
  await expect(adminTab.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();
  await expect(adminTab.getByRole('tab', { name: 'Site settings' })).toHaveAttribute('aria-selected', 'true');
  await expect(adminTab.getByRole('switch', { name: 'Maintenance mode' })).toHaveAttribute('aria-checked', 'false');
  await expectNoAxeViolations(adminTab, '/admin site settings');

  // A bad status link is explained; a good one is saved with maintenance on.
  await adminTab.getByRole('switch', { name: 'Maintenance mode' }).click();
  await adminTab.getByLabel('Status page (optional)').fill('javascript:alert(1)');
  await adminTab.getByTestId('admin-settings-save').click();
  await expect(adminTab.getByText('Enter a web address that starts with http:// or https://')).toBeVisible();
  await adminTab.getByLabel('Status page (optional)').fill('https://status.example.com/curio');
  await adminTab.getByTestId('admin-settings-save').click();
  await expect(adminTab.getByText('Settings saved')).toBeVisible();

  // A collector sees the overlay on their shelf, and the generate buttons are off (the wizard says why).
  const userContext = await browser.newContext();
  const user = await userContext.newPage();
  await onboardedUserInPage(user);
  await user.goto('/me/shelf');
  await expect(user.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  const overlay = user.getByTestId('maintenance-overlay');
  await expect(overlay).toBeVisible();
  await expect(overlay.getByRole('heading', { name: 'Maintenance in progress' })).toBeVisible();
  await expectNoAxeViolations(user, 'the maintenance overlay');
  await overlay.getByRole('link', { name: "What's happening" }).click();
  await expect(user).toHaveURL(/\/maintenance$/);
  await expect(user.getByRole('heading', { name: "We're tuning up the cabinet", level: 1 })).toBeVisible();
  await expect(user.getByTestId('maintenance-status-link')).toHaveAttribute('href', 'https://status.example.com/curio');
  await expect(overlay).toBeHidden();
  await expectNoAxeViolations(user, '/maintenance');
  // Try again reads the settings anew; maintenance is still on, so the page stays.
  const reread = user.waitForResponse((r) => r.url().includes('/functions/v1/public-site-settings'));
  await user.getByTestId('maintenance-retry').click();
  expect((await reread).ok()).toBe(true);
  await expect(user).toHaveURL(/\/maintenance$/);

  // The admin is exempt: no overlay, and /maintenance sends them home.
  await adminTab.goto('/maintenance');
  await expect(adminTab).toHaveURL(`${E2E_ORIGIN}/`);
  await expect(adminTab.getByTestId('maintenance-overlay')).toHaveCount(0);

  // A guest on /maintenance too (no session, so no notifications stream).
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  const siteStream = guest.waitForResponse((r) => r.url().endsWith('/realtime/v1/site'));
  await guest.goto('/maintenance');
  await expect(guest.getByRole('heading', { name: "We're tuning up the cabinet", level: 1 })).toBeVisible();
  expect((await siteStream).status()).toBe(200);

  // Off again: the collector's page follows at once (their notifications stream says the settings changed) and
  // goes home, without Try again; so does the guest's (the guests' site stream says it).
  await adminTab.goto('/admin');
  await adminTab.getByRole('switch', { name: 'Maintenance mode' }).click();
  await adminTab.getByTestId('admin-settings-save').click();
  await expect(adminTab.getByText('Settings saved')).toBeVisible();
  await expect(user).toHaveURL(`${E2E_ORIGIN}/`, { timeout: 5_000 });
  await expect(user.getByTestId('maintenance-overlay')).toHaveCount(0);
  await expect(guest).toHaveURL(`${E2E_ORIGIN}/`, { timeout: 5_000 });

  await guestContext.close();
  await userContext.close();
  await adminTab.close();
});

test('an announcement published in /admin appears on the landing page in English and Chinese', async ({ browser }) => {
  const adminTab = await adminPage();
  await adminTab.goto('/admin');
  await adminTab.getByRole('switch', { name: 'Show an announcement' }).click();
  const title = `Swap meet ${Date.now()}`;
  await adminTab.getByLabel('Internal title').fill(title);
  await adminTab.getByLabel('Severity').selectOption('warning');
  await adminTab.getByLabel('English text').fill('The spring swap meet opens on Saturday!');
  await adminTab.getByLabel('Chinese text').fill('春季交换会周六开幕！');
  await adminTab.getByLabel('Learn-more link (optional)').fill('https://example.com/swap');
  // The live preview draws the real banner in both languages as it is typed.
  const preview = adminTab.getByTestId('announcement-preview');
  await expect(preview.getByText('The spring swap meet opens on Saturday!')).toBeVisible();
  await expect(preview.getByText('春季交换会周六开幕！')).toBeVisible();
  await expectNoAxeViolations(adminTab, '/admin announcement form');
  await adminTab.getByTestId('admin-settings-save').click();
  await expect(adminTab.getByText('Settings saved')).toBeVisible();

  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto('/');
  const banner = guest.getByTestId('announcement-banner');
  await expect(banner).toContainText('The spring swap meet opens on Saturday!');
  await expect(banner.getByRole('link', { name: /Learn more/ })).toHaveAttribute('href', 'https://example.com/swap');

  await guest.evaluate(() => localStorage.setItem('curio.lang', 'zh-CN'));
  await guest.reload();
  await expect(guest.getByTestId('announcement-banner')).toContainText('春季交换会周六开幕！');

  // Dismissed, it stays away.
  await guest.getByTestId('announcement-banner').getByRole('button').click();
  await expect(guest.getByTestId('announcement-banner')).toHaveCount(0);
  await guest.reload();
  await expect(guest.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(guest.getByTestId('announcement-banner')).toHaveCount(0);

  await guestContext.close();
  await adminTab.close();
});

test('the credit allowance set in /admin shows in a collector’s wizard and account menu, and the grant in their history', async ({ browser }) => {
  const adminTab = await adminPage();
  await adminTab.goto('/admin');
  const amount = adminTab.getByLabel('Top up to');
  await expect(amount).toHaveValue('30');
  await amount.fill('12');
  await adminTab.getByLabel('Every').fill('7');
  await expect(adminTab.getByTestId('admin-refill-summary')).toHaveText('Every collector under 12 credits is topped up to 12 every 7 days.');
  await adminTab.getByTestId('admin-settings-save').click();
  await expect(adminTab.getByText('Settings saved')).toBeVisible();

  const userContext = await browser.newContext();
  const user = await userContext.newPage();
  const me = await onboardedUserInPage(user);
  const signedUp = Date.now();
  await user.goto('/me/shelf');
  await user.getByTestId('add-first-item').click();
  await expect(user.getByTestId('add-item-wizard')).toHaveAttribute('data-step', 'details');
  const credits = user.getByRole('region', { name: 'Your credits' });
  await expect(credits.getByTestId('credits-balance')).toHaveText('30 credits');
  await expect(credits).toContainText('enough for 10 generations');
  // A week after sign-up (the date as the browser writes it).
  const date = await user.evaluate((at) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(at)), signedUp + 7 * 86_400_000);
  await expect(credits.getByTestId('credits-refill')).toHaveText(`Tops up to 12 on ${date}.`);
  await expect(credits.getByTestId('credits-more')).toBeVisible();
  await expectNoAxeViolations(user, 'the wizard’s first step with the credits');
  await user.keyboard.press('Escape');
  await user.getByTestId('account-menu').click();
  await expect(user.getByTestId('credits-summary-menu').getByTestId('credits-balance')).toHaveText('30 credits');
  await expect(user.getByTestId('credits-summary-menu').getByTestId('credits-refill')).toHaveText(`Tops up to 12 on ${date}.`);
  await userContext.close();

  // The admin grants credits: the grant shows in the collector's history with its reason.
  await adminTab.goto('/admin?tab=users');
  await adminTab.getByLabel('Search users').fill(me.handle);
  await adminTab.getByRole('button', { name: `Manage @${me.handle}` }).click();
  const dialog = adminTab.getByTestId('admin-user-dialog');
  await expect(dialog.getByTestId('credit-entry')).toHaveCount(1);
  await dialog.getByTestId('admin-credits-amount').fill('5');
  await dialog.getByTestId('admin-credits-reason').fill('Thanks for the report');
  await dialog.getByTestId('admin-credits-submit').click();
  await expect(dialog.getByTestId('credit-entry')).toHaveCount(2);
  await expect(dialog.getByTestId('credit-entry').first()).toContainText('Admin grant');
  await expect(dialog.getByTestId('credit-entry').first()).toContainText('Thanks for the report');
  await expect(dialog.getByTestId('credit-entry').first()).toContainText('+5');
  await expect(dialog.getByTestId('credit-entry').last()).toContainText('Sign-up');
  await expectNoAxeViolations(adminTab, 'the user dialog with the credits history');
});

test('invite codes made in /admin are redeemed in onboarding while the beta is closed; a disabled one is refused', async ({ page }) => {
  const adminTab = await adminPage();
  await adminTab.goto('/admin?tab=invites');
  await expect(adminTab.getByRole('heading', { name: 'Create invite codes' })).toBeVisible({ timeout: 30_000 });
  const prefix = `F${Date.now().toString(36).slice(-4).toUpperCase()}-`;
  await adminTab.getByLabel('How many').fill('3');
  await adminTab.getByLabel('Prefix').fill(prefix);
  await adminTab.getByLabel('Uses per code').fill('2');
  await adminTab.getByLabel('Credits to grant').fill('5');
  await adminTab.getByRole('switch', { name: 'Tester status' }).click();
  await adminTab.getByLabel('Notes (optional)').fill('Spring fair table');
  await adminTab.getByTestId('invites-create').click();
  await expect(adminTab.getByRole('heading', { name: 'Created 3 codes' })).toBeVisible();
  const codes = await adminTab.getByTestId('invite-new-code').allTextContents();
  expect(codes).toHaveLength(3);
  for (const code of codes) expect(code).toMatch(new RegExp(`^${prefix}[A-HJ-NP-Z2-9]{8}$`));

  const rows = adminTab.getByTestId('invite-row');
  await expect(rows.filter({ hasText: codes[0]! })).toContainText('0 / 2');
  await expect(rows.filter({ hasText: codes[0]! })).toContainText('Tester · 5 credits');
  await expectNoAxeViolations(adminTab, '/admin invite codes');

  // Disable the second code (with a confirmation).
  await rows
    .filter({ hasText: codes[1]! })
    .getByRole('button', { name: `Disable ${codes[1]}` })
    .click();
  await expect(adminTab.getByRole('alertdialog')).toContainText(`Disable ${codes[1]}?`);
  await adminTab.getByTestId('invite-disable-confirm').click();
  await expect(rows.filter({ hasText: codes[1]! })).toContainText('Disabled');
  await adminTab.getByTestId('invites-filter-disabled').click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(codes[1]!);

  // A new collector signs up and redeems: the disabled code is refused, the active one accepted.
  await admin.settings(adminContext.request, { betaOpen: false });
  await page.goto('/login?tab=sign-up');
  const signUp = page.getByRole('tabpanel', { name: 'Sign up' });
  await signUp.getByLabel('Email').fill(uniqueEmail('fair'));
  await signUp.getByLabel('Password').fill(PASSWORD);
  await signUp.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('heading', { name: 'Enter your invite code' })).toBeVisible();
  await page.getByLabel('Invite code').fill(codes[1]!);
  await page.getByRole('button', { name: 'Redeem code' }).click();
  await expect(page.getByText('Invalid or expired invite code')).toBeVisible();
  await page.getByLabel('Invite code').fill(codes[0]!.toLowerCase());
  await page.getByRole('button', { name: 'Redeem code' }).click();
  await expect(page.getByRole('heading', { name: 'Create your profile' })).toBeVisible();
  const me = await fn(page.request, 'profile-me', {});
  expect(me).toMatchObject({ credits: 35, tester: true, inviteRedeemed: true });

  // The list shows the use.
  await adminTab.getByTestId('invites-filter-active').click();
  await expect(rows.filter({ hasText: codes[0]! })).toContainText('1 / 2');
  await adminTab.close();
});

test('feedback: required fields, the counter, success and back; the admin reads it in the inbox', async ({ page }) => {
  await onboardedUserInPage(page);
  await page.goto('/explore');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Feedback' }).click();
  await expect(page).toHaveURL(/\/feedback$/);
  await expect(page.getByRole('heading', { name: 'Send feedback', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page, '/feedback');
  await page.getByTestId('feedback-submit').click();
  await expect(page.getByText('This field is required.')).toHaveCount(2);
  await expect(page.getByLabel('Category')).toBeFocused();

  const text = `The tag filter forgets my choice ${Date.now()}`;
  await page.getByLabel('Category').selectOption('bug');
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await expect(page.getByTestId('feedback-counter')).toHaveText(`${text.length}/1000`);
  await page.getByTestId('feedback-submit').click();
  await expect(page.getByTestId('feedback-success')).toContainText('Thank you!');
  // Back to where the person came from after 1.5 s.
  await expect(page).toHaveURL(/\/explore/, { timeout: 5_000 });

  const adminTab = await adminPage();
  await adminTab.goto('/admin?tab=feedback');
  await expect(adminTab.getByRole('heading', { name: 'Feedback inbox' })).toBeVisible({ timeout: 30_000 });
  const entry = adminTab.getByTestId('feedback-entry').filter({ hasText: text });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('Bug');
  await expectNoAxeViolations(adminTab, '/admin feedback inbox');
  await adminTab.close();
});

test('a signed-in collector without the role gets Access Denied at /admin', async ({ page }) => {
  await onboardedUserInPage(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied', level: 1 })).toBeVisible();
  await expect(page.getByText('This page requires admin access')).toBeVisible();
  await expectNoAxeViolations(page, '/admin access denied');
});

test('legal pages and the server-error page pass axe; a page whose data the server fails to load shows the server-error page', async ({ page }) => {
  for (const [path, heading] of [
    ['/terms', /Terms/],
    ['/privacy', /Privacy/],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, path);
  }
  await expect(page.getByText(/30 days/).first()).toBeVisible();
  await expect(page.getByText(/90 days/).first()).toBeVisible();
  await expect(page.getByText(/Do-Not-Track/).first()).toBeVisible();

  await page.goto('/error');
  await expect(page.getByRole('heading', { name: 'Our server ran into a problem', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page, '/error');

  // The server answers 503 for an item page's data: after the query's retries, the full page (explore's
  // feed shows its failures in place instead: first-week-dead-ends.spec.ts).
  const noSuchItem = '/i/00000000-0000-4000-8000-000000000000';
  let failing = true;
  await page.route('**/functions/v1/item-get**', (route) =>
    failing
      ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'unavailable', message: 'Down' } }) })
      : route.fallback(),
  );
  await page.goto(noSuchItem);
  await expect(page.getByTestId('server-error')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Our server ran into a problem', level: 1 })).toBeVisible();
  failing = false;
  await page.getByTestId('server-error-retry').click();
  await expect(page.getByTestId('server-error')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Item not found' })).toBeVisible();

  // Unreachable: the request never gets an answer.
  await page.route('**/functions/v1/item-get**', (route) => route.abort('connectionrefused'));
  await page.goto(`${noSuchItem}?again`);
  await expect(page.getByRole('heading', { name: "Can't reach Curio", level: 1 })).toBeVisible({ timeout: 15_000 });
});
