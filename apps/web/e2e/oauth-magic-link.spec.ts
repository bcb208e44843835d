import { createHash, randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { E2E_ORIGIN, fn, PASSWORD, signInAdmin, uniqueEmail } from './support/api';

/**
 * A sign-in link asked for on /login in the middle of an OAuth authorization carries the authorization
 * on: the mailed link returns to /login with the provider's query, which goes on to the consent page.
 */

const REDIRECT = 'https://client.example/callback';
test.describe.configure({ timeout: 120_000 });

test('a sign-in link asked for during an OAuth authorization lands on the consent page', async ({ browser }) => {
  const adminContext = await browser.newContext();
  await signInAdmin(adminContext.request);
  const created = await fn<{ client: { clientId: string } }>(adminContext.request, 'admin-oauth-client-create', {
    name: 'Link Sync',
    redirectUris: [REDIRECT],
    type: 'confidential',
  });
  await adminContext.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  const email = uniqueEmail('oauthlink');
  const res = await page.request.post('/auth/v1/sign-up/email', {
    data: { email, password: PASSWORD, name: 'Link Collector' },
    headers: { origin: E2E_ORIGIN },
  });
  expect(res.ok()).toBe(true);
  await context.clearCookies();

  const challenge = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
  const query = new URLSearchParams({
    client_id: created.client.clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: 'openid profile email',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'state-link',
    resource: `${E2E_ORIGIN}/functions/v1`,
  });
  await page.goto(`/auth/v1/oauth2/authorize?${query}`);
  await expect(page).toHaveURL(/\/login\?.*client_id=/);

  // The sign-in link form, by keyboard.
  const form = page.getByRole('form', { name: 'Sign in with a magic link' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Email').press('Enter');
  await expect(page.getByText("Check your inbox: we've sent you a sign-in link.")).toBeVisible();

  const outbox = await (await page.request.get('/dev/outbox')).text();
  const mail = outbox.split('<article>').find((a) => a.includes(`to ${email} `));
  const href = mail?.match(/href="([^"]*\/auth\/v1\/magic-link\/verify[^"]*)"/)?.[1]?.replaceAll('&amp;', '&');
  expect(href).toBeTruthy();
  // The link returns to /login with the authorization request (a path on this site).
  const callbackURL = new URL(href!, E2E_ORIGIN).searchParams.get('callbackURL')!;
  expect(callbackURL.startsWith('/login?')).toBe(true);
  expect(new URLSearchParams(callbackURL.split('?')[1]).get('client_id')).toBe(created.client.clientId);

  await page.goto(href!);
  await expect(page).toHaveURL(/\/oauth\/consent\?/);
  await expect(page.getByRole('heading', { name: /Link Sync/, level: 1 })).toBeVisible();
  await context.close();
});
