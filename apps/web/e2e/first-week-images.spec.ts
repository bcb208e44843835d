import { expect, test } from '@playwright/test';
import { onboardedUserInPage, samplePhotoFile } from './support/api';
import { expectNoAxeViolations } from './support/axe';

/**
 * Images that flatter close-ups (issue 22): a photo whose subject fills the frame is shown whole, as a framed print,
 * and the wizard's last step says so and how to get a cut-out instead.
 */
test('a close-up is shown as a framed print, and the wizard says why', async ({ page }) => {
  test.setTimeout(120_000);
  await onboardedUserInPage(page);
  await page.goto('/me/shelf');
  await page.getByTestId('add-first-item').click();
  await page.getByTestId('item-title').fill('Plush cat');
  await page.getByTestId('wizard-next').click();
  await page.getByTestId('photo-input').setInputFiles([await samplePhotoFile('cat')]);
  await expect(page.getByTestId('photo-card').first()).toHaveAttribute('data-prep', 'ready', { timeout: 30_000 });
  await page.getByTestId('wizard-next').click();
  await page.getByRole('radio', { name: 'Bright Gallery' }).check();
  await page.getByTestId('wizard-next').click();
  await page.getByTestId('generate').click();
  await expect(page.getByTestId('variant-card')).toHaveCount(5, { timeout: 60_000 });
  await expect(page.getByTestId('generate-treatment')).toHaveText(
    'Your photo fills its frame, so it is shown whole as a framed print: a cut-out would have clipped the item’s edges. For a cut-out, take the photo with some space around the item.',
  );
  await expectNoAxeViolations(page, 'the wizard after a close-up was shown as a print');
});
