import { expect, test, type Page } from '@playwright/test';
import { E2E_ORIGIN, fn, onboardedUserInPage, PASSWORD, uniqueEmail } from './support/api';

const PORT = Number(new URL(E2E_ORIGIN).port);

/** The newest outbox mail to `email` whose subject contains `subject`; returns its first link. */
async function linkFromOutbox(page: Page, email: string, subject: string) {
  await page.goto('/dev/outbox');
  const mail = page
    .locator('article', { hasText: `to ${email} ` })
    .filter({ hasText: subject })
    .first();
  await expect(mail).toBeVisible();
  const href = await mail.getByRole('link').first().getAttribute('href');
  return href!.replaceAll('&amp;', '&');
}

test('a password dropped by a sign-in link is told, and a link from the form sets a new one', async ({ page }) => {
  const email = uniqueEmail('dropped');
  await page.goto('/login?tab=sign-up');
  await expect(page.getByRole('heading', { level: 1, name: 'Start your cabinet' })).toBeVisible();
  const signUp = page.getByRole('tabpanel', { name: 'Sign up' });
  await signUp.getByLabel('Email').fill(email);
  await signUp.getByLabel('Password').fill(PASSWORD);
  await signUp.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  // The confirmation mail is announced, and the app goes on meanwhile.
  await expect(page.getByText(`We sent a confirmation link to ${email}`)).toBeVisible();

  // Before confirming, the person signs in once by link: better-auth drops the unproven password.
  await page.context().clearCookies();
  await page.goto('/login');
  const magic = page.getByRole('form', { name: 'Sign in with a magic link' });
  await magic.getByLabel('Email').fill(email);
  await magic.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByText("Check your inbox: we've sent you a sign-in link.")).toBeVisible();
  await page.goto(await linkFromOutbox(page, email, 'Sign in to'));
  await page.context().clearCookies();

  await page.goto('/login');
  const signIn = page.getByRole('tabpanel', { name: 'Sign in' });
  await signIn.getByLabel('Email').first().fill(email);
  await signIn.getByLabel('Password').fill(PASSWORD);
  await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(signIn.getByText("That email and password don't match.")).toBeVisible();
  await expect(signIn.getByText(/the password was removed to protect your account/)).toBeVisible();
  await signIn.getByRole('button', { name: 'Email me a link to set a password' }).click();
  await expect(signIn.getByText(`If an account uses ${email}, a link to set a password is on its way.`, { exact: false })).toBeVisible();

  // The mail says the account has no password now; its link opens the reset page.
  const resetUrl = await linkFromOutbox(page, email, 'Set a password');
  expect(resetUrl).toContain('/reset-password?token=');
  await page.goto(resetUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('a new display cabinet');
  await page.getByLabel('Repeat the new password').fill('a new display cabinet');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByText('Your new password is saved. Sign in with it.')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true }).click();

  await signIn.getByLabel('Email').first().fill(email);
  await signIn.getByLabel('Password').fill('a new display cabinet');
  await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a used reset link says so and offers a new one', async ({ page }) => {
  await page.goto('/reset-password?token=not-a-real-token');
  await page.getByLabel('New password', { exact: true }).fill('whatever secret');
  await page.getByLabel('Repeat the new password').fill('whatever secret');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByText('This link has expired or was already used.')).toBeVisible();
  await page.getByRole('button', { name: 'Get a new link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
  await expect(page).toHaveURL(/\/reset-password$/);
});

test('signing up with an address that has an account answers as for a new one: check your mail (the owner is mailed), and the card does not jump', async ({
  page,
}) => {
  const { email } = await onboardedUserInPage(page);
  await page.context().clearCookies();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Sign up' }).click();
  const signUp = page.getByRole('tabpanel', { name: 'Sign up' });
  const card = page.locator('main [data-slot="card"]').first();
  const before = await card.boundingBox();
  await signUp.getByLabel('Email').fill(email);
  await signUp.getByLabel('Password').fill(PASSWORD);
  await signUp.getByRole('button', { name: 'Create account' }).click();
  await expect(signUp.getByText(`Check your mail: we sent a message to ${email}.`)).toBeVisible();
  await expect(signUp.getByText('An account with this email already exists.')).toHaveCount(0);
  const after = await card.boundingBox();
  expect(Math.abs(after!.y - before!.y)).toBeLessThan(1);
  // Not signed in; the owner got a mail saying someone tried, with the way back in.
  await expect(page).toHaveURL(/\/login/);
  const href = await linkFromOutbox(page, email, 'tried to sign up');
  expect(href).toMatch(/\/login$/);
});

test('signs in at http://127.0.0.1 as well as localhost', async ({ page, playwright }) => {
  const api = await playwright.request.newContext({ baseURL: `http://localhost:${PORT}` });
  const email = uniqueEmail('loopback');
  expect((await api.post('/auth/v1/sign-up/email', { data: { email, password: PASSWORD, name: 'l' } })).ok()).toBe(true);
  await api.dispose();

  await page.goto(`http://127.0.0.1:${PORT}/login`);
  const signIn = page.getByRole('tabpanel', { name: 'Sign in' });
  await signIn.getByLabel('Email').first().fill(email);
  await signIn.getByLabel('Password').fill(PASSWORD);
  await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(`http://127.0.0.1:${PORT}/`);
  await expect(page.getByTestId('account-menu')).toBeVisible();
});

test('a saved "Include NSFW" shows in the explore URL', async ({ page }) => {
  await onboardedUserInPage(page);
  await fn(page.request, 'settings-update', { includeNSFW: true });
  await page.goto('/explore');
  await expect(page).toHaveURL(/[?&]nsfw=true/);
  await expect(page.getByTestId('explore-nsfw')).toBeChecked();
});

test.describe('on a 390 px phone in Europe', () => {
  test.use({ viewport: { width: 390, height: 844 }, locale: 'de-DE', timezoneId: 'Europe/Berlin', hasTouch: true, isMobile: true });

  /** A tap at the centre of the button reaches the button: nothing intercepts it. */
  async function expectUncovered(page: Page, name: string) {
    const button = page.getByRole('button', { name, exact: true });
    // As a person scrolls to it: the space the page keeps under its content lets it clear the banner.
    await button.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const cover = await button.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return top && (top === el || el.contains(top)) ? null : (top?.outerHTML.slice(0, 160) ?? 'nothing');
    });
    expect(cover, `a tap on ${name} is intercepted`).toBeNull();
  }

  test('the consent banner is compact, keeps room for itself and covers neither "Create account" nor "Create my shelf"', async ({ page }) => {
    await page.goto('/login?tab=sign-up');
    const banner = page.getByTestId('consent-banner');
    await expect(banner).toBeVisible();
    const height = (await banner.boundingBox())!.height;
    expect(height).toBeLessThan(844 * 0.33);
    // The computed padding, a frame after it is set (reduced motion makes the change a 0.01 ms transition; see below).
    const paddingOff = async () => Math.abs((await page.evaluate(() => parseFloat(getComputedStyle(document.body).paddingBottom))) - height);
    await expect.poll(paddingOff).toBeLessThanOrEqual(1);

    const signUp = page.getByRole('tabpanel', { name: 'Sign up' });
    await signUp.getByLabel('Email').fill(uniqueEmail('eu'));
    await signUp.getByLabel('Password').fill(PASSWORD);
    await expectUncovered(page, 'Create account');
    await page.getByRole('button', { name: 'Create account', exact: true }).tap();
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByTestId('consent-banner')).toBeVisible();
    await expectUncovered(page, 'Create my shelf');

    // The toast sits above the banner and under no header control.
    const toast = page.locator('[data-sonner-toast]').first();
    await expect(toast).toBeVisible();
    // Measured once the toast has slid into place (its entrance is animated).
    const gap = async () => {
      const t = (await toast.boundingBox())!;
      const b = (await page.getByTestId('consent-banner').boundingBox())!;
      return b.y + 1 - (t.y + t.height);
    };
    await expect.poll(gap).toBeGreaterThanOrEqual(0);
    const t = (await toast.boundingBox())!;
    const header = (await page.locator('header').first().boundingBox())!;
    expect(t.y).toBeGreaterThanOrEqual(header.y + header.height);

    // Choosing gives the room back.
    await page.getByRole('button', { name: 'Decline', exact: true }).tap();
    await expect(page.getByTestId('consent-banner')).toHaveCount(0);
    expect(await page.evaluate(() => document.body.style.paddingBottom)).toBe('');
    // The computed padding follows on the next frame: with reduced motion every change of a property is a 0.01 ms
    // transition (styles.css), and a transition's value moves with the frames, so it read 172px in the same task.
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe('0px');
  });
});
