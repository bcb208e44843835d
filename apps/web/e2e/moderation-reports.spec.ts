import { expect, request as playwrightRequest, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { E2E_ORIGIN, fn, onboardedUserInPage, PASSWORD, seedShelfItems, signInAdmin, uniqueEmail, uniqueHandle } from './support/api';

/**
 * Reports end to end: a collector reports an item (the item page's Report dialog) and a comment; a
 * moderator (the admin) hides the item and dismisses the comment's report on /mod with a note; the
 * reporter reads both outcomes in their notifications; axe on every tab and on the dialog.
 */
test('a reported item and comment are acted on, and the reporter hears the outcome', async ({ browser }) => {
  test.setTimeout(120_000);

  // The owner of the item, with a comment of their own on it (API only).
  const owner = await playwrightRequest.newContext({ baseURL: E2E_ORIGIN });
  const email = uniqueEmail('owner');
  const res = await owner.post('/auth/v1/sign-up/email', { data: { email, password: PASSWORD, name: 'owner' }, headers: { origin: E2E_ORIGIN } });
  expect(res.ok()).toBe(true);
  await fn(owner, 'onboarding-complete', { handle: uniqueHandle('own'), displayName: 'Owner', bio: '', public: true });
  const [itemId] = await seedShelfItems(owner, [{ title: 'Knock-off robot' }]);
  await fn(owner, 'comments-create', { itemId, body: 'Get yours cheap at my shop' });

  // The reporter files both reports in the browser.
  const reporterContext = await browser.newContext();
  const reporter = await reporterContext.newPage();
  await onboardedUserInPage(reporter);
  await reporter.goto(`/i/${itemId}`);
  await reporter.getByTestId('item-report').click();
  const dialog = reporter.getByTestId('report-dialog');
  await expect(dialog.getByRole('heading', { name: 'Report this item' })).toBeVisible();
  await expectNoAxeViolations(reporter, 'the report dialog');
  // A reason is required.
  await reporter.getByTestId('report-submit').click();
  await expect(dialog.getByText('Choose a reason')).toBeVisible();
  await dialog.getByLabel('Copyright').check();
  await reporter.getByTestId('report-note').fill('A copy of a designer toy');
  await reporter.getByTestId('report-submit').click();
  await expect(reporter.getByText('Thanks for reporting.', { exact: false })).toBeVisible();
  await expect(dialog).toBeHidden();

  const comment = reporter.getByTestId('comment').filter({ hasText: 'Get yours cheap' });
  await comment.getByTestId('comment-report').click();
  await reporter.getByTestId('comment-confirm-action').click();
  await expect(reporter.getByText('Comment reported. Thank you.')).toBeVisible();

  // The moderator: the admin of the e2e server.
  const modContext = await browser.newContext();
  await signInAdmin(modContext.request);
  const mod = await modContext.newPage();
  await mod.goto('/mod');
  await expect(mod.getByRole('heading', { name: 'Moderation', level: 1 })).toBeVisible();
  const rows = mod.getByTestId('report-row');
  const itemRow = rows.filter({ hasText: 'Knock-off robot' }).first();
  const commentRow = rows.filter({ hasText: 'Get yours cheap' }).first();
  await expect(itemRow).toBeVisible();
  await expect(commentRow).toBeVisible();
  await expectNoAxeViolations(mod, '/mod Reports');

  // Hide the item.
  await itemRow.click();
  await expect(mod.getByRole('heading', { name: 'Reported item' })).toBeVisible();
  await expect(mod.getByTestId('report-reason')).toHaveText('Copyright');
  await expect(mod.getByTestId('report-item').getByRole('link', { name: 'Knock-off robot' })).toBeVisible();
  await expectNoAxeViolations(mod, 'a report');
  await mod.getByTestId('mod-act-hide').click();
  await expect(mod.getByText('Add a note for the record')).toBeVisible();
  await mod.getByTestId('mod-note').fill('Counterfeit of a known design');
  await mod.getByTestId('mod-act-hide').click();
  await expect(mod.getByText('Content hidden; reporters will be told.')).toBeVisible();
  await expect(mod.getByTestId('report-status').first()).toHaveText('Hidden');
  await expect(mod.getByTestId('earlier-actions').getByText('Counterfeit of a known design')).toBeVisible();

  // Dismiss the comment's report.
  await mod.getByRole('link', { name: 'Back to reports' }).click();
  await mod.getByTestId('report-row').filter({ hasText: 'Get yours cheap' }).first().click();
  await expect(mod.getByRole('heading', { name: 'Reported comment' })).toBeVisible();
  await mod.getByTestId('mod-note').fill('Self-promotion, allowed on own items');
  await mod.getByTestId('mod-act-dismiss').click();
  await expect(mod.getByText('Report dismissed; the reporter will be told.')).toBeVisible();

  // The other tabs, and the history holds both actions.
  await mod.goto('/mod');
  for (const tab of ['dmca', 'history'] as const) {
    const trigger = mod.getByTestId(`mod-tab-${tab}`);
    if (tab === 'dmca' && (await trigger.count()) === 0) continue;
    await trigger.click();
    await expect(trigger).toHaveAttribute('data-state', 'active');
    await mod.waitForLoadState('networkidle');
    await expectNoAxeViolations(mod, `/mod ${tab}`);
  }
  const history = mod.getByTestId('actions-list');
  await expect(history.getByTestId('action-row').filter({ hasText: 'Counterfeit of a known design' })).toBeVisible();
  await expect(history.getByTestId('action-row').filter({ hasText: 'Self-promotion, allowed on own items' })).toBeVisible();

  // The item is gone for others.
  await reporter.goto(`/i/${itemId}`);
  await expect(reporter.getByTestId('item-report')).toHaveCount(0);

  // The reporter hears both outcomes.
  await reporter.goto('/me/notifications');
  const outcomes = reporter.locator('[data-testid="notification"][data-kind="report_outcome"]');
  await expect(outcomes).toHaveCount(2);
  await expect(outcomes.filter({ hasText: '“Knock-off robot” and removed it' })).toBeVisible();
  await expect(outcomes.filter({ hasText: 'a comment and found no rule broken' })).toBeVisible();

  // A plain user is refused the dashboard.
  await reporter.goto('/mod');
  await expect(reporter.getByTestId('mod-access-denied')).toBeVisible();
  await expect(reporter.getByText('This page requires moderator access')).toBeVisible();

  await owner.dispose();
  await reporterContext.close();
  await modContext.close();
});
