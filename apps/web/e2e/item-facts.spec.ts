import { expect, test, type Page } from '@playwright/test';
import { fn, onboardedUserInPage, seedShelfItems } from './support/api';
import { expectNoAxeViolations, useTheme } from './support/axe';
import { SCREENSHOTS_DIR, shot } from './support/shots';

/** What React (and the app's report) says when its first render differs from the HTML (as hydration.spec.ts). */
const HYDRATION = /hydrat|did not match|didn't match|Minified React error #(418|419|421|422|423|425)\b|server rendered (HTML|text)/i;

/** A maker no other test names, so explore narrowed to it shows this test's item only. */
const uniqueMaker = () => `Bandai ${Math.random().toString(36).slice(2, 7)}`;

/** Opens the facts' disclosure by keyboard: focus on its button, then Enter. */
async function openFacts(page: Page, prefix: string) {
  const toggle = page.getByTestId(`${prefix}-toggle`);
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
}

test.describe('item facts', () => {
  test('facts typed in the wizard and the edit dialog show on the item page, whose maker leads to explore narrowed to it', async ({ page, browser }) => {
    await onboardedUserInPage(page);
    const maker = uniqueMaker();

    // The wizard's first step: the facts stay folded until asked for; the item is created with them.
    await page.goto('/me/shelf');
    await page.getByTestId('add-item').click();
    await page.getByTestId('item-title').fill('Boxed robot');
    await expect(page.getByTestId('item-facts-maker')).toBeHidden();
    await openFacts(page, 'item-facts');
    await page.getByTestId('item-facts-maker').fill(`  ${maker} `);
    await page.getByTestId('item-facts-year').fill('1799');
    await page.getByTestId('wizard-next').click();
    await expect(page.getByText('Enter a year from 1800 to')).toBeVisible();
    await page.getByTestId('item-facts-year').fill('1984');
    await expectNoAxeViolations(page, 'the wizard with its facts open');
    await page.getByTestId('wizard-next').click();
    await expect(page.getByTestId('add-item-wizard')).toHaveAttribute('data-step', 'photos');
    const unfinished = await fn<{ items: { title: string; facts: { maker: string; year: number } }[] }>(page.request, 'items-unfinished-list');
    expect(unfinished.items.find((i) => i.title === 'Boxed robot')?.facts).toMatchObject({ maker, year: 1984 });
    await page.keyboard.press('Escape');

    // The owner's edit dialog, on an item on display.
    const [id] = await seedShelfItems(page.request, [{ title: 'Facts robot', tags: 'robots' }]);
    await page.goto(`/i/${id}`);
    await expect(page.getByTestId('item-facts')).toHaveCount(0);
    await page.getByTestId('item-edit').click();
    const dialog = page.getByTestId('edit-item-dialog');
    await openFacts(page, 'edit-facts');
    await dialog.getByTestId('edit-facts-maker').fill(maker);
    await dialog.getByTestId('edit-facts-line').fill('Master Grade');
    await dialog.getByTestId('edit-facts-scale').fill('1/100');
    await dialog.getByTestId('edit-facts-edition-number').fill('12');
    await dialog.getByTestId('edit-facts-edition-of').fill('500');
    await dialog.getByTestId('edit-facts-condition').selectOption('mint_in_box');
    await expectNoAxeViolations(page, 'the edit dialog with its facts');
    await dialog.getByTestId('edit-save').click();
    await expect(dialog).toBeHidden();

    // The fact sheet: only the facts set, in words.
    const sheet = page.getByTestId('item-facts');
    await expect(sheet.getByRole('heading', { name: 'About this piece' })).toBeVisible();
    await expect(sheet.locator('dt')).toHaveText(['Maker', 'Line', 'Scale', 'Edition', 'Condition']);
    await expect(sheet.locator('dd')).toHaveText([maker, 'Master Grade', '1/100', '12 of 500', 'Mint in box']);
    await expectNoAxeViolations(page, 'the item page with its fact sheet');

    // A guest's shared link works without scripts: the server renders the fact sheet and explore narrowed by the address.
    const guest = await browser.newContext({ javaScriptEnabled: false });
    const guestPage = await guest.newPage();
    await guestPage.goto(`/i/${id}`);
    await expect(guestPage.getByTestId('item-facts').locator('dd').first()).toHaveText(maker);
    await expect
      .poll(async () => {
        await guestPage.goto(`/explore?maker=${encodeURIComponent(maker.toLowerCase())}`);
        return guestPage.getByText('Facts robot').count();
      })
      .toBe(1);
    await guest.close();
    // With scripts, the app takes both pages over without a difference from the HTML (hydration.spec.ts's check).
    const scripted = await browser.newContext();
    const guestTab = await scripted.newPage();
    const mismatches: string[] = [];
    guestTab.on('console', (m) => {
      if ((m.type() === 'error' || m.type() === 'warning') && HYDRATION.test(m.text())) mismatches.push(m.text());
    });
    for (const address of [`/explore?maker=${encodeURIComponent(maker)}`, `/i/${id}`]) {
      await guestTab.goto(address);
      await expect(guestTab.getByText(maker).first()).toBeVisible();
      await guestTab.waitForLoadState('networkidle');
    }
    await expect(guestTab.getByTestId('item-facts')).toBeVisible();
    expect(mismatches).toEqual([]);
    await scripted.close();

    // The maker's link, by keyboard, to explore narrowed to it: the filter is in the address and shown as a chip.
    await sheet.getByRole('link', { name: maker }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/explore\\?maker=${encodeURIComponent(maker).replace(/%20/g, '(\\+|%20)')}$`));
    const chip = page.getByRole('button', { name: `Remove filter Maker: ${maker}` });
    await expect(chip).toBeVisible();
    await expect(page.getByTestId('explore-card')).toHaveCount(1);
    await expect(page.getByTestId('explore-card')).toContainText('Facts robot');
    await expectNoAxeViolations(page, 'explore narrowed to a maker');

    // Removing the chip (keyboard) widens explore again; the focus stays in the page.
    await chip.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/explore$/);
    await expect(chip).toHaveCount(0);
    await expect(page.locator('#main')).toBeFocused();
  });

  test('screens for a design review', async ({ page }) => {
    test.skip(!SCREENSHOTS_DIR, 'only when SCREENSHOTS_DIR is set');
    test.setTimeout(240_000);
    await onboardedUserInPage(page);
    const maker = uniqueMaker();
    const [id] = await seedShelfItems(page.request, [{ title: 'Facts robot', tags: 'robots' }]);
    await fn(page.request, 'items-update', {
      itemId: id,
      title: 'Facts robot',
      tags: 'robots',
      nsfw: false,
      facts: {
        maker,
        line: 'Master Grade',
        character: 'RX-78-2 Gundam',
        year: 2017,
        scale: '1/100',
        edition: { number: 12, of: 500 },
        condition: 'mint_in_box',
        barcode: '4573102616074',
      },
    });
    for (const lang of ['en', 'zh-CN'] as const) {
      for (const theme of ['light', 'dark'] as const) {
        for (const [device, size] of [
          ['desktop', { width: 1280, height: 900 }],
          ['phone', { width: 390, height: 844 }],
        ] as const) {
          const name = `${lang}-${theme}-${device}`;
          const context = await page
            .context()
            .browser()!
            .newContext({ viewport: size, storageState: await page.context().storageState() });
          const p = await context.newPage();
          await useTheme(p, theme);
          await p.addInitScript((l) => window.localStorage.setItem('curio.lang', l), lang);
          await p.goto(`/i/${id}`);
          await expect(p.getByTestId('item-facts')).toBeVisible();
          await shot(p, `item-${name}`, { fullPage: true });
          await p.getByTestId('item-edit').click();
          await expect(p.getByTestId('edit-facts-maker')).toBeVisible();
          await shot(p, `edit-${name}`);
          await p.getByTestId('edit-facts-barcode').scrollIntoViewIfNeeded();
          await shot(p, `edit-lower-${name}`);
          await p.keyboard.press('Escape');
          await p.goto(`/explore?maker=${encodeURIComponent(maker)}&sort=new`);
          await expect(p.getByTestId('explore-card')).toHaveCount(1);
          await shot(p, `explore-${name}`);
          await p.goto('/me/shelf');
          await p.getByTestId('add-item').click();
          await p.getByTestId('item-facts-toggle').click();
          await p.getByTestId('item-facts-edition-number').fill('12');
          await p.getByTestId('item-facts-barcode').fill('12');
          await p.getByTestId('wizard-next').click();
          await expect(p.getByTestId('item-facts-barcode')).toHaveAttribute('aria-invalid', 'true');
          await p.getByTestId('item-facts-barcode').scrollIntoViewIfNeeded();
          await shot(p, `wizard-${name}`);
          await context.close();
        }
      }
    }
  });
});
