import { expect, test } from '@playwright/test';
import { onboardedUserInPage } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { generateFirstItem } from './support/wizard';

/**
 * Images that flatter close-ups (issue 22): a photo whose subject fills the frame is shown whole, as a framed print,
 * and the wizard's last step says so and how to get a cut-out instead.
 */
test('a close-up is shown as a framed print, and the wizard says why', async ({ page }) => {
  test.setTimeout(120_000);
  await onboardedUserInPage(page);
  await generateFirstItem(page, { title: 'Plush cat', photo: 'cat', style: 'Bright Gallery' });
  await expect(page.getByTestId('generate-treatment')).toHaveText(
    'Your photo fills its frame, so it is shown whole as a framed print: a cut-out would have clipped the item’s edges. For a cut-out, take the photo with some space around the item.',
  );
  await expectNoAxeViolations(page, 'the wizard after a close-up was shown as a print');
});
