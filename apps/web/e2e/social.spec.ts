import { expect, test, type Browser, type Page } from '@playwright/test';
import { fn, onboardedUserInPage, samplePhotoFile, seedShelfItems } from './support/api';
import { expectNoAxeViolations, useTheme } from './support/axe';

type Person = { page: Page; handle: string; userId: string; close: () => Promise<void> };

/** A new collector in a browser context of their own (consent given, so the banner stays away and views count). */
async function collector(browser: Browser, { theme }: { theme?: 'light' | 'dark' } = {}): Promise<Person> {
  const ctx = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await ctx.newPage();
  await page.addInitScript(() => localStorage.setItem('curio.analytics-consent', 'accepted'));
  if (theme) await useTheme(page, theme);
  const { handle } = await onboardedUserInPage(page);
  const me = await fn<{ profile: { userId: string } }>(page.request, 'profile-me');
  return { page, handle, userId: me.profile.userId, close: () => ctx.close() };
}

/** Waits until the page has sent an analytics event of this name (the queue debounces 100 ms). */
const analyticsSent = (page: Page, name: string) =>
  page.waitForResponse((r) => r.url().includes('/functions/v1/analytics-track') && (r.request().postData() ?? '').includes(`"${name}"`));

test.describe('social', () => {
  test.setTimeout(180_000);

  test('follow from a profile: toast, counts, the followers list, and it stays after a reload', async ({ browser }) => {
    const [ana, ben] = [await collector(browser), await collector(browser)];
    const { page } = ana;
    await page.goto(`/u/${ben.handle}`);
    await expect(page.getByTestId('profile-handle')).toHaveText(`@${ben.handle}`);
    await expect(page.getByTestId('profile-visibility')).toHaveText('Public');
    await expect(page.getByTestId('profile-followers-count')).toHaveText('0');
    await expect(page.getByTestId('message-button')).toBeVisible();

    const clicked = analyticsSent(page, 'follow_clicked');
    await page.getByTestId('follow-button').click();
    // The spec's toast title (Following), the handle in its description.
    const toast = page.locator('[data-sonner-toast]');
    await expect(toast.getByText('Following', { exact: true })).toBeVisible();
    await expect(toast).toContainText(`You now follow @${ben.handle}.`);
    await expect(page.getByTestId('follow-button')).toHaveText('Unfollow');
    await expect(page.getByTestId('follow-button')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('profile-followers-count')).toHaveText('1');
    await clicked;

    await page.reload();
    await expect(page.getByTestId('follow-button')).toHaveText('Unfollow');
    await page.getByTestId('profile-followers').click();
    const dialog = page.getByTestId('follows-dialog');
    await expect(dialog.getByTestId('follows-entry')).toHaveCount(1);
    await expect(dialog.getByTestId('follows-entry')).toContainText(`@${ana.handle}`);
    await dialog.getByTestId('follows-entry').click();
    await expect(page).toHaveURL(`/u/${ana.handle}`);
    await expect(page.getByTestId('profile-following-count')).toHaveText('1');
    // One's own profile: Edit profile instead of Follow and Message.
    await expect(page.getByTestId('profile-edit')).toBeVisible();
    await expect(page.getByTestId('follow-button')).toHaveCount(0);

    // Ben got a follow notification that leads to Ana.
    await ben.page.goto('/me/notifications');
    const entry = ben.page.getByTestId('notification').first();
    await expect(entry).toHaveAttribute('data-kind', 'follow');
    await expect(entry).toContainText('E2E Collector started following you');
    await expect(entry).toHaveAttribute('data-seen', 'false');
    await ben.page.getByTestId('notifications-mark-all').click();
    await expect(entry).toHaveAttribute('data-seen', 'true');
    await expect(ben.page.getByTestId('notifications-mark-all')).toHaveCount(0);
    await entry.getByRole('link').click();
    await expect(ben.page).toHaveURL(`/u/${ana.handle}`);

    // Unknown and private profiles.
    await page.goto('/u/nobody_here_zz');
    await expect(page.getByTestId('profile-not-found')).toContainText('Profile not found');
    await fn(ben.page.request, 'settings-update', { profilePublic: false });
    await page.goto(`/u/${ben.handle}`);
    await expect(page.getByTestId('profile-private')).toBeVisible();
    await expect(page.getByTestId('public-shelf')).toHaveCount(0);
    await ana.close();
    await ben.close();
  });

  test('message from an item page; the message appears live in the other open thread within 2 s', async ({ browser }) => {
    const [ana, ben] = [await collector(browser), await collector(browser)];
    const [itemId] = await seedShelfItems(ben.page.request, [{ title: 'Red Robot' }]);

    // Ben's profile shows his real shelf with the item, linking to it.
    await ana.page.goto(`/u/${ben.handle}`);
    await expect(ana.page.getByTestId('public-shelf-item')).toHaveCount(1);
    await expect(ana.page.getByTestId('public-shelf-item')).toHaveAttribute('href', `/i/${itemId}`);

    await ana.page.goto(`/i/${itemId}`);
    await ana.page.getByTestId('item-message-owner').click();
    await expect(ana.page).toHaveURL(/\/me\/messages\/[0-9a-f-]{36}$/);
    const threadUrl = new URL(ana.page.url()).pathname;
    await expect(ana.page.getByTestId('conversation-name')).toHaveText('E2E Collector');

    // Ben has the same thread open.
    await ben.page.goto(threadUrl);
    await expect(ben.page.getByTestId('conversation')).toBeVisible();
    await expect(ben.page.getByTestId('conversation-empty')).toBeVisible();

    await ana.page.getByTestId('message-input').fill('Is the Red Robot still boxed?');
    const sentAt = Date.now();
    await ana.page.getByTestId('message-input').press('Enter');
    await expect(ana.page.getByTestId('message').last()).toHaveAttribute('data-mine', 'true');
    await expect(ben.page.getByTestId('message-text').last()).toHaveText('Is the Red Robot still boxed?', { timeout: 2_000 });
    expect(Date.now() - sentAt).toBeLessThan(2_500);
    await expect(ben.page.getByTestId('message').last()).toHaveAttribute('data-mine', 'false');

    // Ben answers; Ana's list shows the thread, and the counter shows near the limit.
    await ben.page.getByTestId('message-input').fill('Yes, mint in box.');
    await ben.page.getByTestId('message-send').click();
    await expect(ana.page.getByTestId('message-text').last()).toHaveText('Yes, mint in box.', { timeout: 2_000 });
    await ana.page.getByTestId('message-input').fill('x'.repeat(1001));
    await expect(ana.page.getByTestId('message-counter')).toHaveText('1001/1000');
    await expect(ana.page.getByTestId('message-send')).toBeDisabled();
    await ana.page.goto('/me/messages');
    await expect(ana.page.getByTestId('thread-entry')).toHaveCount(1);
    await expect(ana.page.getByTestId('thread-entry')).toContainText('Yes, mint in box.');
    await ana.close();
    await ben.close();
  });

  test('block from the thread, then neither side can message', async ({ browser }) => {
    const [ana, ben] = [await collector(browser), await collector(browser)];
    const { thread } = await fn<{ thread: { id: string } }>(ana.page.request, 'dm-thread-upsert', { otherUserId: ben.userId });
    await ana.page.goto(`/me/messages/${thread.id}`);
    await ana.page.getByTestId('conversation-menu').click();
    await ana.page.getByTestId('conversation-block').click();
    await ana.page.getByTestId('conversation-block-confirm').click();
    await expect(ana.page.getByText(`Blocked @${ben.handle}`)).toBeVisible();
    // A block hides the thread from both sides.
    await expect(ana.page).toHaveURL('/me/messages');
    await expect(ana.page.getByTestId('threads-empty')).toBeVisible();

    // Ana's view of Ben: no Follow or Message, a note instead.
    await ana.page.goto(`/u/${ben.handle}`);
    await expect(ana.page.getByTestId('profile-blocked-note')).toBeVisible();
    await expect(ana.page.getByTestId('message-button')).toHaveCount(0);

    // Ben, blocked by Ana, is offered no Message button on her profile (the server would refuse it).
    await ben.page.goto(`/u/${ana.handle}`);
    await expect(ben.page.getByTestId('follow-button')).toBeVisible();
    await expect(ben.page.getByTestId('message-button')).toHaveCount(0);
    await ben.page.goto(`/me/messages/${thread.id}`);
    await expect(ben.page.getByTestId('conversation-error')).toContainText('Conversation not found');
    await expect(ben.page.getByTestId('message-input')).toHaveCount(0);

    // Ana unblocks Ben from privacy settings.
    await ana.page.goto('/settings/privacy');
    await expect(ana.page.getByTestId('blocked-user')).toContainText(`@${ben.handle}`);
    await ana.page.getByTestId('unblock-user').click();
    await expect(ana.page.getByTestId('blocked-empty')).toBeVisible();
    await ana.close();
    await ben.close();
  });

  test('privacy settings are saved and come back after a reload', async ({ browser }) => {
    const ana = await collector(browser);
    const { page } = ana;
    await page.goto('/settings/privacy');
    await expect(page.getByTestId('privacy-dm-everyone')).toBeChecked();
    await expect(page.getByTestId('privacy-public')).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByText('anonymized after 30 days and deleted after 90 days')).toBeVisible();
    await page.getByTestId('privacy-dm-followed_only').check();
    await page.getByTestId('privacy-nsfw').click();
    await page.getByTestId('privacy-public').click();
    await page.getByTestId('privacy-analytics').click();
    // Leaving with the changes not saved asks first; Stay keeps them.
    await page.getByTestId('nav-explore').click();
    const unsaved = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await expect(unsaved).toBeVisible();
    await expectNoAxeViolations(page, 'the unsaved-changes question');
    await unsaved.getByRole('button', { name: 'Stay' }).click();
    await expect(unsaved).toBeHidden();
    await expect(page).toHaveURL(/\/settings\/privacy$/);
    await expect(page.getByTestId('privacy-public')).toHaveAttribute('aria-checked', 'false');
    await page.getByTestId('privacy-save').click();
    await expect(page.getByTestId('privacy-saved')).toBeVisible();

    await page.reload();
    await expect(page.getByTestId('privacy-dm-followed_only')).toBeChecked();
    await expect(page.getByTestId('privacy-nsfw')).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('privacy-public')).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByTestId('privacy-analytics')).toHaveAttribute('aria-checked', 'true');
    const saved = await fn<{ settings: { allow_dms: string; include_nsfw: boolean; analytics_opt_out: boolean }; profilePublic: boolean }>(
      page.request,
      'settings-get',
    );
    expect(saved).toMatchObject({ settings: { allow_dms: 'followed_only', include_nsfw: true, analytics_opt_out: true }, profilePublic: false });
    await ana.close();
  });

  test('an avatar upload shows on the profile and in comments; the handle changes with the onboarding rules', async ({ browser }) => {
    const ana = await collector(browser);
    const { page } = ana;
    const [itemId] = await seedShelfItems(page.request, [{ title: 'Avatar Test' }]);
    await page.goto('/settings/profile');
    await page.getByTestId('avatar-input').setInputFiles(await samplePhotoFile('astronaut', { width: 400, height: 400 }));
    await expect(page.getByText('Avatar updated')).toBeVisible();
    const me = await fn<{ profile: { avatarImageId: string | null } }>(page.request, 'profile-me');
    expect(me.profile.avatarImageId).toBeTruthy();
    const avatarId = me.profile.avatarImageId!;

    await page.goto(`/u/${ana.handle}`);
    await expect(page.getByTestId('profile-avatar')).toHaveAttribute('data-avatar-image', avatarId);
    expect(await page.getByTestId('profile-avatar').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(256);

    await page.goto(`/i/${itemId}`);
    await page.getByTestId('comment-input').fill('My favourite piece');
    await page.getByTestId('comment-post').click();
    await expect(page.getByTestId('comment').first().locator(`img[data-avatar-image="${avatarId}"]`)).toBeVisible();

    // Handle: the onboarding rules, then a free handle.
    await page.goto('/settings/profile');
    await page.getByTestId('settings-handle').fill('No Way!');
    await page.getByTestId('settings-handle-save').click();
    await expect(page.getByText('Handle must be 3-20 characters, lowercase letters, numbers, or underscore')).toBeVisible();
    const fresh = `${ana.handle.slice(0, 16)}_new`;
    await page.getByTestId('settings-handle').fill(fresh);
    await page.getByTestId('settings-handle-save').click();
    await expect(page.getByText(`Your handle is now @${fresh}`).first()).toBeVisible();
    await page.goto(`/u/${fresh}`);
    await expect(page.getByTestId('profile-handle')).toHaveText(`@${fresh}`);
    await ana.close();
  });

  test('insights count views by others, never the owner', async ({ browser }) => {
    const [ana, ben] = [await collector(browser), await collector(browser)];
    const [itemId] = await seedShelfItems(ana.page.request, [{ title: 'Viewed Vase' }]);
    await ana.page.goto('/me/insights');
    await expect(ana.page.getByTestId('insights-empty')).toBeVisible();
    await expect(ana.page.getByTestId('insights-profile-d30')).toHaveText('0');

    // The owner's own visits do not count.
    await ana.page.goto(`/u/${ana.handle}`);
    await expect(ana.page.getByTestId('profile-edit')).toBeVisible();
    const itemViewOwn = analyticsSent(ana.page, 'item_view');
    await ana.page.goto(`/i/${itemId}`);
    await itemViewOwn;

    const profileView = analyticsSent(ben.page, 'profile_view');
    await ben.page.goto(`/u/${ana.handle}`);
    await profileView;
    const itemView = analyticsSent(ben.page, 'item_view');
    await ben.page.goto(`/i/${itemId}`);
    await itemView;

    await ana.page.goto('/me/insights');
    await expect(ana.page.getByTestId('insights-profile-d30')).toHaveText('1');
    await expect(ana.page.getByTestId('insights-profile-d7')).toHaveText('1');
    await expect(ana.page.getByTestId('insights-items-d30')).toHaveText('1');
    await expect(ana.page.getByTestId('insights-top-item')).toHaveCount(1);
    await expect(ana.page.getByTestId('insights-top-item')).toContainText('Viewed Vase');
    await expect(ana.page.getByTestId('insights-top-item')).toContainText('1 view');
    await expect(ana.page.getByTestId('insights-profile').locator('figcaption')).toContainText('1 in total');
    await ana.close();
    await ben.close();
  });

  test('live: a like by one shows the red dot in the other without a reload, and the notification groups likes', async ({ browser }) => {
    const [ana, ben, cleo] = [await collector(browser), await collector(browser), await collector(browser)];
    const [itemId] = await seedShelfItems(ana.page.request, [{ title: 'Tin Rocket' }]);
    await ana.page.goto('/me/notifications');
    await expect(ana.page.getByTestId('notifications-empty')).toBeVisible();
    await expect(ana.page.getByTestId('notifications-dot')).toHaveCount(0);

    await ben.page.goto(`/i/${itemId}`);
    await ben.page.getByTestId('item-like').click();
    await expect(ana.page.getByTestId('notifications-dot')).toBeVisible({ timeout: 5_000 });
    await expect(ana.page.getByTestId('notification')).toHaveCount(1);
    await expect(ana.page.getByTestId('notification-text')).toHaveText('E2E Collector liked Tin Rocket');

    await fn(cleo.page.request, 'social-like-toggle', { itemId, liked: true });
    await expect(ana.page.getByTestId('notification-text')).toHaveText('E2E Collector and 1 other liked Tin Rocket', { timeout: 5_000 });
    await expect(ana.page.getByTestId('notification')).toHaveAttribute('data-seen', 'false');
    await ana.page.getByTestId('notifications-mark-all').click();
    await expect(ana.page.getByTestId('notifications-dot')).toHaveCount(0);
    await expect(ana.page.getByTestId('notification-unseen-dot')).toHaveCount(0);
    await ana.page.getByTestId('notification').getByRole('link').click();
    await expect(ana.page).toHaveURL(`/i/${itemId}`);
    await ana.close();
    await ben.close();
    await cleo.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`axe: every page of the social half (${theme})`, async ({ browser }) => {
      const [ana, ben] = [await collector(browser, { theme }), await collector(browser)];
      await seedShelfItems(ben.page.request, [{ title: 'Axe Owl' }]);
      await fn(ben.page.request, 'social-follow-toggle', { targetUserId: ana.userId, following: true });
      await fn(ben.page.request, 'social-like-toggle', { itemId: (await seedShelfItems(ana.page.request, [{ title: 'Ana Owl' }]))[0], liked: true });
      const { thread } = await fn<{ thread: { id: string } }>(ana.page.request, 'dm-thread-upsert', { otherUserId: ben.userId });
      await fn(ben.page.request, 'dm-send', { threadId: thread.id, text: 'Hello from Ben' });
      await fn(ana.page.request, 'dm-send', { threadId: thread.id, text: 'Hi Ben!' });
      const { page } = ana;

      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
        const pages: [string, string][] = [
          [`/u/${ben.handle}`, 'public-shelf'],
          ['/u/nobody_here_zz', 'profile-not-found'],
          ['/me/notifications', 'notifications-list'],
          ['/me/messages', 'thread-list'],
          [`/me/messages/${thread.id}`, 'message-list'],
          ['/settings/privacy', 'privacy-form'],
          ['/settings/profile', 'profile-details-form'],
          ['/me/insights', 'insights-profile'],
        ];
        for (const [path, ready] of pages) {
          await page.goto(path);
          await expect(page.getByTestId(ready).first()).toBeVisible();
          await expectNoAxeViolations(page, `${path} (${theme}, ${width} px)`);
          expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${path} scrolls sideways at ${width} px`).toBe(true);
        }
        await page.goto(`/u/${ben.handle}`);
        await page.getByTestId('profile-followers').click();
        await expect(page.getByTestId('follows-entry')).toHaveCount(0);
        await expect(page.getByTestId('follows-empty')).toBeVisible();
        await expectNoAxeViolations(page, `followers dialog (${theme}, ${width} px)`);
      }
      await fn(ben.page.request, 'settings-update', { profilePublic: false });
      await page.goto(`/u/${ben.handle}`);
      await expect(page.getByTestId('profile-private')).toBeVisible();
      await expectNoAxeViolations(page, `private profile (${theme})`);
      await ana.close();
      await ben.close();
    });
  }
});
