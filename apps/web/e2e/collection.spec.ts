import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { fn, onboardedUserInPage, seedShelfItems } from './support/api';
import { shot } from './support/shots';

/**
 * The private ledger and the collection: the owner records what they paid on the item page, sees the collection with
 * totals per currency (printable as an inventory), imports a CSV after a preview that shows a row's errors, and
 * downloads the inventory as CSV.
 */

/** One finished item on the shelf and one unfinished, with facts and a ledger; answers the finished one's id. */
async function seedCollection(page: Page) {
  const [shown] = await seedShelfItems(page.request, [{ title: 'Tin robot', tags: 'robots' }]);
  await fn(page.request, 'items-update', {
    itemId: shown,
    title: 'Tin robot',
    tags: 'robots',
    nsfw: false,
    facts: { maker: 'Masudaya', year: 1985, condition: 'opened' },
  });
  const { item } = await fn(page.request, 'items-create', {
    title: 'Nendoroid Miku',
    tags: 'figures',
    facts: { maker: 'Good Smile', line: 'Nendoroid', character: 'Hatsune Miku', year: 2019, scale: 'non-scale', edition: { number: 12, of: 500 } },
  });
  await fn(page.request, 'items-ledger-update', {
    itemId: item.id,
    pricePaid: { amount: 59.9, currency: 'EUR' },
    purchasedOn: '2023-05-07',
    boughtAt: 'AmiAmi',
    storage: 'Shelf B',
  });
  return shown!;
}

const IMPORT_CSV = [
  'title,maker,year,price,currency,condition',
  '"Zaku II, green",Bandai,1999,3500,JPY,mint in box',
  'Broken row,Bandai,nineteen,10,XYZ,',
].join('\n');

test('the owner records the ledger, sees the collection with totals, previews an import with an error row and exports CSV', async ({ page }) => {
  test.setTimeout(180_000);
  await onboardedUserInPage(page);
  const itemId = await seedCollection(page);

  // The item page: the private section, edited by keyboard.
  await page.goto(`/i/${itemId}`);
  const section = page.getByTestId('item-ledger');
  await expect(section.getByRole('heading', { name: 'Private details' })).toBeVisible();
  await expect(section).toContainText('Only you');
  await section.getByTestId('ledger-edit').click();
  await page.getByTestId('ledger-amount').fill('abc');
  await page.getByTestId('ledger-save').click();
  await expect(section.getByText('Enter an amount such as 59.90')).toBeVisible();
  await page.getByTestId('ledger-amount').fill('120');
  await page.getByTestId('ledger-currency').selectOption('JPY');
  await page.getByTestId('ledger-date').fill('2024-03-05');
  await page.getByTestId('ledger-storage').fill('Box 3');
  await page.getByTestId('ledger-storage').press('Enter');
  await expect(section.getByTestId('ledger-summary')).toContainText('Box 3');
  await expect(section.getByTestId('ledger-summary')).toContainText('120');
  await expectNoAxeViolations(page, 'the item page with its private details');
  await shot(page, 'ledger-item-page-en-light', { fullPage: true });

  // The collection page, from the account menu.
  await page.getByTestId('account-menu').click();
  await page.getByRole('menuitem', { name: 'Collection' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your collection' })).toBeVisible();
  await expect(page.getByTestId('collection-row')).toHaveCount(2);
  const byCurrency = page.getByTestId('totals-currency');
  await expect(byCurrency).toContainText('¥120');
  await expect(byCurrency).toContainText('€59.90');
  await expect(page.getByTestId('totals-maker')).toContainText('Good Smile');
  await expect(page.getByTestId('totals-year')).toContainText('2019');

  // Sorting by keyboard: the Year header, twice.
  const year = page.getByTestId('sort-year');
  await year.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('th[aria-sort="ascending"]')).toContainText('Year');
  await expect(page.getByTestId('collection-row').first()).toContainText('Tin robot');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('collection-row').first()).toContainText('Nendoroid Miku');
  // The text filter.
  await page.getByTestId('collection-filter').fill('amiami');
  await expect(page.getByTestId('collection-row')).toHaveCount(1);
  await page.getByTestId('collection-filter').fill('');
  await expectNoAxeViolations(page, 'the collection page');
  await shot(page, 'collection-en-light', { fullPage: true });
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByText('Collection inventory of E2E Collector')).toBeVisible();
  await expect(page.getByTestId('collection-print')).toBeHidden();
  await shot(page, 'collection-print', { fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  // Import: the preview names the broken row's errors; the valid row is imported by the job.
  await page.getByTestId('collection-import').click();
  await page.getByTestId('import-file').setInputFiles({ name: 'inventory.csv', mimeType: 'text/csv', buffer: Buffer.from(IMPORT_CSV) });
  await expect(page.getByTestId('import-summary')).toContainText('1 row ready');
  await expect(page.getByTestId('import-summary')).toContainText('1 row with errors');
  const errorRow = page.getByTestId('import-row-error');
  await expect(errorRow).toHaveCount(1);
  await expect(errorRow).toContainText('year: not in the expected format');
  await expect(errorRow).toContainText('currency: not a value that is accepted');
  await expectNoAxeViolations(page, 'the import preview');
  await shot(page, 'collection-import-preview-en-light');
  await page.getByTestId('import-start').click();
  await expect(page.getByTestId('import-done')).toContainText('1 item imported', { timeout: 30_000 });
  await page.getByTestId('import-close').click();
  await expect(page.getByTestId('collection-row')).toHaveCount(3);
  await expect(page.getByTestId('collection-table')).toContainText('Zaku II, green');

  // Export: the inventory as a CSV download.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('collection-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^curio-inventory-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.split(/\r?\n/)[0]).toContain('title,tags,maker,line,character,year');
  expect(csv).toContain('"Zaku II, green"');
  expect(csv).toContain('120,JPY,2024-03-05');
});

test.describe('on a phone, in Chinese and the dark theme', () => {
  test.use({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });

  test('the collection is a list of cards with the totals, and the item page keeps the private section beside the fact sheet', async ({ page }) => {
    test.setTimeout(120_000);
    await page.addInitScript(() => {
      window.localStorage.setItem('curio.lang', 'zh-CN');
      window.localStorage.setItem('curio.theme', 'dark');
    });
    await onboardedUserInPage(page);
    const itemId = await seedCollection(page);
    await page.goto('/me/collection');
    await expect(page.getByRole('heading', { level: 1, name: '我的藏品清单' })).toBeVisible();
    await expect(page.getByTestId('collection-cards').getByRole('listitem')).toHaveCount(2);
    await expect(page.getByTestId('collection-table')).toBeHidden();
    await expect(page.getByTestId('totals-currency')).toContainText('€59.90');
    await expectNoAxeViolations(page, 'the collection, zh-CN dark phone');
    await shot(page, 'collection-zh-dark-phone', { fullPage: true });
    await page.getByTestId('collection-edit').first().click();
    await expect(page.getByTestId('ledger-dialog')).toBeVisible();
    await shot(page, 'collection-ledger-dialog-zh-dark-phone');
    await page.keyboard.press('Escape');

    await page.goto(`/i/${itemId}`);
    await expect(page.getByTestId('item-ledger').getByRole('heading', { name: '私密信息' })).toBeVisible();
    // The public fact sheet beside it, in Chinese words, checked by axe with the rest of the page.
    await expect(page.getByTestId('item-facts').locator('dd')).toHaveText(['Masudaya', '1985', '已拆封']);
    await expectNoAxeViolations(page, 'the item page, zh-CN dark phone');
    await shot(page, 'ledger-item-page-zh-dark-phone', { fullPage: true });
  });
});
