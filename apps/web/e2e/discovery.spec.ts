import { expect, test, type Page } from '@playwright/test';
import { fn, onboardedUserInPage, seedShelfItems, uniqueHandle } from './support/api';
import { expectNoAxeViolations } from './support/axe';

/** Another collector's items, made in a separate browser context so the page stays a visitor. */
async function othersItems(page: Page, items: { title: string; tags?: string; nsfw?: boolean }[]) {
  const ctx = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL });
  const owner = await ctx.newPage();
  const { handle } = await onboardedUserInPage(owner);
  const ids = await seedShelfItems(owner.request, items);
  return { ids, handle, ctx, owner };
}
/** Until explore lists these items: the e2e server ranks in snapshot windows of 1 s, so new items show from the next one. */
const waitForExplore = (page: Page, ids: string[]) =>
  expect
    .poll(
      async () => {
        const res = await page.request.get('/functions/v1/explore-list?sort=new&pageSize=60');
        const listed = ((await res.json()) as { items: { itemId: string }[] }).items.map((i) => i.itemId);
        return ids.filter((id) => !listed.includes(id));
      },
      { message: 'explore lists the new items', timeout: 10_000 },
    )
    .toEqual([]);

test.describe('explore', () => {
  test.setTimeout(120_000);

  test('filters round-trip through the query string, and infinite scroll loads the next page', async ({ page }) => {
    const tag = uniqueHandle('tag');
    const { ids, ctx } = await othersItems(
      page,
      [1, 2, 3, 4, 5].map((i) => ({ title: `Scroll ${i}`, tags: tag })),
    );
    await ctx.close();
    await waitForExplore(page, ids);
    // Signed in, so the app asks for every page itself (a guest's first page, filters or not, comes in the HTML).
    await onboardedUserInPage(page);
    // Ask for pages of 2 so that five items need three pages (the app asks for 30).
    const pagesAsked: string[] = [];
    await page.route('**/functions/v1/explore-list?**', (route) => {
      const url = new URL(route.request().url());
      if (url.searchParams.get('pageSize') === '30') url.searchParams.set('pageSize', '2');
      pagesAsked.push(url.searchParams.get('page') ?? '');
      return route.continue({ url: url.toString() });
    });
    await page.goto(`/explore?sort=new&tag=${tag}`);
    await expect(page.getByTestId('explore-sort')).toHaveValue('new');
    await expect(page.getByTestId('explore-time-range')).toHaveCount(0); // hidden for "new"
    await expect(page.getByTestId('explore-tag')).toHaveValue(tag);
    const cards = page.getByTestId('explore-card');
    await expect(cards.first()).toBeVisible();
    // Each page that brings the sentinel into view asks for the next (two pages of 2 may leave it in
    // view on a tall screen: the third then follows without another scroll).
    await expect(async () => {
      await page.getByTestId('explore-sentinel').scrollIntoViewIfNeeded();
      await expect(cards).toHaveCount(5, { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    expect(pagesAsked, 'pages asked').toHaveLength(3);
    const titles = await cards.allTextContents();
    expect(new Set(titles).size).toBe(5);

    await page.getByTestId('explore-sort').selectOption('top');
    await expect(page).toHaveURL(new RegExp(`sort=top`));
    await expect(page.getByTestId('explore-time-range')).toBeVisible();
    await page.getByTestId('explore-time-range').selectOption('30d');
    await expect(page).toHaveURL(/timeRange=30d/);
    await page.reload();
    await expect(page.getByTestId('explore-sort')).toHaveValue('top');
    await expect(page.getByTestId('explore-time-range')).toHaveValue('30d');
    await expect(page.getByTestId('explore-tag')).toHaveValue(tag);
  });

  test('shows the empty text when nothing matches', async ({ page }) => {
    await page.goto(`/explore?tag=${uniqueHandle('nothing')}`);
    await expect(page.getByText('No items found. Try adjusting your filters.')).toBeVisible();
  });

  test('like and save from explore are optimistic; a guest is sent to log in', async ({ page }) => {
    const tag = uniqueHandle('like');
    const { ids, ctx } = await othersItems(page, [{ title: 'Likeable', tags: tag }]);
    await ctx.close();
    await waitForExplore(page, ids);
    await page.goto(`/explore?sort=new&tag=${tag}`);
    const card = page.getByTestId('explore-card').first();
    // A guest's explore arrives rendered by the server, also with filters: its buttons work once the app has taken
    // the page over (a click before that does nothing), so the like is pressed until it does.
    await expect(async () => {
      await card.hover();
      await card.getByTestId('explore-like').click();
      // To sign in, and back to this very explore page afterwards.
      await expect(page).toHaveURL(new RegExp(`/login\\?next=${encodeURIComponent(`/explore?sort=new&tag=${tag}`)}$`), { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });

    await onboardedUserInPage(page);
    await page.goto(`/explore?sort=new&tag=${tag}`);
    await card.hover();
    await card.getByTestId('explore-like').click();
    await expect(card.getByTestId('explore-like')).toHaveAttribute('aria-pressed', 'true');
    await card.getByTestId('explore-save').click();
    await expect(card.getByTestId('explore-save')).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/me/saves');
    await expect(page.getByTestId('saved-item')).toHaveCount(1);
    await expect(page.getByTestId('saved-item')).toContainText('Likeable');
  });
});

test.describe('the item page', () => {
  test.setTimeout(120_000);

  test('likes, saves, comments with a mention from the suggestions, deletes the comment', async ({ page }) => {
    const { ids, handle, ctx } = await othersItems(page, [{ title: 'Talkative robot', tags: 'robots' }]);
    await ctx.close();
    const me = await onboardedUserInPage(page);
    await page.goto(`/i/${ids[0]}`);
    await expect(page.getByTestId('item-title')).toHaveText('Talkative robot');
    await expect(page.getByTestId('item-owner')).toHaveAttribute('href', `/u/${handle}`);

    await page.getByTestId('item-like').click();
    await expect(page.getByTestId('item-like')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('item-like-count')).toHaveText('1');
    await page.getByTestId('item-save').click();
    await expect(page.getByTestId('item-save')).toHaveAttribute('aria-pressed', 'true');

    const input = page.getByTestId('comment-input');
    await input.fill('Lovely piece, ');
    // Enough of the handle to be unique among the many test users (suggestions show at most 8).
    await input.pressSequentially(`@${handle.slice(0, -1)}`);
    const option = page.getByTestId('mention-option').filter({ hasText: handle });
    await expect(option.first()).toBeVisible();
    await option.first().click();
    await expect(input).toHaveValue(`Lovely piece, @${handle} `);
    await input.pressSequentially('look!');
    await page.getByTestId('comment-post').click();
    const comment = page.getByTestId('comment').first();
    await expect(comment).toContainText(`@${handle} look!`);
    await expect(comment.getByRole('link', { name: `@${handle}` })).toHaveAttribute('href', `/u/${handle}`);
    await expect(page.getByTestId('comments-count')).toContainText('1');

    await comment.getByTestId('comment-delete').click();
    await page.getByTestId('comment-confirm-action').click();
    await expect(page.getByTestId('comment')).toHaveCount(0);
    void me;
  });

  test('the NSFW gate needs the 18+ box, hides comments, and remembers consent for 24 hours', async ({ page }) => {
    const { ids, ctx } = await othersItems(page, [{ title: 'Sensitive piece', nsfw: true }]);
    await ctx.close();
    await onboardedUserInPage(page);
    await page.goto(`/i/${ids[0]}`);
    await expect(page.getByTestId('nsfw-gate')).toBeVisible();
    await expect(page.getByTestId('comments')).toHaveCount(0);
    await expect(page.getByTestId('nsfw-view-content')).toBeDisabled();
    await page.getByTestId('nsfw-confirm-age').check();
    await page.getByTestId('nsfw-view-content').click();
    await expect(page.getByTestId('nsfw-gate')).toHaveCount(0);
    await expect(page.getByTestId('comments')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('item-title')).toBeVisible();
    await expect(page.getByTestId('nsfw-gate')).toHaveCount(0);
    // A day later the gate is back.
    await page.evaluate((id) => {
      const map = JSON.parse(localStorage.getItem('curio.nsfwConsent') ?? '{}');
      map[id] = Date.now() - 86_400_000 - 1000;
      localStorage.setItem('curio.nsfwConsent', JSON.stringify(map));
    }, ids[0]);
    await page.reload();
    await expect(page.getByTestId('nsfw-gate')).toBeVisible();
  });

  test('the owner edits and deletes the item', async ({ page }) => {
    await onboardedUserInPage(page);
    const [id] = await seedShelfItems(page.request, [{ title: 'Editable', tags: 'a' }]);
    await page.goto(`/i/${id}`);
    await page.getByTestId('item-edit').click();
    const dialog = page.getByTestId('edit-item-dialog');
    await dialog.getByTestId('edit-title').fill('Edited title');
    await dialog.getByTestId('edit-tags').fill('robots, , tin');
    await dialog.getByTestId('edit-save').click();
    await expect(page.getByTestId('item-title')).toHaveText('Edited title');
    await expect(page.getByTestId('item-tags')).toContainText('robots');
    await expect(page.getByTestId('item-tags')).toContainText('tin');

    await page.getByTestId('item-delete').click();
    await page.getByTestId('item-delete-confirm').click();
    await expect(page).toHaveURL(/\/me\/shelf$/);
    const got = await page.request.get(`/functions/v1/item-get?itemId=${id}`);
    expect(got.status()).toBe(404);
  });

  test('the share link page carries the preview tags and leads to the item', async ({ page }) => {
    await onboardedUserInPage(page);
    const [id] = await seedShelfItems(page.request, [{ title: 'Shared robot' }]);
    const html = await (await page.request.get(`/s/item/${id}`)).text();
    expect(html).toContain('<meta property="og:title" content="Shared robot · Curio">');
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/localhost:\d+\/img\/[A-Za-z0-9_-]+\/public">/);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    await page.goto(`/s/item/${id}`);
    await expect(page).toHaveURL(new RegExp(`/i/${id}$`));
    await expect(page.getByTestId('item-title')).toHaveText('Shared robot');
  });

  test('a guest’s item page and explore arrive rendered with their pictures, and the app takes those over as they are', async ({ page }) => {
    const { ids, ctx } = await othersItems(
      page,
      [1, 2, 3, 4].map((i) => ({ title: `Early robot ${i}` })),
    );
    await ctx.close();
    await waitForExplore(page, ids);
    // Pictures parsed from the HTML are marked before any script runs; a node React made itself is not.
    const PICTURES = '[data-testid="item-image"], [data-testid="explore-card"] img';
    await page.addInitScript((selector) => {
      new MutationObserver(() => {
        for (const el of document.querySelectorAll<HTMLElement>(selector)) {
          if (!el.dataset.mark && !Object.keys(el).some((key) => key.startsWith('__react'))) el.dataset.mark = 'html';
        }
      }).observe(document, { subtree: true, childList: true });
    }, PICTURES);
    // The server rendered the pages with their data (apps/server/src/modules/pages): the app does not ask for it.
    const asked: string[] = [];
    page.on('request', (request) => {
      if (/\/functions\/v1\/(item-get|explore-list)\?/.test(request.url())) asked.push(request.url());
    });
    const takenOver = (selector: string) =>
      page.evaluate((sel) => {
        const all = [...document.querySelectorAll<HTMLElement>(sel)];
        return all.length > 0 && all.every((el) => el.dataset.mark === 'html' && Object.keys(el).some((key) => key.startsWith('__reactFiber')));
      }, selector);

    await page.goto(`/i/${ids[0]}`);
    await expect(page.getByTestId('item-title')).toHaveText('Early robot 1');
    await expect.poll(() => takenOver('[data-testid="item-image"]'), { timeout: 20_000 }).toBe(true);

    await page.goto('/explore');
    await expect(page.getByTestId('explore-grid')).toBeVisible();
    await expect.poll(() => takenOver('[data-testid="explore-card"] img'), { timeout: 20_000 }).toBe(true);
    expect(asked).toEqual([]);
  });

  test('an unknown item says so', async ({ page }) => {
    await page.goto('/i/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('Item not found')).toBeVisible();
  });
});

test('saves: guests go to log in; an empty list says so', async ({ page }) => {
  await page.goto('/me/saves');
  await expect(page).toHaveURL(/\/login\?next=%2Fme%2Fsaves$/);
  await onboardedUserInPage(page);
  await page.goto('/me/saves');
  await expect(page.getByText('No saved items yet')).toBeVisible();
});

test('axe: explore, item and saves pages', async ({ page }) => {
  test.setTimeout(90_000);
  const tag = uniqueHandle('axe');
  const { ids, ctx } = await othersItems(page, [{ title: 'Axe item', tags: tag }]);
  await ctx.close();
  await onboardedUserInPage(page);
  await waitForExplore(page, ids);
  await page.goto(`/explore?sort=new&tag=${tag}`);
  await expect(page.getByTestId('explore-card').first()).toBeVisible();
  await expectNoAxeViolations(page, 'explore');
  await page.goto(`/i/${ids[0]}`);
  await expect(page.getByTestId('item-title')).toBeVisible();
  await expectNoAxeViolations(page, 'item');
  await fn(page.request, 'social-bookmark-toggle', { itemId: ids[0] });
  await page.goto('/me/saves');
  await expect(page.getByTestId('saved-item')).toHaveCount(1);
  await expectNoAxeViolations(page, 'saves');
});
