import { expect, test, type Page } from '@playwright/test';
import { fn, onboardedUserInPage, PASSWORD, uniqueEmail, uniqueHandle } from './support/api';
import { axe, expectAxeClean, expectNoAxeViolations, useTheme } from './support/axe';
import { shot } from './support/shots';

// The provider is the test one started by playwright.config.ts (OIDC_NAME "Test ID").
const PROVIDER = 'Test ID';

const uniqueLogin = (tag: string) => `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** At the provider's own sign-in page: type the login name and continue (by keyboard). */
async function signInAtProvider(page: Page, login: string) {
  await page.waitForURL(/127\.0\.0\.1:\d+\/interaction\//);
  await page.getByLabel('Login name').fill(login);
  await page.keyboard.press('Enter');
}

async function expectSectionAxeClean(page: Page) {
  await expectAxeClean(axe(page).include('[data-testid="identities-section"]'), 'the identities section');
}

test('signs in with the external provider from /login: a new account goes to onboarding', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  const button = page.getByRole('button', { name: `Sign in with ${PROVIDER}` });
  await expect(button).toBeVisible();
  await expectNoAxeViolations(page, '/login with the provider button');
  await shot(page, `identities-login-desktop-en`, { fullPage: true });

  await button.focus();
  await page.keyboard.press('Enter');
  await signInAtProvider(page, uniqueLogin('newcomer'));
  await page.waitForURL(/\/onboarding/);
  const session = await (await page.request.get('/auth/v1/get-session')).json();
  expect(session.user.email).toMatch(/^newcomer-.*@oidc\.test$/);
});

test('a returning collector who signs in with the provider from /login?next= lands on the page that sent them there', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const login = uniqueLogin('returning');
  await page.goto('/login');
  await page.getByRole('button', { name: `Sign in with ${PROVIDER}` }).click();
  await signInAtProvider(page, login);
  await page.waitForURL(/\/onboarding/);
  await fn(page.request, 'onboarding-complete', { handle: uniqueHandle('oidc'), displayName: 'Returning', bio: '', public: true });

  // Another browser: a page that needs a session sends them to sign in, and back.
  const later = await browser.newContext();
  const again = await later.newPage();
  await again.goto('/settings/account');
  await again.waitForURL(/\/login\?next=%2Fsettings%2Faccount/);
  await again.getByRole('button', { name: `Sign in with ${PROVIDER}` }).click();
  await signInAtProvider(again, login);
  await again.waitForURL(/\/settings\/account$/);
  await expect(again.getByTestId('identities-section')).toBeVisible();
  await later.close();
});

test('an address that has an account here is not joined without proof: the reason is shown on /login, translated', async ({ page, browser }) => {
  // An account whose address was never confirmed.
  const email = uniqueEmail('taken');
  const res = await page.request.post('/auth/v1/sign-up/email', { data: { email, password: PASSWORD, name: 'u' } });
  expect(res.ok()).toBe(true);

  const guest = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await guest.addInitScript(() => window.localStorage.setItem('curio.lang', 'zh-CN'));
  const phone = await guest.newPage();
  await phone.goto('/login');
  await phone.getByRole('button', { name: `使用 ${PROVIDER} 登录` }).click();
  await signInAtProvider(phone, email);
  await phone.waitForURL(/\/login\?via=oidc&error=account_not_linked/);
  await expect(phone.getByTestId('oidc-callback-error')).toContainText('使用此邮箱地址的账号已存在');
  await expectNoAxeViolations(phone, '/login with a provider error');
  await shot(phone, `identities-login-error-phone-zh`, { fullPage: true });
  await guest.close();
});

test('links and unlinks the provider from /settings/account, with the identity errors translated', async ({ page, browser }) => {
  // Three round trips to the provider and two people: longer than the default on a shared machine.
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await onboardedUserInPage(page);
  await page.goto('/settings/account');
  const section = page.getByTestId('identities-section');
  await expect(section.getByTestId('identity-password')).toBeVisible();
  await expect(section.getByTestId('identity-email')).toBeVisible();
  await expectSectionAxeClean(page);

  // Link: off to the provider and back, by keyboard.
  const login = uniqueLogin('linker');
  await section.getByRole('button', { name: `Link ${PROVIDER}` }).focus();
  await page.keyboard.press('Enter');
  await signInAtProvider(page, login);
  await page.waitForURL(/\/settings\/account/);
  await expect(section.getByTestId('identities-notice')).toHaveText(`${PROVIDER} is linked. You can now sign in with it.`);
  await expect(section.getByTestId('identity-oidc')).toContainText(login);
  await expect(page).toHaveURL(/\/settings\/account$/);
  await expectSectionAxeClean(page);
  await shot(section, `identities-section-linked-desktop-en`);

  // Unlinking asks first; Escape keeps the identity.
  await section.getByRole('button', { name: `Unlink ${PROVIDER}` }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: `Unlink ${PROVIDER}?` });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText(`You will no longer be able to sign in with ${PROVIDER}.`);
  await expectNoAxeViolations(page, 'unlink confirmation');
  await shot(confirm, `gaps-identity-unlink-confirm-desktop-en`);
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(section.getByRole('button', { name: `Unlink ${PROVIDER}` })).toBeFocused();
  await expect(section.getByTestId('identity-oidc')).toBeVisible();

  // Unlink it again, confirmed by keyboard.
  await page.keyboard.press('Enter');
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Unlink' }).focus();
  await page.keyboard.press('Enter');
  await expect(section.getByTestId('identities-notice')).toHaveText(`${PROVIDER} was unlinked.`);
  await expect(section.getByTestId('identity-oidc')).toHaveCount(0);

  // Someone else signs up with the provider: that identity belongs to them now.
  const other = await browser.newContext();
  await useTheme(await other.newPage(), 'dark');
  const otherPage = other.pages()[0]!;
  const taken = uniqueLogin('taken');
  await otherPage.goto('/login');
  await otherPage.getByRole('button', { name: `Sign in with ${PROVIDER}` }).click();
  await signInAtProvider(otherPage, taken);
  await otherPage.waitForURL(/\/onboarding/);

  // identity_already_exists: linking it here is refused; this session stays.
  await section.getByRole('button', { name: `Link ${PROVIDER}` }).click();
  await signInAtProvider(page, taken);
  await page.waitForURL(/\/settings\/account/);
  await expect(section.getByTestId('identities-error')).toHaveText(
    `This ${PROVIDER} account is already linked to another account here. Sign in to that one, or unlink it there first.`,
  );
  await expect(section.getByTestId('identity-oidc')).toHaveCount(0);
  await expect(section.getByTestId('identity-password')).toBeVisible();

  // single_identity_not_deletable: the other person's only way to sign in stays (dark theme, phone).
  await otherPage.setViewportSize({ width: 390, height: 844 });
  await otherPage.goto('/settings/account');
  const otherSection = otherPage.getByTestId('identities-section');
  await otherSection.getByRole('button', { name: `Unlink ${PROVIDER}` }).click();
  await otherPage.getByRole('alertdialog').getByRole('button', { name: 'Unlink' }).click();
  await expect(otherSection.getByTestId('identities-error')).toHaveText('You need a password or another linked account before you can unlink this one.');
  await expect(otherSection.getByTestId('identity-oidc')).toBeVisible();
  await expectSectionAxeClean(otherPage);
  await shot(otherSection, `identities-section-error-phone-dark`);
  await other.close();
});
