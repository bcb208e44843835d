import { expect, test, type Browser, type Page } from '@playwright/test';
import { onboardedUserInPage, seedShelfItems } from './support/api';
import { expectNoAxeViolations, useTheme } from './support/axe';
import { shot } from './support/shots';

type Person = { page: Page; handle: string; close: () => Promise<void> };
type Look = { theme?: 'light' | 'dark'; lang?: 'en' | 'zh-CN'; phone?: boolean };

/** A browser context of its own: a new collector, or a guest (`signUp: false`), in a theme, language and size. */
async function person(browser: Browser, { theme = 'light', lang = 'en', phone = false }: Look = {}, signUp = true): Promise<Person> {
  const ctx = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: lang, ...(phone ? { viewport: { width: 390, height: 844 } } : {}) });
  const page = await ctx.newPage();
  await page.addInitScript((l) => {
    localStorage.setItem('curio.analytics-consent', 'accepted');
    localStorage.setItem('curio.lang', l);
  }, lang);
  await useTheme(page, theme);
  const handle = signUp ? (await onboardedUserInPage(page)).handle : '';
  return { page, handle, close: () => ctx.close() };
}

test.describe('honest images and the wanted list', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(240_000);

  let owner: Person;
  let itemId: string;
  const title = 'Wind-up robot';

  test.beforeAll(async ({ browser }) => {
    owner = await person(browser);
    [itemId] = (await seedShelfItems(owner.page.request, [{ title, tags: 'robots, tin' }])) as [string];
  });
  test.afterAll(() => owner.close());

  test('the AI-styled mark, the real photos by keyboard, and alt text from the edit dialog', async ({ browser }) => {
    const { page } = owner;
    await page.goto(`/i/${itemId}`);
    const figure = page.getByTestId('item-page').locator('figure');
    await expect(figure.getByTestId('ai-badge')).toHaveText(/AI-styled/);
    await expect(figure.getByTestId('ai-badge')).toHaveAttribute('title', 'Styled by AI from the collector’s photos');
    // Without alt text of its own, the picture is named as before.
    await expect(page.getByTestId('item-image')).toHaveAttribute('alt', `${title}, as shown on the shelf`);

    // Alt text written in the edit dialog becomes the picture's alt.
    await page.getByTestId('item-edit').click();
    const dialog = page.getByTestId('edit-item-dialog');
    await dialog.getByLabel('Image description (alt text)').fill('A red tin robot with a wind-up key in its back');
    await dialog.getByTestId('edit-photo-alt').first().fill('The robot from the front, on a desk');
    await shot(page, 'honest-edit-dialog-desktop-light');
    await dialog.getByTestId('edit-save').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('item-image')).toHaveAttribute('alt', 'A red tin robot with a wind-up key in its back');

    // The real photos, by keyboard: the toggle says it is pressed, the photo shows with its alt text, the change is announced.
    const toggle = page.getByTestId('real-photos-toggle');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('item-real-photo')).toHaveAttribute('alt', 'The robot from the front, on a desk');
    await expect(page.getByTestId('real-photos-status')).toHaveText('Showing the collector’s photo 1 of 1 (front)');
    await expect(figure.getByTestId('ai-badge')).toHaveCount(0);
    await expectNoAxeViolations(page, 'item page, real photos');
    await shot(page, 'honest-item-real-desktop-light');
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByTestId('item-image')).toBeVisible();
    await expectNoAxeViolations(page, 'item page, styled image');
    await shot(page, 'honest-item-desktop-light');

    // The owner's own shelf marks the picture too, and names it with its alt text.
    await page.goto('/me/shelf');
    const cell = page.getByTestId('shelf-item').first();
    await expect(cell.getByTestId('ai-badge')).toBeVisible();
    await expect(cell.locator('img')).toHaveAttribute('alt', 'A red tin robot with a wind-up key in its back');
    await shot(page, 'honest-shelf-desktop-light');

    // A guest sees the mark on the item page and on the profile's shelf, and the alt text in the page's head.
    for (const look of [{ theme: 'dark', lang: 'zh-CN', phone: true }, { theme: 'dark' }] as Look[]) {
      const guest = await person(browser, look, false);
      await guest.page.goto(`/i/${itemId}`);
      await expect(guest.page.getByTestId('item-page').locator('figure').getByTestId('ai-badge')).toBeVisible();
      await expect(guest.page.locator('meta[property="og:image:alt"]')).toHaveAttribute('content', 'A red tin robot with a wind-up key in its back');
      await shot(guest.page, `honest-item-guest-${look.phone ? 'phone' : 'desktop'}-${look.theme}-${look.lang ?? 'en'}`);
      await guest.page.goto(`/u/${owner.handle}`);
      await expect(guest.page.getByTestId('public-shelf-item').getByTestId('ai-badge')).toHaveCount(1);
      await expect(guest.page.getByTestId('public-shelf-item').locator('img')).toHaveAttribute('alt', 'A red tin robot with a wind-up key in its back');
      await expectNoAxeViolations(guest.page, `profile as a guest (${look.lang ?? 'en'}, ${look.theme})`);
      await shot(guest.page, `honest-profile-guest-${look.phone ? 'phone' : 'desktop'}-${look.theme}-${look.lang ?? 'en'}`);
      await guest.close();
    }
  });

  test('the wanted list: add, edit and delete entries, the public page as a guest, and I want this', async ({ browser }) => {
    const seeker = await person(browser, { theme: 'dark', phone: true });
    const { page } = seeker;
    // The owner's profile leads to their list.
    await page.goto(`/u/${seeker.handle}`);
    await page.getByTestId('profile-wanted').click();
    await expect(page).toHaveURL('/me/wanted');
    await expect(page.getByTestId('wanted-empty')).toContainText('Your wanted list is empty');
    await expectNoAxeViolations(page, 'empty wanted list');
    await shot(page, 'wanted-empty-phone-dark');

    // Add a public entry with facts.
    await page.getByTestId('wanted-add').click();
    let dialog = page.getByTestId('wanted-dialog');
    await dialog.getByLabel('Title').fill('Robby the Robot');
    await dialog.getByLabel('Maker or brand').fill('Masudaya');
    await dialog.getByLabel('Year').fill('1985');
    await dialog.getByLabel('Condition').selectOption('mint_in_box');
    await dialog.getByLabel('Show on my profile').click();
    await expectNoAxeViolations(page, 'wanted entry dialog');
    await shot(page, 'wanted-dialog-phone-dark');
    await dialog.getByTestId('wanted-save').click();
    await expect(dialog).toBeHidden();
    const entries = page.getByTestId('wanted-entry');
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText('Masudaya · 1985 · Mint in box');
    await expect(entries.first().getByTestId('wanted-entry-visibility')).toHaveText('Public');

    // A bad year is told on its field; then a private entry.
    await page.getByTestId('wanted-add').click();
    dialog = page.getByTestId('wanted-dialog');
    await dialog.getByLabel('Title').fill('Tin spaceship');
    await dialog.getByLabel('Year').fill('85');
    await dialog.getByTestId('wanted-save').click();
    await expect(dialog.getByText('Enter a year such as 1985')).toBeVisible();
    await dialog.getByLabel('Year').fill('');
    await dialog.getByTestId('wanted-save').click();
    await expect(dialog).toBeHidden();
    await expect(entries).toHaveCount(2);

    // Edit the first: a note.
    await entries.filter({ hasText: 'Robby the Robot' }).getByTestId('wanted-edit').click();
    dialog = page.getByTestId('wanted-dialog');
    await dialog.getByLabel('Note').fill('Only with the box');
    await dialog.getByTestId('wanted-save').click();
    await expect(dialog).toBeHidden();
    await expect(entries.filter({ hasText: 'Robby the Robot' })).toContainText('Only with the box');
    await expectNoAxeViolations(page, 'wanted list');
    await shot(page, 'wanted-list-phone-dark');

    // A guest sees the public entry only.
    for (const look of [{ theme: 'light' }, { theme: 'light', lang: 'zh-CN', phone: true }] as Look[]) {
      const guest = await person(browser, look, false);
      await guest.page.goto(`/u/${seeker.handle}`);
      await guest.page.getByTestId('profile-wanted').click();
      await expect(guest.page).toHaveURL(`/u/${seeker.handle}/wanted`);
      await expect(guest.page.getByTestId('wanted-entry')).toHaveCount(1);
      await expect(guest.page.getByTestId('wanted-entry')).toContainText('Robby the Robot');
      await expect(guest.page.getByTestId('wanted-edit')).toHaveCount(0);
      await expectNoAxeViolations(guest.page, `public wanted list (${look.lang ?? 'en'})`);
      await shot(guest.page, `wanted-public-${look.phone ? 'phone' : 'desktop'}-${look.theme}-${look.lang ?? 'en'}`);
      await guest.close();
    }

    // Explore's card and the saves list carry the mark and the alt text.
    await page.goto('/explore?sort=new');
    const card = page.getByTestId('explore-card').filter({ hasText: title });
    await expect(async () => {
      await page.reload();
      await expect(card).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(card.getByTestId('ai-badge')).toBeVisible();
    await expect(card.locator('img')).toHaveAttribute('alt', 'A red tin robot with a wind-up key in its back');
    await shot(page, 'honest-explore-phone-dark');

    // Delete the private entry.
    await page.goto('/me/wanted');
    await entries.filter({ hasText: 'Tin spaceship' }).getByTestId('wanted-delete').click();
    await page.getByTestId('wanted-delete-confirm').click();
    await expect(entries).toHaveCount(1);

    // I want this, on another collector's item: one press, a toast that leads to the list.
    await page.goto(`/i/${itemId}`);
    await page.getByTestId('want-this').click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: `“${title}” is on your wanted list` });
    await expect(toast).toBeVisible();
    await shot(page, 'want-this-phone-dark');
    await toast.getByRole('button', { name: 'View list' }).click();
    await expect(page).toHaveURL('/me/wanted');
    await expect(entries.filter({ hasText: title })).toHaveCount(1);
    await expect(entries.filter({ hasText: title }).getByTestId('wanted-entry-visibility')).toHaveText('Only you');
    // Not on one's own item.
    await owner.page.goto(`/i/${itemId}`);
    await expect(owner.page.getByTestId('item-edit')).toBeVisible();
    await expect(owner.page.getByTestId('want-this')).toHaveCount(0);
    await seeker.close();
    const own = (await (await owner.page.request.get('/functions/v1/wanted-list')).json()) as { entries: unknown[] };
    expect(own.entries).toEqual([]);
  });
});
