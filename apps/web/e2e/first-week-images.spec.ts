import { expect, test } from '@playwright/test';
import { fn, onboardedUserInPage } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { generateFirstItem } from './support/wizard';

/**
 * Images that flatter close-ups (issue 22): a photo whose subject fills the frame is shown whole, as a framed print,
 * and the wizard's last step says so and how to get a cut-out instead.
 */
test('a close-up is shown as a framed print, and the wizard says why; the chosen picture’s alt text is asked for, prefilled from the title', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await onboardedUserInPage(page);
  await generateFirstItem(page, { title: 'Plush cat', photo: 'cat', style: 'Bright Gallery' });
  await expect(page.getByTestId('generate-treatment')).toHaveText(
    'Your photo fills its frame, so it is shown whole as a framed print: a cut-out would have clipped the item’s edges. For a cut-out, take the photo with some space around the item.',
  );
  await expectNoAxeViolations(page, 'the wizard after a close-up was shown as a print');

  // Choosing a variant asks for its alt text, prefilled from the title; what the owner writes is the picture's.
  await expect(page.getByTestId('wizard-alt-text')).toHaveCount(0);
  await page.getByRole('radio', { name: 'Variant 1' }).check();
  const alt = page.getByRole('textbox', { name: 'Image description (alt text)' });
  await expect(alt).toHaveValue('Plush cat');
  await alt.fill('A grey plush cat sitting on a wooden shelf');
  await expectNoAxeViolations(page, 'the wizard asking for the alt text');
  await page.getByTestId('save-and-place').click();
  await expect(page.getByTestId('add-item-drawer')).toBeHidden();
  const { items } = await fn<{ items: { id: string; title: string }[] }>(page.request, 'shelf-get');
  const id = items.find((i) => i.title === 'Plush cat')!.id;
  expect((await fn<{ item: { altText: string | null } }>(page.request, 'item-get', { itemId: id })).item.altText).toBe(
    'A grey plush cat sitting on a wooden shelf',
  );
});
