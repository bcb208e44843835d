import { expect, type Page } from '@playwright/test';
import type { SampleName } from '../../../server/src/modules/generation/sample-photos';
import { samplePhotoFile } from './api';

/**
 * From the empty shelf through the add-item wizard to the five variants of a new item: its title, one test photo
 * (waited for until prepared), a style, Generate.
 */
export async function generateFirstItem(page: Page, opts: { title: string; photo: SampleName; style: string }) {
  await page.goto('/me/shelf');
  await page.getByTestId('add-first-item').click();
  await page.getByTestId('item-title').fill(opts.title);
  await page.getByTestId('wizard-next').click();
  await page.getByTestId('photo-input').setInputFiles([await samplePhotoFile(opts.photo)]);
  await expect(page.getByTestId('photo-card').first()).toHaveAttribute('data-prep', 'ready', { timeout: 30_000 });
  await page.getByTestId('wizard-next').click();
  await page.getByRole('radio', { name: opts.style }).check();
  await page.getByTestId('wizard-next').click();
  await page.getByTestId('generate').click();
  await expect(page.getByTestId('variant-card')).toHaveCount(5, { timeout: 60_000 });
}
