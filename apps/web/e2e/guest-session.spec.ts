import { expect, test } from '@playwright/test';
import { E2E_ORIGIN, fn, onboardedUserInPage, PASSWORD, uniqueEmail, uniqueHandle } from './support/api';

/**
 * A page asked for without a session cookie says so in its head (apps/server/src/modules/pages): the app
 * starts signed out instead of asking for the session before its first render.
 */
const SESSION = '/auth/v1/get-session';

test('a guest’s page starts signed out without asking for the session, and signing in from it signs in', async ({ browser, page }) => {
  const setup = await browser.newContext({ baseURL: E2E_ORIGIN });
  const email = uniqueEmail();
  expect((await setup.request.post('/auth/v1/sign-up/email', { data: { email, password: PASSWORD, name: 'u' } })).ok()).toBe(true);
  await fn(setup.request, 'onboarding-complete', { handle: uniqueHandle('guest'), displayName: 'Guest Turned Collector', bio: '', public: true });
  await setup.close();

  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(SESSION)) asked.push(request.url());
  });
  await page.goto('/explore');
  // The feed is the app's own render (the HTML holds its skeleton): the app has started.
  await expect(page.getByTestId('explore-grid').or(page.getByTestId('explore-empty'))).toBeVisible();
  await expect(page.getByTestId('nav-sign-in')).toBeVisible();
  expect(asked, 'the session was asked for').toEqual([]);

  await page.getByTestId('nav-sign-in').click();
  const signIn = page.getByRole('tabpanel', { name: 'Sign in' });
  await signIn.getByLabel('Email').first().fill(email);
  await signIn.getByLabel('Password').fill(PASSWORD);
  await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await expect(page.getByTestId('nav-sign-in')).toHaveCount(0);
});

test('a signed-in collector’s page asks for the session and shows them signed in', async ({ page }) => {
  await onboardedUserInPage(page);
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(SESSION)) asked.push(request.url());
  });
  await page.goto('/explore');
  await expect(page.getByTestId('account-menu')).toBeVisible();
  expect(asked.length).toBeGreaterThan(0);
});
