import { createHash, randomBytes } from 'node:crypto';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectNoAxeViolations, useTheme } from './support/axe';
import { E2E_ORIGIN, PASSWORD, signInAdmin, uniqueEmail, waitForMail } from './support/api';
import { shot } from './support/shots';

/**
 * Curio as an OAuth provider, end to end: an admin registers a client in /admin (the secret shown
 * once), a collector allows it on the consent page (also after signing in on /login, which carries
 * the authorization on), the client gets a code and exchanges it; axe on the panel and the consent page.
 */

const REDIRECT = 'https://client.example/callback';
test.describe.configure({ timeout: 120_000, mode: 'serial' });

let adminContext: BrowserContext;
let client: { id: string; secret: string };

test.beforeAll(async ({ browser }) => {
  adminContext = await browser.newContext();
  await signInAdmin(adminContext.request);
});
test.afterAll(async () => adminContext.close());

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function authorizeUrl(clientId: string, challenge: string, state: string) {
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: 'openid profile email',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    resource: `${E2E_ORIGIN}/functions/v1`,
  });
  return `/auth/v1/oauth2/authorize?${query}`;
}

/** The client's redirect target answers inside the test (it is not a real site). */
async function catchRedirect(page: Page) {
  await page.route('https://client.example/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>client</title><p>back at the client</p>' }),
  );
}

async function signUpInPage(page: Page) {
  const email = uniqueEmail('oauth');
  const res = await page.request.post('/auth/v1/sign-up/email', {
    data: { email, password: PASSWORD, name: 'Consenting Collector' },
    headers: { origin: E2E_ORIGIN },
  });
  expect(res.ok()).toBe(true);
  return email;
}

test('an admin registers a confidential client in the API clients tab; the secret is shown once', async () => {
  const page = await adminContext.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin?tab=api-clients');
  await expect(page.getByRole('tab', { name: 'API clients' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Register a client' })).toBeVisible();
  await expectNoAxeViolations(page, '/admin API clients');

  // A redirect that is not a web address is explained by the form.
  await page.getByLabel('Name').fill('Shelf Sync');
  await page.getByLabel('Redirect addresses').fill('javascript:alert(1)');
  await page.getByTestId('oauth-client-create').click();
  await expect(page.getByText('“javascript:alert(1)” is not a web address that starts with http:// or https://.')).toBeVisible();

  await page.getByLabel('Redirect addresses').fill(REDIRECT);
  // Keyboard: the type is a radio group.
  await page.getByTestId('oauth-client-type-confidential').focus();
  await expect(page.getByTestId('oauth-client-type-confidential')).toBeChecked();
  await page.getByTestId('oauth-client-create').click();

  const notice = page.getByTestId('oauth-client-secret-notice');
  await expect(notice).toBeVisible();
  await expect(notice.getByText('It is shown only this once')).toBeVisible();
  const id = (await page.getByTestId('oauth-client-new-id').textContent())!.trim();
  const secret = (await page.getByTestId('oauth-client-new-secret').textContent())!.trim();
  expect(secret.length).toBeGreaterThan(20);
  client = { id, secret };
  await expectNoAxeViolations(page, '/admin API clients with a new secret');
  await shot(page, `oauth-admin-secret-desktop`, { fullPage: true });

  await notice.getByRole('button', { name: 'I have stored it' }).press('Enter');
  await expect(notice).toBeHidden();
  const row = page.getByTestId('oauth-client-row').filter({ hasText: id });
  await expect(row.getByText('Shelf Sync')).toBeVisible();
  await expect(row.getByText('Confidential')).toBeVisible();
  // The secret is nowhere on the page any more, nor after a reload.
  await page.reload();
  await expect(page.getByTestId('oauth-client-row').filter({ hasText: id })).toBeVisible();
  expect(await page.content()).not.toContain(secret);

  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, `oauth-admin-list-phone`, { fullPage: true });
  await page.close();
});

test('a collector allows the client on the consent page; the client gets a code and a token the functions accept', async ({ browser, request }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await catchRedirect(page);
  const email = await signUpInPage(page);
  // Only a verified account's tokens are accepted (a pre-registration proves nothing): confirm the address.
  const confirm = await waitForMail(page.request, email, 'Confirm your address');
  expect((await page.request.get(confirm.href!)).ok()).toBe(true);
  const { verifier, challenge } = pkce();
  await page.goto(authorizeUrl(client.id, challenge, 'state-1'));

  await expect(page).toHaveURL(/\/oauth\/consent\?/);
  await expect(page.getByRole('heading', { name: 'Shelf Sync wants to use your Curio account', level: 1 })).toBeVisible();
  await expect(page.getByText('See your e-mail address')).toBeVisible();
  await expect(page.getByTestId('oauth-scope-functions')).toBeVisible();
  await expectNoAxeViolations(page, '/oauth/consent');
  await shot(page, `oauth-consent-desktop`, { fullPage: true });

  // By keyboard: Allow is reached with Tab and pressed with Enter.
  await page.getByTestId('oauth-consent-allow').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/^https:\/\/client\.example\/callback\?/);
  const back = new URL(page.url());
  expect(back.searchParams.get('state')).toBe('state-1');
  const code = back.searchParams.get('code')!;
  expect(code).toBeTruthy();

  // The client's server (no browser cookies) exchanges the code with its secret (HTTP Basic), then calls a function.
  const token = await request.post('/auth/v1/oauth2/token', {
    form: { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier, resource: `${E2E_ORIGIN}/functions/v1` },
    headers: { authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}` },
  });
  expect(token.status()).toBe(200);
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  // A request without the collector's cookies: the bearer token alone.
  const called = await request.post('/functions/v1/notifications-unseen-count', { data: {}, headers: { authorization: `Bearer ${accessToken}` } });
  expect(called.status()).toBe(200);
  await context.close();
});

test('a guest sent to /login by the provider signs in and lands on the consent page (Chinese, dark, phone); deny returns access_denied', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await catchRedirect(page);
  await useTheme(page, 'dark');
  const email = await signUpInPage(page);
  await context.clearCookies();
  await page.addInitScript(() => window.localStorage.setItem('curio.lang', 'zh-CN'));

  await page.goto(authorizeUrl(client.id, pkce().challenge, 'state-2'));
  await expect(page).toHaveURL(/\/login\?.*client_id=/);
  const signIn = page.getByRole('tabpanel').first();
  await signIn.getByRole('textbox').first().fill(email);
  await signIn.locator('input[type="password"]').fill(PASSWORD);
  await signIn.locator('input[type="password"]').press('Enter');

  await expect(page).toHaveURL(/\/oauth\/consent\?/);
  await expect(page.getByRole('heading', { name: 'Shelf Sync 想使用你的 Curio 账号', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page, '/oauth/consent in Chinese, dark');
  await shot(page, `oauth-consent-zh-dark-phone`, { fullPage: true });

  await page.getByTestId('oauth-consent-deny').click();
  await expect(page).toHaveURL(/^https:\/\/client\.example\/callback\?/);
  expect(new URL(page.url()).searchParams.get('error')).toBe('access_denied');
  await context.close();
});
