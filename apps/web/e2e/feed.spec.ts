import { expect, test, type Browser, type Page } from '@playwright/test';
import { fn, onboardedUserInPage, seedShelfItems } from './support/api';
import { expectNoAxeViolations } from './support/axe';
import { SCREENSHOTS_DIR, shot } from './support/shots';

type Person = { page: Page; email: string; handle: string; userId: string; close: () => Promise<void> };

/** A new collector in a browser context of their own (consent given, so the banner stays away). */
async function collector(browser: Browser): Promise<Person> {
  const ctx = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await ctx.newPage();
  await page.addInitScript(() => localStorage.setItem('curio.analytics-consent', 'accepted'));
  const { email, handle } = await onboardedUserInPage(page);
  const me = await fn<{ profile: { userId: string } }>(page.request, 'profile-me');
  return { page, email, handle, userId: me.profile.userId, close: () => ctx.close() };
}

/** The screens of this spec in both languages and themes, desktop and phone (only with SCREENSHOTS_DIR). */
async function variants(page: Page, name: string, url: string, part?: string) {
  if (!SCREENSHOTS_DIR) return;
  for (const lang of ['en', 'zh-CN'])
    for (const theme of ['light', 'dark'])
      for (const [device, width, height] of [
        ['desktop', 1280, 900],
        ['phone', 390, 844],
      ] as const) {
        await page.evaluate(([l, th]) => (localStorage.setItem('curio.lang', l!), localStorage.setItem('curio.theme', th!)), [lang, theme]);
        await page.setViewportSize({ width, height });
        await page.goto(url);
        await page.locator('h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        await shot(part ? page.getByTestId(part) : page, `${name}-${device}-${lang}-${theme}`);
      }
  await page.evaluate(() => (localStorage.setItem('curio.lang', 'en'), localStorage.setItem('curio.theme', 'light')));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(url);
  await page.locator('h1').first().waitFor();
}

test.describe('discovery: the home feed, tag pages and mutes', () => {
  // Screenshots of every screen in both languages, both themes, desktop and phone take their time.
  test.setTimeout(SCREENSHOTS_DIR ? 600_000 : 180_000);

  test('an empty feed suggests a collector of the same tags; following them fills it, and new items show as a pill', async ({ browser }) => {
    const [ana, ben] = [await collector(browser), await collector(browser)];
    const tag = `tin${Date.now().toString(36)}`;
    await seedShelfItems(ana.page.request, [{ title: 'Ana robot', tags: tag }]);
    await seedShelfItems(ben.page.request, [{ title: 'Ben robot', tags: `${tag}, rockets` }]);
    const { page } = ana;

    await page.goto('/feed');
    await expect(page.getByRole('heading', { level: 1, name: 'Following' })).toBeVisible();
    await expect(page.getByTestId('feed-empty')).toBeVisible();
    const suggestion = page.getByTestId('suggested-person').filter({ hasText: 'E2E Collector' }).first();
    await expect(suggestion).toContainText(`Also collects ${tag}`);
    await variants(page, 'feed-empty', '/feed');
    await expectNoAxeViolations(page, 'the empty feed');

    // By keyboard: Follow, on the first suggestion (the shared tag puts Ben first). His item fills the feed at once,
    // and the suggestions stay below it, Ben marked as followed, so that more can be followed.
    const follow = page.getByTestId('suggested-follow').first();
    await follow.focus();
    await page.keyboard.press('Enter');
    const cards = page.getByTestId('feed-grid').getByTestId('explore-card');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Ben robot');
    await expect(page.getByTestId('feed-empty')).toHaveCount(0);
    await expect(follow).toHaveAttribute('aria-pressed', 'true');
    await expect(follow).toBeFocused();
    await shot(page, 'feed-followed-from-suggestions');
    // A new visit to a feed with items shows the items alone.
    await page.reload();
    await expect(cards).toHaveCount(1);
    await expect(page.getByTestId('people-suggestions')).toHaveCount(0);
    await expect(page.getByTestId('nav-feed')).toHaveAttribute('aria-current', 'page');

    // Ben adds an item while Ana's feed is open: a pill counts it; pressing it puts it on top.
    await seedShelfItems(ben.page.request, [{ title: 'Ben rocket', tags: 'rockets' }]);
    const pill = page.getByTestId('feed-new-items');
    await expect(pill).toHaveText('1 new item');
    await shot(page, 'feed-pill');
    await pill.click();
    await expect(pill).toHaveCount(0);
    await expect(cards).toHaveCount(2);
    await expect(cards.first()).toContainText('Ben rocket');
    await variants(page, 'feed', '/feed');
    await expectNoAxeViolations(page, 'the feed');

    // The tag page: the count, related tags, and Follow tag.
    await page.goto(`/t/${tag}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(tag);
    await expect(page.getByTestId('tag-count')).toHaveText('2 items');
    await expect(page.getByTestId('related-tag')).toHaveText(['#rockets']);
    await expect(page.getByTestId('explore-card')).toHaveCount(2);
    const followTag = page.getByTestId('tag-follow');
    await followTag.focus();
    await page.keyboard.press('Enter');
    await expect(followTag).toHaveAttribute('aria-pressed', 'true');
    await expect(followTag).toHaveText('Following tag');
    expect((await fn<{ tags: { tag: string }[] }>(page.request, 'tags-followed-list')).tags.map((t) => t.tag)).toEqual([tag]);
    await variants(page, 'tag', `/t/${tag}`);
    await expectNoAxeViolations(page, 'a tag page');

    // Muting Ben from his profile takes his items out of the feed; the settings list him, and a muted tag.
    await page.goto(`/u/${ben.handle}`);
    await page.getByTestId('profile-mute').click();
    await expect(page.getByTestId('profile-mute')).toHaveAttribute('aria-pressed', 'true');
    await shot(page, 'profile-muted');
    await page.goto('/feed');
    await expect(page.getByTestId('feed-empty')).toBeVisible();
    await page.goto('/settings/privacy');
    const mutes = page.getByTestId('mutes');
    await expect(mutes.getByTestId('muted-user')).toContainText(`@${ben.handle}`);
    await page.getByTestId('mute-tag-input').fill('clowns');
    await page.keyboard.press('Enter');
    await expect(mutes.getByTestId('muted-tag')).toContainText('clowns');
    await variants(page, 'mutes', '/settings/privacy', 'mutes');
    await expectNoAxeViolations(page, 'the privacy settings with mutes');
    await mutes.getByRole('button', { name: `Unmute @${ben.handle}` }).click();
    await expect(mutes.getByTestId('muted-user')).toHaveCount(0);
    await page.goto('/feed');
    await expect(page.getByTestId('feed-grid').getByTestId('explore-card')).toHaveCount(2);

    // Signing in again (by a mailed link) lands on the feed: Ana follows someone.
    const again = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const fresh = await again.newPage();
    await fresh.goto('/login');
    const form = fresh.getByRole('form', { name: 'Sign in with a magic link' });
    await form.getByLabel('Email').fill(ana.email);
    await form.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect(fresh.getByText("Check your inbox: we've sent you a sign-in link.")).toBeVisible();
    await fresh.goto('/dev/outbox');
    await fresh.locator('article', { hasText: ana.email }).first().getByRole('link').first().click();
    await expect(fresh).toHaveURL(/\/feed$/);
    await again.close();
    await ana.close();
    await ben.close();
  });
});
