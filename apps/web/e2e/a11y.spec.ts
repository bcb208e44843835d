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

test('the header’s menus stay inside the page’s landmarks while open, placed under their buttons (desktop and phone)', async ({ page }) => {
  const shots = process.env.SCREENSHOTS_DIR;
  const open = async (trigger: ReturnType<typeof page.getByRole>, what: string) => {
    await trigger.click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    // Placed (the menu is measured, then moved) and faded in: axe sees it as people do.
    await menu.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    // Inside the banner landmark (axe's region rule), and under its button, right-aligned to it.
    expect(await menu.evaluate((el) => el.closest('header') !== null)).toBe(true);
    await expect
      .poll(async () => {
        const [button, box] = [await trigger.boundingBox(), await menu.boundingBox()];
        return box!.y >= button!.y + button!.height && Math.abs(box!.x + box!.width - (button!.x + button!.width)) <= 2;
      })
      .toBe(true);
    await expectNoAxeViolations(page, what);
    if (shots) await page.screenshot({ path: `${shots}/header-menu-${what.replace(/\W+/g, '-')}.png` });
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
  };
  await page.setViewportSize({ width: 1280, height: 800 });
  // A page a guest gets rendered by the app (explore arrives pre-rendered, its buttons inert until the app takes over).
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await open(page.getByRole('banner').getByRole('button', { name: 'Language' }), 'language menu, guest');
  await open(page.getByRole('banner').getByRole('button', { name: 'Theme' }), 'theme menu, guest');
  await onboardedUserInPage(page);
  await page.goto('/explore');
  await open(page.getByTestId('account-menu'), 'account menu');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 400));
  await open(page.getByTestId('header-menu'), 'phone menu, scrolled');
});
