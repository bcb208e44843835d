import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { generateFirstItem } from './support/wizard';
import { fn, onboardedUserInPage, ORIGIN_HEADER, samplePhotoFile } from './support/api';

/**
 * Unfinished items (issue 22): an item closed before its image was chosen shows on the shelf, resumes in the wizard
 * where it stopped (its photos as they were), or is deleted; the wizard offers the newest instead of a new one.
 */
test('an unfinished item shows on the shelf, resumes where it stopped and is finished, or is deleted', async ({ page }) => {
  test.setTimeout(120_000);
  await onboardedUserInPage(page);
  // Two items started through the API: one with a photo, one without.
  const photo = await samplePhotoFile('robot', { width: 300, height: 350 });
  const { item: withPhoto } = await fn(page.request, 'items-create', { title: 'Half-done robot', tags: 'robots' });
  const signed = await fn(page.request, 'uploads-sign', { kind: 'photo', fileName: photo.name, contentType: photo.mimeType });
  expect((await page.request.post(signed.uploadURL, { multipart: { file: photo }, headers: ORIGIN_HEADER })).ok()).toBe(true);
  await fn(page.request, 'photos-add', { itemId: withPhoto.id, imageId: signed.imageId, role: 'front' });
  await fn(page.request, 'items-create', { title: 'Barely started', tags: '' });

  await page.goto('/me/shelf');
  const tray = page.getByTestId('unfinished-tray');
  await expect(tray.getByRole('heading', { name: 'Unfinished (2)' })).toBeVisible();
  await expect(tray.getByTestId('unfinished-item')).toHaveCount(2);
  await expect(tray.getByTestId('unfinished-item').first()).toContainText('Needs photos');
  await expect(tray.getByTestId('unfinished-item').last()).toContainText('Ready to generate');
  await expectNoAxeViolations(page, 'the shelf with unfinished items');

  // Delete the one without photos, after a confirmation.
  await tray.getByRole('button', { name: 'Delete Barely started' }).click();
  await page.getByTestId('unfinished-delete-confirm').click();
  await expect(tray.getByTestId('unfinished-item')).toHaveCount(1);
  await expect(tray.getByRole('heading', { name: 'Unfinished (1)' })).toBeVisible();

  // The wizard, opened for a new item, offers the unfinished one.
  await page.getByTestId('add-item').click();
  await expect(page.getByTestId('wizard-resume-offer')).toContainText('Half-done robot');
  await page.getByTestId('wizard-resume').click();
  const wizard = page.getByTestId('add-item-wizard');
  await expect(wizard).toHaveAttribute('data-step', 'style');
  // Its photo is there, as it was.
  await page.getByTestId('wizard-back').click();
  await expect(page.getByTestId('photo-card')).toHaveCount(1);
  await page.getByTestId('wizard-next').click();
  await page.getByTestId('wizard-next').click();
  await expect(wizard).toHaveAttribute('data-step', 'generate');
  await page.getByTestId('generate').click();
  await expect(page.getByTestId('variant-card')).toHaveCount(5, { timeout: 60_000 });
  await page.getByRole('radio', { name: 'Variant 1' }).check();
  await page.getByTestId('save-and-place').click();
  await expect(page.getByTestId('add-item-drawer')).toBeHidden();
  // Finished: on the shelf, and the tray is gone.
  await expect(page.getByTestId('unfinished-tray')).toHaveCount(0);
  await expect(page.getByTestId('shelf-item-count')).toHaveText('1 item');
});

test('styles compared side by side: a second style keeps the first one’s variants, and an earlier one can be chosen', async ({ page }) => {
  test.setTimeout(120_000);
  await onboardedUserInPage(page);
  await generateFirstItem(page, { title: 'Compared robot', photo: 'robot', style: 'Bright Gallery' });
  const wizard = page.getByTestId('add-item-wizard');
  await page.getByRole('radio', { name: 'Variant 4' }).check();

  // Back to try another style: Generate again keeps the five paid for, and the choice made.
  await page.getByTestId('wizard-back').click();
  await expect(wizard).toHaveAttribute('data-step', 'style');
  await page.getByRole('radio', { name: 'Manga Halftone' }).check();
  await page.getByTestId('wizard-next').click();
  await page.getByTestId('generate').click();
  await expect(page.getByTestId('variant-card')).toHaveCount(10, { timeout: 60_000 });
  const groups = page.getByTestId('variant-group');
  await expect(groups).toHaveCount(2);
  await expect(groups.first()).toHaveAttribute('data-style', 'manga_halftone');
  await expect(page.getByRole('radio', { name: 'Bright Gallery, variant 4' })).toBeChecked();
  await expectNoAxeViolations(page, 'variants of two styles');
  await page.getByRole('radio', { name: 'Bright Gallery, variant 2' }).check();
  const chosen = await page.getByRole('radio', { name: 'Bright Gallery, variant 2' }).getAttribute('value');
  await page.getByTestId('save-and-place').click();
  await expect(page.getByTestId('add-item-drawer')).toBeHidden();
  const shelf = await fn<{ items: { id: string; chosenCompositeId: string | null }[] }>(page.request, 'shelf-get');
  expect(shelf.items.map((i) => i.chosenCompositeId)).toEqual([chosen]);

  // Within the day the others are kept, the item page changes the image to another of them, without generating.
  const itemId = shelf.items[0]!.id;
  await page.goto(`/i/${itemId}`);
  await page.getByTestId('item-change-image').click();
  const dialog = page.getByTestId('change-image-dialog');
  await expect(dialog.getByTestId('change-image-option')).toHaveCount(10);
  await expect(dialog.getByRole('radio', { checked: true })).toHaveAttribute('value', chosen!);
  await expect(dialog.getByTestId('change-image-save')).toBeDisabled();
  await expectNoAxeViolations(page, 'the change-image dialog');
  const other = dialog.getByRole('radio').first();
  const otherId = await other.getAttribute('value');
  expect(otherId).not.toBe(chosen);
  await other.check();
  await dialog.getByTestId('change-image-save').click();
  await expect(page.getByText('Image changed')).toBeVisible();
  await expect(dialog).toBeHidden();
  const after = await fn<{ item: { chosenCompositeId: string } }>(page.request, 'item-get', { itemId });
  expect(after.item.chosenCompositeId).toBe(otherId);
});
