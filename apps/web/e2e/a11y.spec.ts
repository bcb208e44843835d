import { expect, test } from '@playwright/test';
import { onboardedUserInPage, PASSWORD, uniqueEmail } from './support/api';
import { expectNoAxeViolations, useTheme } from './support/axe';

for (const theme of ['light', 'dark'] as const) {
  test.describe(`axe, ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => useTheme(page, theme));

    test('landing, login, 404', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expectNoAxeViolations(page, `landing (${theme})`);
      await page.goto('/login');
      await expect(page.getByRole('tab', { name: 'Sign in' })).toBeVisible();
      await expectNoAxeViolations(page, `login, sign-in tab (${theme})`);
      await page.getByRole('tab', { name: 'Sign up' }).click();
      await expectNoAxeViolations(page, `login, sign-up tab (${theme})`);
      await page.goto('/missing-page');
      await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible();
      await expectNoAxeViolations(page, `404 (${theme})`);
    });

    test('onboarding and the shelf', async ({ page }) => {
      await page.request.post('/auth/v1/sign-up/email', { data: { email: uniqueEmail('a11y'), password: PASSWORD, name: 'a' } });
      await page.goto('/onboarding');
      await expect(page.getByRole('heading', { name: 'Create your profile' })).toBeVisible();
      await expectNoAxeViolations(page, `onboarding profile step (${theme})`);
      await page.getByRole('button', { name: 'Create my shelf' }).click();
      await expectNoAxeViolations(page, `onboarding with field errors (${theme})`);

      await page.context().clearCookies();
      await onboardedUserInPage(page);
      await page.goto('/me/shelf');
      await expect(page.getByRole('heading', { name: "E2E Collector's shelf" })).toBeVisible();
      await expectNoAxeViolations(page, `shelf (${theme})`);
    });
  });
}
