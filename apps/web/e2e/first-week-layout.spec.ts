import { expect, test, type Page } from '@playwright/test';
import { admin, E2E_ORIGIN, fn, onboardedUserInPage, seedShelfItems, signInAdmin } from './support/api';

/**
 * The first week's layout faults (issue 22, "Small things a designer would fix"), each measured where it was seen:
 * the invites table on a phone, the admin's user cards, the item page's actions, the mention list near the window's
 * end, a conversation under an announcement, and the DMCA review's two panes.
 */

const ANNOUNCEMENT = {
  title: 'layout-check',
  severity: 'info',
  textEn: 'Scheduled maintenance on Sunday from 02:00 to 04:00 UTC: generation pauses, everything else keeps working.',
  textZh: null,
  linkUrl: null,
  dismissible: true,
  startsAt: null,
  endsAt: null,
};

const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('admin pages on a phone, the item page, mentions, a conversation under an announcement, the DMCA panes: nothing runs off or under', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const adminContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await signInAdmin(adminContext.request);
  const owner = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const ownerPage = await owner.newPage();
  const me = await onboardedUserInPage(ownerPage);
  const [itemId] = await seedShelfItems(ownerPage.request, [{ title: 'Tin robot with a name long enough to wrap' }]);

  await test.step('the invites table scrolls inside its box on a phone; the page does not scroll sideways', async () => {
    await fn(adminContext.request, 'admin-invites-create', { count: 1, maxUses: 1 });
    const page = await adminContext.newPage();
    await page.goto('/admin?tab=invites');
    await expect(page.getByRole('table')).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.close();
  });

  await test.step('an admin user card shows a whole handle on a phone', async () => {
    const page = await adminContext.newPage();
    await page.goto('/admin?tab=users');
    await page.getByLabel('Search users').fill(me.handle);
    // The phone's card (the table's row is hidden at this width), once the search has narrowed the list.
    const handle = page.getByTestId('admin-user-handle').filter({ visible: true, hasText: `@${me.handle}` });
    await expect(handle).toHaveCount(1);
    expect(await handle.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await page.close();
  });

  const viewer = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await viewer.newPage();
  await onboardedUserInPage(page);

  await test.step('the item page keeps its actions on one row on the desktop, Report included', async () => {
    await page.goto(`/i/${itemId}`);
    const like = await page.getByTestId('item-like').boundingBox();
    const report = page.getByTestId('item-report');
    await expect(report).toHaveAccessibleName('Report');
    const box = await report.boundingBox();
    expect(Math.abs(box!.y + box!.height / 2 - (like!.y + like!.height / 2))).toBeLessThan(2);
  });

  await test.step('the mention list opens above the comment box when the window ends below it', async () => {
    const input = page.getByTestId('comment-input');
    await input.scrollIntoViewIfNeeded();
    // The box at the window's bottom edge.
    await page.evaluate(() => {
      const el = document.querySelector('[data-testid="comment-input"]')!;
      window.scrollBy(0, el.getBoundingClientRect().bottom - window.innerHeight + 4);
    });
    await input.click();
    await input.pressSequentially(`@${me.handle.slice(0, 6)}`);
    const list = page.getByTestId('mention-listbox');
    await expect(list).toBeVisible();
    await expect(list).toHaveAttribute('data-placement', 'above');
    const box = await list.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(800);
  });

  await test.step('a conversation on a phone keeps its message box on screen under an announcement', async () => {
    await admin.settings(adminContext.request, { announcement: ANNOUNCEMENT });
    try {
      const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const p = await phone.newPage();
      await onboardedUserInPage(p);
      const other = await fn<{ profile: { userId: string } }>(ownerPage.request, 'profile-me');
      const { thread } = await fn<{ thread: { id: string } }>(p.request, 'dm-thread-upsert', { otherUserId: other.profile.userId });
      await p.goto(`/me/messages/${thread.id}`);
      await expect(p.getByTestId('announcement-banner')).toBeVisible();
      await expect(p.getByTestId('message-input')).toBeVisible();
      await expect
        .poll(async () => (await p.getByTestId('message-form').boundingBox())!.y + (await p.getByTestId('message-form').boundingBox())!.height)
        .toBeLessThanOrEqual(844);
      await phone.close();
    } finally {
      await admin.settings(adminContext.request, { announcement: null });
    }
  });

  await test.step('the DMCA review at 1280 x 900: the list and the notice side by side, not over each other', async () => {
    await fn(page.request, 'dmca-submit', {
      claimantName: 'Lena Lighthouse',
      claimantEmail: 'lena@e2e.curio.test',
      signature: 'Lena Lighthouse',
      workDescription: 'My print "Lighthouse at dawn", 2023.',
      originalUrls: 'https://lena.example/lighthouse',
      infringingItemUrl: `${E2E_ORIGIN}/i/${itemId}`,
      goodFaith: true,
      perjury: true,
    });
    const mod = await browser.newContext({ viewport: { width: 1280, height: 900 }, storageState: await adminContext.storageState() });
    const p = await mod.newPage();
    await p.goto('/mod?tab=dmca');
    await p.getByTestId('dmca-row').filter({ hasText: 'Tin robot with a name long enough to wrap' }).first().click();
    await expect(p.getByTestId('dmca-detail')).toBeVisible();
    const list = (await p.getByTestId('dmca-list').boundingBox())!;
    const detail = (await p.getByTestId('dmca-detail').boundingBox())!;
    expect(list.x + list.width).toBeLessThanOrEqual(detail.x);
    await mod.close();
  });

  await viewer.close();
  await owner.close();
  await adminContext.close();
});
