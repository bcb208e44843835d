import { expect, test, type Page } from '@playwright/test';
import { onboardedUserInPage, ORIGIN_HEADER, PASSWORD } from './support/api';
import { axe, expectAxeClean, useTheme } from './support/axe';
import { shot } from './support/shots';
import { totp } from './support/totp';

// Three sign-ins and five axe runs: more than the default minute on a shared machine.
test.describe.configure({ timeout: 150_000 });

/**
 * axe (WCAG 2.x A/AA and best practices) on the two-step sign-in section, or on the code step of the
 * sign-in page; the other sections of the account page have their own checks.
 */
async function expectNoAxeViolations(page: Page, label: string) {
  const scope = (await page.getByTestId('two-factor-section').count()) ? '[data-testid="two-factor-section"]' : 'main';
  await expectAxeClean(axe(page).include(scope), label);
}

/** The newest code the SMS outbox (/dev/sms, this machine only) holds for a number. */
async function smsCode(page: Page, to: string) {
  const html = await (await page.request.get('/dev/sms')).text();
  const article = html.split('<article>').find((a) => a.includes(`to ${to}`));
  return article?.match(/<pre>(\d{6}) /)?.[1] ?? null;
}

async function passwordStep(page: Page, email: string) {
  await page.goto('/login');
  const panel = page.getByRole('tabpanel', { name: 'Sign in' });
  await panel.getByLabel('Email').first().fill(email);
  await panel.getByLabel('Password').fill(PASSWORD);
  await panel.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('two-factor-step')).toBeVisible();
}

/** Enrols an authenticator app through the page by keyboard; returns the secret and the recovery codes. */
async function enrol(page: Page, name = 'Pixel phone') {
  await page.goto('/settings/account');
  const section = page.getByRole('region', { name: 'Two-step sign-in' });
  await expect(section.getByTestId('two-factor-state')).toHaveText('Off');
  await section.getByRole('button', { name: 'Set up an authenticator app' }).focus();
  await page.keyboard.press('Enter');
  const password = section.getByLabel('Your password');
  await expect(password).toBeFocused();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');

  await expect(section.getByTestId('two-factor-qr')).toBeVisible();
  const secret = (await section.getByTestId('two-factor-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
  await section.getByLabel('Name', { exact: true }).fill(name);
  return { section, secret };
}

test('an authenticator app is enrolled with a QR code, named, asked for at sign-in, and a recovery code works once', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { email } = await onboardedUserInPage(page);
  await page.goto('/settings/account');
  const section = page.getByRole('region', { name: 'Two-step sign-in' });
  await expect(section.getByRole('button', { name: 'Set up an authenticator app' })).toBeVisible();
  await expectNoAxeViolations(page, 'two-step sign-in, off');

  const { secret } = await enrol(page);
  await expectNoAxeViolations(page, 'two-step sign-in enrolment');
  await shot(section, `mfa-enrol-desktop-en`);
  // A wrong code is refused in words; the right one turns it on.
  const code = section.getByLabel('Six-digit code');
  await code.fill(totp(secret) === '000000' ? '111111' : '000000');
  await code.press('Enter');
  await expect(section.getByRole('alert').filter({ hasText: 'Invalid code. Check it and try again.' })).toBeVisible();
  await code.fill(totp(secret));
  await code.press('Enter');

  // Ten recovery codes, shown once.
  const codes = section.getByTestId('two-factor-code');
  await expect(codes).toHaveCount(10);
  const recovery = await codes.allInnerTexts();
  await expect(section.getByRole('heading', { name: 'Your recovery codes' })).toBeFocused();
  await expectNoAxeViolations(page, 'recovery codes');
  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download as text' }).click();
  expect((await download).suggestedFilename()).toMatch(/recovery-codes\.txt$/);
  await shot(section, `mfa-codes-desktop-en`);
  await section.getByRole('button', { name: "I've saved them" }).click();
  await expect(section.getByTestId('two-factor-state')).toHaveText('On: sign-in with a password asks for a code.');
  await expect(section.getByTestId('two-factor-name')).toHaveText('Pixel phone');

  // Renamed by keyboard.
  await section.getByRole('button', { name: 'Rename Pixel phone' }).focus();
  await page.keyboard.press('Enter');
  const nameField = section.getByLabel('Name', { exact: true });
  await expect(nameField).toBeFocused();
  await nameField.fill('Work phone');
  await page.keyboard.press('Enter');
  await expect(section.getByTestId('two-factor-name')).toHaveText('Work phone');
  await expectNoAxeViolations(page, 'two-step sign-in, on');
  await shot(section, `mfa-section-on-desktop-en`);

  // Signed out, the password alone is not enough: the code step asks for the app's code.
  await page.context().clearCookies();
  await passwordStep(page, email);
  const field = page.getByLabel('Code from your authenticator app');
  await expect(field).toBeFocused();
  await expectNoAxeViolations(page, 'sign-in code step');
  await shot(page, `mfa-step-desktop-en`);
  await page.keyboard.type(totp(secret) === '123456' ? '654321' : '123456');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('two-factor-error')).toHaveText('Invalid code. Check it and try again.');
  await field.fill(totp(secret));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);

  // A recovery code signs in once.
  await page.context().clearCookies();
  await passwordStep(page, email);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  const recoveryField = page.getByLabel('Recovery code');
  await expect(recoveryField).toBeFocused();
  await recoveryField.fill(recovery[0]!);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);

  await page.context().clearCookies();
  await passwordStep(page, email);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recovery[0]!);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('two-factor-error')).toHaveText('That recovery code is not valid or was already used.');
  await expect(page).toHaveURL(/\/login/);

  // Start over goes back to the password form.
  await page.getByRole('button', { name: 'Start over' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Sign in' })).toBeVisible();
});

test('a phone number is verified with a text message and can carry the second step; turned off with the password', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { email } = await onboardedUserInPage(page);
  const { section, secret } = await enrol(page, 'Tablet');
  await section.getByLabel('Six-digit code').fill(totp(secret));
  await section.getByLabel('Six-digit code').press('Enter');
  await section.getByRole('button', { name: "I've saved them" }).click();

  const number = `+1555${String(Date.now()).slice(-7)}`;
  await section.getByRole('button', { name: 'Add a phone number' }).click();
  await section.getByLabel('Phone number').fill(number);
  await section.getByRole('button', { name: 'Send code' }).click();
  await expect(section.getByText(`We sent a code to ${number}.`)).toBeVisible();
  const added = await smsCode(page, number);
  expect(added).toMatch(/^\d{6}$/);
  await section.getByLabel('Six-digit code').fill(added!);
  await section.getByRole('button', { name: 'Verify number' }).click();
  await expect(section.getByTestId('two-factor-phone-number')).toHaveText(number);
  await expectNoAxeViolations(page, 'two-step sign-in with a phone');

  await page.context().clearCookies();
  await passwordStep(page, email);
  await page.getByRole('button', { name: 'Text me a code' }).click();
  await expect(page.getByText('We sent a code to your phone.')).toBeVisible();
  const step = await smsCode(page, number);
  await page.getByLabel('Code from the text message').fill(step!);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);

  // Turned off (the password confirms it): the next sign-in needs no code.
  await page.goto('/settings/account');
  await section.getByRole('button', { name: 'Turn off' }).click();
  await section.getByLabel('Your password').fill(PASSWORD);
  await section.getByTestId('two-factor-confirm').click();
  await expect(section.getByTestId('two-factor-state')).toHaveText('Off');
  await page.context().clearCookies();
  await page.goto('/login');
  const panel = page.getByRole('tabpanel', { name: 'Sign in' });
  await panel.getByLabel('Email').first().fill(email);
  await panel.getByLabel('Password').fill(PASSWORD);
  await panel.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the section and the code step on a phone, in Chinese, dark', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await useTheme(page, 'dark');
  await page.addInitScript(() => window.localStorage.setItem('curio.lang', 'zh-CN'));
  const { email } = await onboardedUserInPage(page);
  await page.goto('/settings/account');
  const section = page.getByRole('region', { name: '两步登录' });
  await section.getByRole('button', { name: '设置身份验证器应用' }).click();
  await section.getByLabel('你的密码').fill(PASSWORD);
  await section.getByRole('button', { name: '继续' }).click();
  await expect(section.getByTestId('two-factor-qr')).toBeVisible();
  await expectNoAxeViolations(page, 'enrolment, zh-CN dark phone');
  await shot(section, `mfa-enrol-phone-zh-dark`);
  const secret = (await section.getByTestId('two-factor-secret').innerText()).replace(/\s+/g, '');
  await section.getByLabel('六位验证码').fill(totp(secret));
  await section.getByRole('button', { name: '验证并开启' }).click();
  await expect(section.getByTestId('two-factor-code')).toHaveCount(10);
  await shot(section, `mfa-codes-phone-zh-dark`);
  await section.getByRole('button', { name: '我已保存' }).click();
  await shot(page, `mfa-section-phone-zh-dark`, { fullPage: true });

  await page.context().clearCookies();
  await page.goto('/login');
  const panel = page.getByRole('tabpanel', { name: '登录' });
  await panel.getByLabel('邮箱').first().fill(email);
  await panel.getByLabel('密码').fill(PASSWORD);
  await panel.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByTestId('two-factor-step')).toBeVisible();
  await expectNoAxeViolations(page, 'code step, zh-CN dark phone');
  await shot(page, `mfa-step-phone-zh-dark`, { fullPage: true });
});

test('a sign-in link on an account with a second factor lands on the code step', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { email } = await onboardedUserInPage(page);
  // Enrolled through the auth API with the page's session (the UI enrolment is tested above).
  const enable = await page.request.post('/auth/v1/two-factor/enable', { data: { password: PASSWORD }, headers: ORIGIN_HEADER });
  expect(enable.ok()).toBe(true);
  const secret = new URL(((await enable.json()) as { totpURI: string }).totpURI).searchParams.get('secret')!;
  expect((await page.request.post('/auth/v1/two-factor/verify-totp', { data: { code: totp(secret) }, headers: ORIGIN_HEADER })).ok()).toBe(true);

  await page.context().clearCookies();
  expect((await page.request.post('/auth/v1/sign-in/magic-link', { data: { email, callbackURL: '/' }, headers: ORIGIN_HEADER })).ok()).toBe(true);
  let link: string | null = null;
  await expect
    .poll(async () => {
      const html = await (await page.request.get('/dev/outbox')).text();
      const article = html.split('<article>').find((a) => a.includes(`to ${email} `) && a.includes('Sign in to'));
      return (link = article?.match(/href="([^"]+)"/)?.[1]?.replaceAll('&amp;', '&') ?? null);
    })
    .not.toBeNull();
  await page.goto(link!);
  await expect(page).toHaveURL(/\/login\?second-step=totp,otp$/);
  const field = page.getByLabel('Code from your authenticator app');
  await expect(field).toBeFocused();
  await field.fill(totp(secret));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
});
