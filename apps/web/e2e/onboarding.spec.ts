import { expect, test } from '@playwright/test';
import { admin, ORIGIN_HEADER, PASSWORD, signInAdmin, uniqueEmail, uniqueHandle } from './support/api';

test.describe('a new collector while the beta is closed', () => {
  test.beforeEach(async ({ playwright, baseURL }) => {
    const api = await playwright.request.newContext({ baseURL });
    await signInAdmin(api);
    await admin.settings(api, { betaOpen: false });
    await api.dispose();
  });
  test.afterEach(async ({ playwright, baseURL }) => {
    const api = await playwright.request.newContext({ baseURL });
    await signInAdmin(api);
    await admin.settings(api, { betaOpen: true });
    await api.dispose();
  });

  test('signs up, is refused a bad code, redeems a good one, creates a profile and lands on the shelf', async ({ page, playwright, baseURL }) => {
    const api = await playwright.request.newContext({ baseURL });
    await signInAdmin(api);
    const code = await admin.inviteCode(api, { grantCredits: 6 });
    await api.dispose();

    await page.goto('/');
    await page.getByRole('link', { name: 'Get started' }).first().click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('tab', { name: 'Sign up' }).click();
    const email = uniqueEmail('beta');
    const signUp = page.getByRole('tabpanel', { name: 'Sign up' });
    await signUp.getByLabel('Email').fill(email);
    await signUp.getByLabel('Password').fill(PASSWORD);
    await signUp.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByRole('heading', { name: 'Enter your invite code' })).toBeVisible();
    const codeInput = page.getByLabel('Invite code');

    // Upper-cased as typed.
    await codeInput.pressSequentially('curio-nope2345');
    await expect(codeInput).toHaveValue('CURIO-NOPE2345');
    await page.getByRole('button', { name: 'Redeem code' }).click();
    await expect(page.getByText('Invalid or expired invite code')).toBeVisible();

    await codeInput.fill(code.toLowerCase());
    await expect(codeInput).toHaveValue(code);
    await page.getByRole('button', { name: 'Redeem code' }).click();
    await expect(page.getByText('Invite code accepted. Welcome aboard!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Create your profile' })).toBeVisible();

    // Lower-cased as typed; an invalid handle is explained under the field.
    const handleInput = page.getByLabel('Handle');
    await handleInput.pressSequentially('AB');
    await expect(handleInput).toHaveValue('ab');
    await page.getByLabel('Display name').fill('Beta Collector');
    await page.getByRole('button', { name: 'Create my shelf' }).click();
    await expect(page.getByText('Handle must be 3-20 characters, lowercase letters, numbers, or underscore')).toBeVisible();

    const handle = uniqueHandle('beta');
    await handleInput.fill(handle.toUpperCase());
    await expect(handleInput).toHaveValue(handle);
    await page.getByLabel('Bio').fill('Tin robots from the sixties.');
    await page.getByRole('button', { name: 'Create my shelf' }).click();

    await expect(page).toHaveURL(/\/me\/shelf$/);
    await expect(page.getByRole('heading', { name: "Beta Collector's shelf" })).toBeVisible();
    const me = await page.request.post('/functions/v1/profile-me', { data: {}, headers: ORIGIN_HEADER });
    expect(await me.json()).toMatchObject({ profile: { handle }, credits: 36, inviteRedeemed: true });
  });

  test('a handle someone has is refused with the spec text', async ({ page, playwright, baseURL }) => {
    const api = await playwright.request.newContext({ baseURL });
    await signInAdmin(api);
    const takenHandle = uniqueHandle('taken');
    await api.post('/functions/v1/onboarding-complete', { data: { handle: takenHandle, displayName: 'Admin', public: true }, headers: ORIGIN_HEADER });
    const code = await admin.inviteCode(api);
    await api.dispose();

    const email = uniqueEmail('taken');
    await page.request.post('/auth/v1/sign-up/email', { data: { email, password: PASSWORD, name: 'x' } });
    await page.goto('/onboarding');
    await page.getByLabel('Invite code').fill(code);
    await page.getByRole('button', { name: 'Redeem code' }).click();
    await page.getByLabel('Handle').fill(takenHandle);
    await page.getByLabel('Display name').fill('Second');
    await page.getByRole('button', { name: 'Create my shelf' }).click();
    await expect(page.getByText('This handle is already taken')).toBeVisible();
    await expect(page).toHaveURL(/\/onboarding$/);
  });
});
