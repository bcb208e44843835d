import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { admin, onboardedUserInPage, samplePhotoFile, signInAdmin } from './support/api';
import { expectNoAxeViolations } from './support/axe';

/**
 * The first hour of a new collector (issue 8), what is left of it: toasts raised in the add-item wizard
 * stay clear of its footer, and an open wizard follows the live maintenance switch.
 */

const SETTINGS_DEFAULTS = { betaOpen: true, maintenanceMode: false, maintenanceStatusUrl: null, announcement: null };

/** Opens the wizard from an empty shelf and fills in the details step. */
async function openWizard(page: Page, title: string) {
  await page.goto('/me/shelf');
  await page.getByTestId('add-first-item').click();
  const wizard = page.getByTestId('add-item-wizard');
  await expect(wizard).toHaveAttribute('data-step', 'details');
  await page.getByTestId('item-title').fill(title);
  await page.getByTestId('wizard-next').click();
  await expect(wizard).toHaveAttribute('data-step', 'photos');
  return wizard;
}

/** From the photos step: one photo, uploaded and prepared, then the style and generate steps. */
async function onToGenerate(page: Page) {
  const wizard = page.getByTestId('add-item-wizard');
  await page.getByTestId('photo-input').setInputFiles([await samplePhotoFile('robot')]);
  await expect(page.getByTestId('photo-card').first()).toHaveAttribute('data-prep', 'ready', { timeout: 30_000 });
  await page.getByTestId('wizard-next').click();
  await expect(wizard).toHaveAttribute('data-step', 'style');
  await page.getByTestId('wizard-next').click();
  await expect(wizard).toHaveAttribute('data-step', 'generate');
}

/** The toast shown now (sonner keeps a dismissed one in the list for its exit). */
const shownToast = (page: Page) => page.locator('[data-sonner-toast]:not([data-removed="true"])').first();

/**
 * The toast lies wholly above the wizard's footer (bounding boxes) and on screen, and a tap at the centre of
 * each footer button reaches the button.
 */
async function expectToastClearOfFooter(page: Page, label: string) {
  const toast = shownToast(page);
  await expect(toast).toBeVisible();
  const footer = page.getByTestId('wizard-footer');
  const gap = async () => {
    const t = await toast.boundingBox();
    const f = await footer.boundingBox();
    return t && f ? f.y - (t.y + t.height) : -1;
  };
  // Measured once the toast has slid into place (its entrance and the glide above the footer are animated).
  await expect.poll(gap, { message: `the toast ends above the footer (${label})` }).toBeGreaterThanOrEqual(0);
  // Once the toaster's animations have ended, it stays there.
  await expect
    .poll(
      () =>
        toast.evaluate((el) => (el.closest('[data-sonner-toaster]') ?? el).getAnimations({ subtree: true }).filter((a) => a.playState === 'running').length),
      {
        message: `the toast has settled (${label})`,
      },
    )
    .toBe(0);
  expect(await gap(), `the toast stays above the footer (${label})`).toBeGreaterThanOrEqual(0);
  expect((await toast.boundingBox())!.y, `the toast is on screen (${label})`).toBeGreaterThanOrEqual(0);
  if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/wizard-toast-${label.replace(/[^a-z0-9]+/gi, '-')}.png` });
  const buttons = await footer.getByRole('button').all();
  expect(buttons.length).toBeGreaterThan(0);
  for (const button of buttons) {
    const cover = await button.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return top && (top === el || el.contains(top)) ? null : (top?.outerHTML.slice(0, 160) ?? 'nothing');
    });
    expect(cover, `a tap on "${await button.innerText()}" is intercepted (${label})`).toBeNull();
  }
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 720 },
]) {
  test(`toasts raised in the add-item wizard never cover its footer (${viewport.width} px)`, async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(viewport);
    await onboardedUserInPage(page);
    await openWizard(page, 'Tin robot');

    // Next without a photo: an error toast, raised over the photos step.
    await page.getByTestId('wizard-next').click();
    await expect(shownToast(page)).toContainText('Please upload at least 1 photo');
    await expectToastClearOfFooter(page, `photos step, ${viewport.width} px`);

    // The generate-success toast lands while "Save and place" is the button to press next.
    await onToGenerate(page);
    await page.getByTestId('generate').click();
    await expect(page.getByTestId('variant-card')).toHaveCount(5, { timeout: 60_000 });
    await expect(shownToast(page)).toContainText('Your variants are ready');
    await page.getByRole('radio', { name: 'Variant 1' }).check();
    await expectToastClearOfFooter(page, `results, ${viewport.width} px`);
    await page.getByTestId('save-and-place').click();

    // Once the drawer has gone, the next toast sits at the bottom again.
    await expect(page.getByTestId('add-item-drawer')).toBeHidden();
    await expect(shownToast(page)).toContainText('Item added to your shelf');
    await expect
      .poll(async () => {
        const t = (await shownToast(page).boundingBox())!;
        return viewport.height - (t.y + t.height);
      })
      .toBeLessThanOrEqual(24);
  });
}

test('offline, the wizard says so within seconds and keeps what was typed; back online, Next goes on', async ({ page, context }) => {
  await onboardedUserInPage(page);
  await page.goto('/me/shelf');
  await page.getByTestId('add-first-item').click();
  const wizard = page.getByTestId('add-item-wizard');
  await expect(wizard).toHaveAttribute('data-step', 'details');
  await page.getByTestId('item-title').fill('Offline robot');
  await page.getByTestId('item-tags').fill('robots, tin');

  await context.setOffline(true);
  await page.getByTestId('wizard-next').click();
  await expect(shownToast(page)).toContainText("Can't reach the server. Check your connection and try again.", { timeout: 5_000 });
  await expect(page.getByTestId('offline-banner')).toContainText("You're offline.");
  await expect(page.getByTestId('wizard-next')).toBeEnabled();
  await expect(wizard).toHaveAttribute('data-step', 'details');
  await expect(page.getByTestId('item-title')).toHaveValue('Offline robot');
  await expect(page.getByTestId('item-tags')).toHaveValue('robots, tin');
  await expectNoAxeViolations(page, 'the wizard offline');

  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0, { timeout: 10_000 });
  await page.getByTestId('wizard-next').click();
  await expect(wizard).toHaveAttribute('data-step', 'photos');
});

test.describe('an open wizard follows the live maintenance switch', () => {
  let adminContext: BrowserContext;
  test.beforeAll(async ({ browser }) => {
    adminContext = await browser.newContext();
    await signInAdmin(adminContext.request);
  });
  test.afterAll(async () => {
    await admin.settings(adminContext.request, SETTINGS_DEFAULTS);
    await adminContext.close();
  });

  test('Generate turns on when an admin ends maintenance, and off when it starts again, without a reload', async ({ page }) => {
    await admin.settings(adminContext.request, { ...SETTINGS_DEFAULTS, maintenanceMode: true });
    await onboardedUserInPage(page);
    await openWizard(page, 'Maintenance robot');
    await onToGenerate(page);
    // Marks this document: a reload would lose it.
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    const generate = page.getByTestId('generate');
    const reason = page.getByTestId('generate-blocked');
    await expect(generate).toBeDisabled();
    await expect(reason).toHaveText('Generation is paused for maintenance. Please try again later.');

    // The admin switches maintenance off in their own browser: the open wizard follows at once (the notifications
    // stream says the settings changed; its own re-reading every 20 s would come too late for these waits).
    await admin.settings(adminContext.request, SETTINGS_DEFAULTS);
    await expect(generate).toBeEnabled({ timeout: 5_000 });
    await expect(reason).toHaveCount(0);

    // And on again.
    await admin.settings(adminContext.request, { ...SETTINGS_DEFAULTS, maintenanceMode: true });
    await expect(generate).toBeDisabled({ timeout: 5_000 });
    await expect(reason).toBeVisible();

    await expect(page.getByTestId('add-item-wizard')).toHaveAttribute('data-step', 'generate');
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await admin.settings(adminContext.request, SETTINGS_DEFAULTS);
  });
});
