import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { ADMIN_EMAIL, E2E_ORIGIN, fn, onboardedUserInPage, seedShelfItems, signInAdmin } from './support/api';

/**
 * The pages of "Safety and operations" that tell people what they cannot see or do, in English and
 * Chinese, light and dark, each checked with axe:
 * - Access Denied at /mod and /admin/functions for a collector without the role; at /admin and /mod
 *   for a guest, whose Sign in goes to /login?next=… and, signed in as the admin, back to the page;
 * - "Can't reach Curio" when the server does not answer (one request, or all of them);
 * - an item hidden by a moderator (a report) or by a DMCA notice: the removed page for a guest and for
 *   another collector, and the warning banner with its learn-more link for the owner (and the admin).
 */

test.describe.configure({ timeout: 120_000 });

type Lang = 'en' | 'zh-CN';
type Look = { lang: Lang; theme: 'light' | 'dark' };

const TEXT = {
  en: {
    adminDenied: 'Access Denied',
    modDenied: 'Access Denied',
    requiresAdmin: 'This page requires admin access',
    requiresModerator: 'This page requires moderator access',
    signInForAccess: 'Sign in with an account that has access, and you will come back to this page.',
    signIn: 'Sign in',
    home: 'Back to home',
    moderation: 'Moderation',
    admin: 'Admin',
    users: 'Users',
    magicLinkSent: "Check your inbox: we've sent you a sign-in link.",
    unreachableTitle: "Can't reach Curio",
    unreachableText: "The server isn't answering. Check your connection, then try again.",
    tryAgain: 'Try again',
    goHome: 'Go home',
    removedTitle: 'This item has been removed',
    removedText: "It was removed for breaking the site's rules.",
    removedDmcaText: 'It was removed in response to a copyright (DMCA) notice.',
    visitProfile: (handle: string) => `Visit @${handle}'s profile`,
    hiddenTitle: 'This item is hidden from others',
    hiddenText: "It was hidden by a moderator. Only you and the site's admins can see it.",
    hiddenDmcaTitle: 'This item is hidden because of a copyright notice',
    hiddenDmcaText: "It was hidden after a copyright (DMCA) notice. Only you and the site's admins can see it.",
    learnMore: 'Learn more',
  },
  'zh-CN': {
    adminDenied: '无权访问',
    modDenied: '无权访问',
    requiresAdmin: '此页面需要管理员权限',
    requiresModerator: '此页面需要版主权限',
    signInForAccess: '请使用有权限的账号登录，登录后将回到此页面。',
    signIn: '登录',
    home: '返回首页',
    moderation: '内容审核',
    admin: '管理后台',
    users: '用户',
    magicLinkSent: '请查收邮件：登录链接已发送。',
    unreachableTitle: '无法连接 Curio',
    unreachableText: '服务器没有响应。请检查网络连接，然后重试。',
    tryAgain: '重试',
    goHome: '返回首页',
    removedTitle: '这件藏品已被移除',
    removedText: '它因违反网站规则已被移除。',
    removedDmcaText: '它已因版权（DMCA）通知被移除。',
    visitProfile: (handle: string) => `访问 @${handle} 的主页`,
    hiddenTitle: '这件藏品已对他人隐藏',
    hiddenText: '它已被版主隐藏，只有你和网站管理员能看到。',
    hiddenDmcaTitle: '这件藏品因版权通知被隐藏',
    hiddenDmcaText: '它因版权（DMCA）通知被隐藏，只有你和网站管理员能看到。',
    learnMore: '了解详情',
  },
} as const;

const label = (look: Look) => `${look.lang} ${look.theme}`;

/** A new browser context whose pages start in the given language and theme (both read from local storage). */
async function contextWith(browser: Browser, look: Look, storageState?: Awaited<ReturnType<BrowserContext['storageState']>>): Promise<BrowserContext> {
  const context = await browser.newContext({ storageState });
  await context.addInitScript(({ lang, theme }) => {
    window.localStorage.setItem('curio.lang', lang);
    window.localStorage.setItem('curio.theme', theme);
  }, look);
  return context;
}

/** The page's document is in the expected language and theme (so that axe checked the right colours). */
async function expectLook(page: Page, look: Look) {
  await expect(page.locator('html')).toHaveAttribute('lang', look.lang);
  if (look.theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
}

/** Signs the admin in on /login (already open) with a link by mail, and follows the link; returns its callbackURL. */
async function signInAdminByMailedLink(page: Page, t: (typeof TEXT)[Lang]): Promise<string> {
  const form = page.locator('form[aria-labelledby="magic-link-email-title"]');
  await form.locator('#magic-link-email').fill(ADMIN_EMAIL);
  await form.locator('button[type="submit"]').click();
  await expect(form.getByRole('status')).toHaveText(t.magicLinkSent);
  const outbox = await (await page.request.get('/dev/outbox')).text();
  // Newest mail first.
  const mail = outbox.split('<article>').find((a) => a.includes(`to ${ADMIN_EMAIL} `));
  const href = mail?.match(/href="([^"]*\/auth\/v1\/magic-link\/verify[^"]*)"/)?.[1]?.replaceAll('&amp;', '&');
  expect(href, 'a sign-in link for the admin in /dev/outbox').toBeTruthy();
  const callbackURL = new URL(href!, E2E_ORIGIN).searchParams.get('callbackURL')!;
  await page.goto(href!);
  return callbackURL;
}

test('a collector without the role gets Access Denied at /mod and /admin/functions (no Sign in), in both languages and themes', async ({ browser }) => {
  for (const look of [
    { lang: 'en', theme: 'light' },
    { lang: 'zh-CN', theme: 'dark' },
  ] as const) {
    const t = TEXT[look.lang];
    const context = await contextWith(browser, look);
    const page = await context.newPage();
    await onboardedUserInPage(page);

    for (const [path, testId, title, text] of [
      ['/mod', 'mod-access-denied', t.modDenied, t.requiresModerator],
      ['/admin/functions', 'admin-access-denied', t.adminDenied, t.requiresAdmin],
    ] as const) {
      await page.goto(path);
      const denied = page.getByTestId(testId);
      await expect(denied.getByRole('heading', { name: title, level: 1 })).toBeVisible({ timeout: 20_000 });
      await expect(denied.getByText(text, { exact: true })).toBeVisible();
      await expectLook(page, look);
      // Signed in already: no Sign in, just the way home.
      await expect(denied.getByTestId('access-denied-sign-in')).toHaveCount(0);
      await expect(denied.getByText(t.signInForAccess)).toHaveCount(0);
      await expect(denied.getByRole('link', { name: t.home })).toHaveAttribute('href', '/');
      await expectNoAxeViolations(page, `${path} Access Denied for a collector (${label(look)})`);
    }
    // The server refuses the same person: the card is not the only guard.
    const refused = await page.request.post('/functions/v1/mod-reports-list', { data: {}, headers: { origin: E2E_ORIGIN } });
    expect(refused.status()).toBe(403);
    await context.close();
  }
});

test('a guest gets Access Denied at /admin and /mod with Sign in, which returns the admin to the page', async ({ browser }) => {
  for (const { look, path, testId, next, landed } of [
    { look: { lang: 'en', theme: 'dark' }, path: '/mod', testId: 'mod-access-denied', next: '/login?next=%2Fmod', landed: 'mod' },
    {
      look: { lang: 'zh-CN', theme: 'light' },
      path: '/admin?tab=users',
      testId: 'admin-access-denied',
      next: '/login?next=%2Fadmin%3Ftab%3Dusers',
      landed: 'admin',
    },
  ] as const) {
    const t = TEXT[look.lang];
    const context = await contextWith(browser, look);
    const page = await context.newPage();

    // Both pages, as a guest.
    for (const [other, otherTestId, title, text] of [
      ['/admin', 'admin-access-denied', t.adminDenied, t.requiresAdmin],
      ['/mod', 'mod-access-denied', t.modDenied, t.requiresModerator],
    ] as const) {
      await page.goto(other);
      const denied = page.getByTestId(otherTestId);
      await expect(denied.getByRole('heading', { name: title, level: 1 })).toBeVisible({ timeout: 20_000 });
      await expect(denied.getByText(text, { exact: true })).toBeVisible();
      await expect(denied.getByText(t.signInForAccess)).toBeVisible();
      await expect(denied.getByRole('link', { name: t.signIn, exact: true })).toHaveAttribute('href', `/login?next=${encodeURIComponent(other)}`);
      await expect(denied.getByRole('link', { name: t.home })).toHaveAttribute('href', '/');
      await expectLook(page, look);
      await expectNoAxeViolations(page, `${other} Access Denied for a guest (${label(look)})`);
    }

    // Sign in from the card: /login names the page, and the admin comes back to it.
    await page.goto(path);
    const signIn = page.getByTestId(testId).getByTestId('access-denied-sign-in');
    await expect(signIn).toHaveAttribute('href', next);
    await signIn.click();
    await expect(page).toHaveURL(`${E2E_ORIGIN}${next}`);
    const callbackURL = await signInAdminByMailedLink(page, t);
    expect(callbackURL).toBe(path);
    await expect(page).toHaveURL(`${E2E_ORIGIN}${path}`);
    if (landed === 'mod') {
      await expect(page.getByRole('heading', { name: t.moderation, level: 1 })).toBeVisible({ timeout: 20_000 });
    } else {
      await expect(page.getByRole('heading', { name: t.admin, level: 1 })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('tab', { name: t.users })).toHaveAttribute('aria-selected', 'true');
    }
    await expect(page.getByTestId(testId)).toHaveCount(0);
    await context.close();
  }
});

test('"Can\'t reach Curio" when the server does not answer: one request (English, light) or all of them (Chinese, dark)', async ({ browser }) => {
  // One request refused: an item page's data (explore's feed shows its failures in place instead:
  // first-week-dead-ends.spec.ts).
  const noSuchItem = '/i/00000000-0000-4000-8000-000000000000';
  {
    const look = { lang: 'en', theme: 'light' } as const;
    const t = TEXT[look.lang];
    const context = await contextWith(browser, look);
    const page = await context.newPage();
    await page.route('**/functions/v1/item-get**', (route) => route.abort('connectionrefused'));
    await page.goto(noSuchItem);
    const error = page.getByTestId('server-error');
    await expect(error.getByRole('heading', { name: t.unreachableTitle, level: 1 })).toBeVisible({ timeout: 20_000 });
    await expect(error.getByText(t.unreachableText)).toBeVisible();
    // No status code: there was no answer.
    await expect(error).not.toContainText(/\b5\d\d\b/);
    await expect(error.getByRole('link', { name: t.goHome })).toHaveAttribute('href', '/');
    await expectLook(page, look);
    await expectNoAxeViolations(page, `unreachable server page (${label(look)})`);

    // Back again: Try again shows the page.
    await page.unroute('**/functions/v1/item-get**');
    await error.getByRole('button', { name: t.tryAgain }).click();
    await expect(page.getByTestId('server-error')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Item not found' })).toBeVisible();
    await context.close();
  }

  // Nothing answers (functions and auth alike): the same page, in Chinese.
  {
    const look = { lang: 'zh-CN', theme: 'dark' } as const;
    const t = TEXT[look.lang];
    const context = await contextWith(browser, look);
    const page = await context.newPage();
    await page.route(/\/(functions|auth)\/v1\//, (route) => route.abort('connectionrefused'));
    await page.goto(noSuchItem);
    const error = page.getByTestId('server-error');
    await expect(error.getByRole('heading', { name: t.unreachableTitle, level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(error.getByText(t.unreachableText)).toBeVisible();
    await expect(error.getByRole('button', { name: t.tryAgain })).toBeVisible();
    await expect(error.getByRole('link', { name: t.goHome })).toHaveAttribute('href', '/');
    await expectLook(page, look);
    await expectNoAxeViolations(page, `unreachable server page, nothing answers (${label(look)})`);
    await context.close();
  }
});

test('an item hidden by a moderator or by a DMCA notice: the removed page for others, the banner for its owner', async ({ browser }) => {
  test.setTimeout(180_000);
  // The owner, in English and dark, with two items.
  const ownerLook = { lang: 'en', theme: 'dark' } as const;
  const ownerContext = await contextWith(browser, ownerLook);
  const owner = await ownerContext.newPage();
  const { handle } = await onboardedUserInPage(owner);
  const [reportedId, noticedId] = await seedShelfItems(owner.request, [{ title: 'Counterfeit tin robot' }, { title: 'Copied harbour print' }]);

  // Another collector (Chinese, dark) reports the first; the admin hides it through the report.
  const otherLook = { lang: 'zh-CN', theme: 'dark' } as const;
  const otherContext = await contextWith(browser, otherLook);
  const other = await otherContext.newPage();
  await onboardedUserInPage(other);
  const { reportId } = await fn<{ reportId: string }>(other.request, 'item-report', { itemId: reportedId, reason: 'copyright', note: 'A knock-off' });

  const adminContext = await contextWith(browser, { lang: 'en', theme: 'light' });
  await signInAdmin(adminContext.request);
  await fn(adminContext.request, 'mod-report-act', { reportId, action: 'hide', note: 'Counterfeit of a known design' });

  // The second is taken down by a DMCA notice a guest filed.
  const guestLook = { lang: 'en', theme: 'light' } as const;
  const guestContext = await contextWith(browser, guestLook);
  const { id: notice } = await fn<{ id: string }>(guestContext.request, 'dmca-submit', {
    claimantName: 'Hana Harbour',
    claimantEmail: 'hana@e2e.curio.test',
    signature: 'Hana Harbour',
    workDescription: 'My print "Harbour at noon", 2024.',
    originalUrls: ['https://hana.example/harbour'],
    infringingItemUrl: `${E2E_ORIGIN}/i/${noticedId}`,
    goodFaith: true,
    perjury: true,
  });
  await fn(adminContext.request, 'mod-dmca-act', { id: notice, action: 'hide', note: 'Valid notice' });

  // A guest (English, light): the removed page for each, with the way to the owner's profile.
  const guest = await guestContext.newPage();
  for (const [itemId, text] of [
    [reportedId, TEXT.en.removedText],
    [noticedId, TEXT.en.removedDmcaText],
  ] as const) {
    await guest.goto(`/i/${itemId}`);
    const removed = guest.getByTestId('item-removed');
    await expect(removed.getByRole('heading', { name: TEXT.en.removedTitle, level: 1 })).toBeVisible({ timeout: 20_000 });
    await expect(removed.getByText(text, { exact: true })).toBeVisible();
    await expect(removed.getByRole('link', { name: TEXT.en.visitProfile(handle) })).toHaveAttribute('href', `/u/${handle}`);
    // Nothing of the item itself: no title, no image, no Report.
    await expect(guest.getByText(itemId === reportedId ? 'Counterfeit tin robot' : 'Copied harbour print')).toHaveCount(0);
    await expect(guest.locator('main img')).toHaveCount(0);
    await expect(guest.getByTestId('item-report')).toHaveCount(0);
    await expect(guest).toHaveTitle(new RegExp(TEXT.en.removedTitle));
    await expectLook(guest, guestLook);
    await expectNoAxeViolations(guest, `removed item (${itemId === reportedId ? 'report' : 'DMCA'}) for a guest (${label(guestLook)})`);
  }
  await guest.getByTestId('item-removed-profile').click();
  await expect(guest).toHaveURL(`${E2E_ORIGIN}/u/${handle}`);
  await expect(guest.getByRole('heading', { level: 1 })).toBeVisible();

  // Another collector (the reporter; Chinese, dark): the same, in Chinese.
  for (const [itemId, text] of [
    [reportedId, TEXT['zh-CN'].removedText],
    [noticedId, TEXT['zh-CN'].removedDmcaText],
  ] as const) {
    await other.goto(`/i/${itemId}`);
    const removed = other.getByTestId('item-removed');
    await expect(removed.getByRole('heading', { name: TEXT['zh-CN'].removedTitle, level: 1 })).toBeVisible({ timeout: 20_000 });
    await expect(removed.getByText(text, { exact: true })).toBeVisible();
    await expect(removed.getByRole('link', { name: TEXT['zh-CN'].visitProfile(handle) })).toHaveAttribute('href', `/u/${handle}`);
    await expect(other.getByTestId('item-report')).toHaveCount(0);
    await expectLook(other, otherLook);
    await expectNoAxeViolations(other, `removed item (${itemId === reportedId ? 'report' : 'DMCA'}) for another collector (${label(otherLook)})`);
  }
  await other.getByTestId('item-removed-profile').click();
  await expect(other).toHaveURL(`${E2E_ORIGIN}/u/${handle}`);

  // The owner (English, dark) still sees each item, under a banner that says why and links to the rules.
  for (const [itemId, title, heading, text, learnMore] of [
    [reportedId, 'Counterfeit tin robot', TEXT.en.hiddenTitle, TEXT.en.hiddenText, '/terms'],
    [noticedId, 'Copied harbour print', TEXT.en.hiddenDmcaTitle, TEXT.en.hiddenDmcaText, '/dmca'],
  ] as const) {
    await owner.goto(`/i/${itemId}`);
    await expect(owner.getByRole('heading', { name: title, level: 1 })).toBeVisible({ timeout: 20_000 });
    const banner = owner.getByTestId('item-hidden-banner');
    await expect(banner).toHaveAttribute('role', 'status');
    await expect(banner.getByText(heading, { exact: true })).toBeVisible();
    await expect(banner.getByText(text, { exact: true })).toBeVisible();
    await expect(banner.getByRole('link', { name: TEXT.en.learnMore })).toHaveAttribute('href', learnMore);
    // The owner is no admin: no review link.
    await expect(banner.getByTestId('item-review-admin')).toHaveCount(0);
    await expect(owner.getByTestId('item-removed')).toHaveCount(0);
    await expectLook(owner, ownerLook);
    await expectNoAxeViolations(owner, `hidden item (${learnMore === '/terms' ? 'report' : 'DMCA'}) for its owner (${label(ownerLook)})`);
  }
  // Learn more leads to the page it names.
  await owner.getByTestId('item-hidden-banner').getByRole('link', { name: TEXT.en.learnMore }).click();
  await expect(owner).toHaveURL(`${E2E_ORIGIN}/dmca`);
  await expect(owner.getByRole('heading', { level: 1 })).toBeVisible();

  // And in Chinese (light), the moderator's hide: the owner's session in a new window.
  const zhLook = { lang: 'zh-CN', theme: 'light' } as const;
  const zhOwnerContext = await contextWith(browser, zhLook, await ownerContext.storageState());
  const zhOwner = await zhOwnerContext.newPage();
  await zhOwner.goto(`/i/${reportedId}`);
  const zhBanner = zhOwner.getByTestId('item-hidden-banner');
  await expect(zhBanner.getByText(TEXT['zh-CN'].hiddenTitle, { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(zhBanner.getByText(TEXT['zh-CN'].hiddenText, { exact: true })).toBeVisible();
  await expect(zhBanner.getByRole('link', { name: TEXT['zh-CN'].learnMore })).toHaveAttribute('href', '/terms');
  await expectLook(zhOwner, zhLook);
  await expectNoAxeViolations(zhOwner, `hidden item (report) for its owner (${label(zhLook)})`);
  await zhBanner.getByRole('link', { name: TEXT['zh-CN'].learnMore }).click();
  await expect(zhOwner).toHaveURL(`${E2E_ORIGIN}/terms`);

  // The admin sees the item too, under the banner, with the way to review the takedown.
  const adminPage = await adminContext.newPage();
  await adminPage.goto(`/i/${noticedId}`);
  const adminBanner = adminPage.getByTestId('item-hidden-banner');
  await expect(adminBanner.getByText(TEXT.en.hiddenDmcaTitle, { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(adminBanner.getByTestId('item-review-admin')).toHaveAttribute('href', '/mod?tab=dmca');
  await expectNoAxeViolations(adminPage, 'hidden item (DMCA) for the admin (en light)');

  await guestContext.close();
  await otherContext.close();
  await ownerContext.close();
  await zhOwnerContext.close();
  await adminContext.close();
});
