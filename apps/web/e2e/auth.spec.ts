import { expect, test } from '@playwright/test';
import { onboardedUserInPage, PASSWORD, uniqueEmail } from './support/api';

test('signs out and signs in again', async ({ page }) => {
  const { email } = await onboardedUserInPage(page);
  await page.goto('/me/shelf');
  await expect(page.getByRole('heading', { name: "E2E Collector's shelf" })).toBeVisible();

  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The old session no longer opens the shelf: sign in first, and come back to it.
  await page.goto('/me/shelf');
  await expect(page).toHaveURL(/\/login\?next=%2Fme%2Fshelf$/);

  const signIn = page.getByRole('tabpanel', { name: 'Sign in' });
  await signIn.getByLabel('Email').first().fill(email);
  await signIn.getByLabel('Password').fill('wrong password here');
  await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText("That email and password don't match.")).toBeVisible();

  await signIn.getByLabel('Password').fill(PASSWORD);
  await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
  // Back to the shelf that sent them to sign in.
  await expect(page).toHaveURL(/\/me\/shelf$/);
  await expect(page.getByRole('heading', { name: "E2E Collector's shelf" })).toBeVisible();
});

test('signing out in one tab signs the other tab out', async ({ context }) => {
  const first = await context.newPage();
  await onboardedUserInPage(first);
  await first.goto('/me/shelf');
  const second = await context.newPage();
  await second.goto('/me/shelf');
  await expect(second.getByTestId('account-menu')).toBeVisible();
  await first.getByTestId('account-menu').click();
  await first.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(first).toHaveURL(/\/login$/);
  // The other tab is sent to sign in, and would come back to its shelf.
  await expect(second).toHaveURL(/\/login\?next=%2Fme%2Fshelf$/);
});

test('signs in with a magic link from the outbox', async ({ page }) => {
  const email = uniqueEmail('magic');
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Sign in with a magic link' });
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByText("Check your inbox: we've sent you a sign-in link.")).toBeVisible();

  await page.goto('/dev/outbox');
  const mail = page.locator('article', { hasText: email }).first();
  await expect(mail).toBeVisible();
  await mail.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/$/);
  // A new account by magic link goes on to onboarding from the header's My shelf.
  await page.getByRole('link', { name: 'My shelf', exact: true }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
});

test('a signed-in visitor of /login is sent home; guests of signed-in pages go to /login', async ({ page }) => {
  await page.goto('/onboarding');
  await expect(page).toHaveURL(/\/login$/);
  await onboardedUserInPage(page);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/onboarding');
  await expect(page).toHaveURL(/\/me\/shelf$/);
});

test('a wrong password is told under the button: the login card grows downwards and does not jump (desktop and 390 px)', async ({ page }) => {
  const { email } = await onboardedUserInPage(page);
  await page.context().clearCookies();
  // A tall window too: there the page only starts to scroll once the message is in.
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 1440, height: 1200 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/login');
    const signIn = page.getByRole('tabpanel', { name: 'Sign in' });
    const card = page.locator('main [data-slot="card"]').first();
    const submit = signIn.getByRole('button', { name: 'Sign in', exact: true });
    await signIn.getByLabel('Email').first().fill(email);
    await signIn.getByLabel('Password').fill('wrong password here');
    const before = (await card.boundingBox())!;
    const submitBefore = (await submit.boundingBox())!;
    await submit.click();
    await expect(signIn.getByText("That email and password don't match.")).toBeVisible();
    await expect(signIn.getByRole('button', { name: 'Email me a link to set a password' })).toBeVisible();
    const after = (await card.boundingBox())!;
    const submitAfter = (await submit.boundingBox())!;
    const at = `at ${viewport.width} px`;
    expect(Math.abs(after.y - before.y), `card top ${at}`).toBeLessThan(1);
    expect(Math.abs(after.x - before.x), `card left ${at}`).toBeLessThan(1);
    expect(Math.abs(after.width - before.width), `card width ${at}`).toBeLessThan(1);
    expect(after.height, `card height ${at}`).toBeGreaterThan(before.height);
    // Nothing above the message moved either: the button stays where the pointer left it.
    expect(Math.abs(submitAfter.y - submitBefore.y), `submit button ${at}`).toBeLessThan(1);
    expect(Math.abs(submitAfter.x - submitBefore.x), `submit button ${at}`).toBeLessThan(1);
  }
});
