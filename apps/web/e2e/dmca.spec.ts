import { expect, request as playwrightRequest, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { E2E_ORIGIN, fn, onboardedUserInPage, PASSWORD, seedShelfItems, signInAdmin, uniqueEmail, uniqueHandle } from './support/api';

/**
 * DMCA end to end: a guest files a notice naming an item by its /i/{id} address and gets a
 * reference; a moderator (granted the role by the admin) hides the item from the DMCA tab with a
 * note; a guest then sees the removed page and the item's image answers 451; axe on /dmca and the tab.
 */
test('a guest files a DMCA notice and a moderator takes the item down', async ({ browser }) => {
  test.setTimeout(120_000);

  // The item's owner (API only).
  const owner = await playwrightRequest.newContext({ baseURL: E2E_ORIGIN });
  const res = await owner.post('/auth/v1/sign-up/email', {
    data: { email: uniqueEmail('owner'), password: PASSWORD, name: 'owner' },
    headers: { origin: E2E_ORIGIN },
  });
  expect(res.ok()).toBe(true);
  await fn(owner, 'onboarding-complete', { handle: uniqueHandle('own'), displayName: 'Owner', bio: '', public: true });
  const [itemId] = await seedShelfItems(owner, [{ title: 'Copied lighthouse print' }]);
  const item = await fn<{ item: { imageId: string } }>(owner, 'item-get', { itemId });

  // A guest files the notice; the form checks what is missing first.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto('/');
  await guest.getByRole('contentinfo').getByRole('link', { name: 'DMCA' }).click();
  await expect(guest).toHaveURL(/\/dmca$/);
  await expect(guest.getByRole('heading', { name: 'DMCA takedown notice', level: 1 })).toBeVisible();
  await expectNoAxeViolations(guest, '/dmca');
  await guest.getByTestId('dmca-submit').click();
  await expect(guest.getByText('Please enter your name')).toBeVisible();
  await expect(guest.getByText('Please provide at least one infringing URL')).toBeVisible();
  await expect(guest.getByText('Please confirm both required statements')).toBeVisible();
  await expect(guest.getByTestId('dmca-claimantName')).toBeFocused();
  await expectNoAxeViolations(guest, '/dmca with errors');

  await guest.getByLabel('Full name').fill('Lena Lighthouse');
  await guest.getByLabel('Email').fill('lena@e2e.curio.test');
  await guest.getByLabel('Description of the original work').fill('My print "Lighthouse at dawn", 2023.');
  await guest.getByLabel('Where the original can be seen').fill('https://lena.example/lighthouse\n\n');
  await guest.getByLabel('Item page on this site').fill(`${E2E_ORIGIN}/i/${itemId}`);
  await guest.getByTestId('dmca-goodFaith').check();
  await guest.getByTestId('dmca-perjury').check();
  await guest.getByLabel('Signature', { exact: true }).fill('Lena Lighthouse');
  await guest.getByTestId('dmca-submit').click();
  await expect(guest.getByRole('heading', { name: 'Notice received' })).toBeVisible();
  const reference = (await guest.getByTestId('dmca-reference').textContent())!.trim();
  expect(reference).toMatch(/^DMCA-[A-Z0-9]{8}$/);
  await expectNoAxeViolations(guest, '/dmca success');

  // The admin makes a collector a moderator; the moderator acts from the DMCA tab.
  const adminContext = await playwrightRequest.newContext({ baseURL: E2E_ORIGIN });
  await signInAdmin(adminContext);
  const modContext = await browser.newContext();
  const mod = await modContext.newPage();
  await onboardedUserInPage(mod);
  const me = await fn<{ profile: { userId: string } }>(mod.request, 'profile-me');
  await fn(adminContext, 'admin-user-update', { userId: me.profile.userId, roles: ['moderator'] });

  await mod.goto('/mod?tab=dmca');
  await expect(mod.getByTestId('dmca-tab')).toBeVisible();
  const row = mod.getByTestId('dmca-row').filter({ hasText: reference });
  await expect(row).toContainText('Copied lighthouse print');
  await expect(row.getByTestId('dmca-status')).toHaveText('Open');
  await expectNoAxeViolations(mod, '/mod DMCA tab');
  await row.click();
  const detail = mod.getByTestId('dmca-detail');
  await expect(detail.getByRole('heading', { name: reference })).toBeVisible();
  await expect(detail.getByTestId('dmca-notice')).toContainText('Lena Lighthouse');
  await expect(detail.getByTestId('dmca-item').getByRole('link', { name: /Copied lighthouse print/ })).toBeVisible();
  await expect(detail.getByTestId('dmca-item-state')).toHaveText('Visible');
  await expectNoAxeViolations(mod, 'a DMCA notice');

  await mod.getByText('Hide item', { exact: true }).click();
  await expect(mod.getByTestId('dmca-action-explain')).toContainText('Hides the item');
  await mod.getByTestId('dmca-act').click();
  await expect(mod.getByText('Add a note for the record')).toBeVisible();
  await mod.getByTestId('dmca-note').fill('Valid notice: the print is the claimant’s');
  await mod.getByTestId('dmca-act').click();
  await expect(mod.getByText('Item hidden; the claimant was told.')).toBeVisible();
  await expect(detail.getByTestId('dmca-status')).toHaveText('Hidden');
  await expect(detail.getByTestId('dmca-item-state')).toHaveText('Hidden (DMCA)');
  await expect(detail.getByTestId('dmca-actions').getByText('Valid notice: the print is the claimant’s')).toBeVisible();
  await expect(detail.getByTestId('dmca-actions-panel')).toContainText('Resolve');

  // A guest now sees the removed page (DMCA text) and the image is unavailable for legal reasons.
  await guest.goto(`/i/${itemId}`);
  await expect(guest.getByTestId('item-removed')).toBeVisible();
  await expect(guest.getByText('It was removed in response to a copyright (DMCA) notice.')).toBeVisible();
  const image = await guestContext.request.get(`/img/${item.item.imageId}/thumb`);
  expect(image.status()).toBe(451);
  expect(image.headers()['cache-control']).toBe('private, no-store');

  await guestContext.close();
  await modContext.close();
  await adminContext.dispose();
  await owner.dispose();
});
