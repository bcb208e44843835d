import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODERATION_MESSAGES, type FunctionName, type ReportAction } from '@curio/contract';
import { events, moderationActions, reports, userRoles } from '../../db/schema';
import { pngBytes, stubGenerator } from '../../test/images';
import { createTestApp, TEST_ORIGIN, type TestApp, unchecked } from '../../test/harness';

let t: TestApp;
let photo: Buffer;
type U = Awaited<ReturnType<TestApp['onboardedUser']>>;
let mod: U;

beforeAll(async () => {
  t = await createTestApp({ COMMENT_INTERVAL_SECONDS: '0', COMMENTS_PER_HOUR: '1000', EXPLORE_SNAPSHOT_SECONDS: '1' }, { generator: stubGenerator() });
  photo = await pngBytes(60, 75);
  mod = await t.onboardedUser();
  await t.database.db.insert(userRoles).values({ userId: mod.userId, role: 'moderator' });
});
afterAll(() => t.close());

async function published(u: U, title = 'A piece') {
  const itemId = await t.publishedItem(u.cookie, photo, title);
  await t.call('items-place', { cookie: u.cookie, body: { itemId } });
  return itemId;
}
const act = (reportId: string, action: ReportAction, note = 'Checked against the rules') =>
  t.call('mod-report-act', { cookie: mod.cookie, body: { reportId, action, note } });
const reportRow = async (id: string) => (await t.database.db.select().from(reports).where(eq(reports.id, id)))[0]!;
const exploreIds = async () => {
  const r = await t.request('/functions/v1/explore-list', { query: { sort: 'new' } });
  return ((await r.json()) as { items: { itemId: string }[] }).items.map((i) => i.itemId);
};
const outcomes = async (u: U) => {
  const r = await t.call('notifications-list', { cookie: u.cookie, body: {} });
  return (r.json.notifications as { kind: string; ref_id: string; report: unknown }[]).filter((n) => n.kind === 'report_outcome');
};

describe('access', { tags: ['postgres'] }, () => {
  const calls: [FunctionName, Record<string, unknown>][] = [
    ['mod-reports-list', {}],
    ['mod-report-get', { reportId: '00000000-0000-4000-8000-000000000000' }],
    ['mod-report-act', { reportId: '00000000-0000-4000-8000-000000000000', action: 'dismiss', note: 'x' }],
    ['mod-dmca-list', {}],
    ['mod-dmca-get', { id: 'DMCA-ABCDEFGH' }],
    ['mod-dmca-act', { id: 'DMCA-ABCDEFGH', action: 'dismiss', note: 'x' }],
    ['mod-actions-list', {}],
  ];
  it('refuses every moderation function to guests (401) and to plain users (403)', async () => {
    const user = await t.onboardedUser();
    for (const [name, body] of calls) {
      expect((await t.call(name, { body })).status, `${name} as a guest`).toBe(401);
      expect((await t.call(name, { cookie: user.cookie, body })).status, `${name} as a user`).toBe(403);
    }
  });
  it('refuses reports to guests (401)', async () => {
    expect((await t.call('item-report', { body: { itemId: '00000000-0000-4000-8000-000000000000', reason: 'spam' } })).status).toBe(401);
    expect((await t.call('profile-report', { body: { handle: 'someone', reason: 'spam' } })).status).toBe(401);
  });
  it('admits moderators and admins', async () => {
    expect((await t.call('mod-reports-list', { cookie: mod.cookie, body: {} })).status).toBe(200);
    const admin = await t.onboardedUser();
    await t.database.db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
    expect((await t.call('mod-actions-list', { cookie: admin.cookie, body: {} })).status).toBe(200);
  });
});

describe('item-report and profile-report', { tags: ['postgres'] }, () => {
  it('files one open report per reporter and target: a repeat answers the open one, a report after it closed is new', async () => {
    const owner = await t.onboardedUser();
    const itemId = await published(owner);
    const reporter = await t.onboardedUser();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.call('item-report', { cookie: reporter.cookie, body: { itemId, reason: 'spam', note: 'Selling fakes' } })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const ids = new Set(answers.map((a) => a.json.reportId));
    expect(ids.size).toBe(1);
    const first = [...ids][0] as string;
    expect(await reportRow(first)).toMatchObject({ targetType: 'item', targetId: itemId, reason: 'spam', note: 'Selling fakes', status: 'open' });
    expect((await act(first, 'dismiss')).status).toBe(200);
    const again = await t.call('item-report', { cookie: reporter.cookie, body: { itemId, reason: 'other' } });
    expect(again.status).toBe(200);
    expect(again.json.reportId).not.toBe(first);
    expect((await reportRow(again.json.reportId)).status).toBe('open');
  });

  it("refuses one's own item, an unknown item, a bad reason and a long note with clear errors", async () => {
    const owner = await t.onboardedUser();
    const itemId = await published(owner);
    const own = await t.call('item-report', { cookie: owner.cookie, body: { itemId, reason: 'spam' } });
    expect(own.status).toBe(400);
    expect(own.json.error.message).toBe('You cannot report your own content');
    const other = await t.onboardedUser();
    expect((await t.call('item-report', { cookie: other.cookie, body: { itemId: '00000000-0000-4000-8000-000000000000', reason: 'spam' } })).status).toBe(404);
    const bad = await t.call('item-report', { cookie: other.cookie, body: unchecked({ itemId, reason: 'boring' }) });
    expect(bad.status).toBe(400);
    expect(bad.json.error.fields.reason).toBeTruthy();
    const long = await t.call('item-report', { cookie: other.cookie, body: { itemId, reason: 'other', note: 'x'.repeat(1001) } });
    expect(long.status).toBe(400);
    expect(long.json.error.fields.note).toBe('too_long');
  });

  it("reports a profile by handle or user id (the same open report), not one's own, not an unknown one", async () => {
    const target = await t.onboardedUser();
    const reporter = await t.onboardedUser();
    const byHandle = await t.call('profile-report', { cookie: reporter.cookie, body: { handle: target.handle, reason: 'harassment' } });
    expect(byHandle.status).toBe(200);
    const byId = await t.call('profile-report', { cookie: reporter.cookie, body: { userId: target.userId, reason: 'harassment' } });
    expect(byId.json.reportId).toBe(byHandle.json.reportId);
    expect((await reportRow(byHandle.json.reportId)).targetType).toBe('profile');
    expect((await t.call('profile-report', { cookie: target.cookie, body: { handle: target.handle, reason: 'spam' } })).status).toBe(400);
    expect((await t.call('profile-report', { cookie: reporter.cookie, body: { handle: 'nobody_here', reason: 'spam' } })).status).toBe(404);
    const neither = await t.call('profile-report', { cookie: reporter.cookie, body: { reason: 'spam' } });
    expect(neither.status).toBe(400);
  });
});

describe('mod-report-act', { tags: ['postgres'] }, () => {
  it('hide: hides the item everywhere, marks every open report of it hidden, records the action and tells each reporter', async () => {
    const owner = await t.onboardedUser();
    const itemId = await published(owner, 'Counterfeit robot');
    const saver = await t.onboardedUser();
    await t.call('social-bookmark-toggle', { cookie: saver.cookie, body: { itemId } });
    // Explore shows a new item from the next snapshot window on (an earlier test may have started this one).
    await expect.poll(exploreIds, { timeout: 15_000, interval: 250 }).toContain(itemId);
    const a = await t.onboardedUser();
    const b = await t.onboardedUser();
    const ra = (await t.call('item-report', { cookie: a.cookie, body: { itemId, reason: 'copyright' } })).json.reportId as string;
    const rb = (await t.call('item-report', { cookie: b.cookie, body: { itemId, reason: 'spam' } })).json.reportId as string;

    const res = await act(ra, 'hide', 'Fake of a known design');
    expect(res.status).toBe(200);
    expect(res.json.closedReports).toBe(2);
    expect(res.json.report).toMatchObject({ id: ra, status: 'hidden', targetHidden: true, targetLabel: 'Counterfeit robot', targetReportCount: 2 });
    expect(res.json.action).toMatchObject({
      action: 'hide',
      note: 'Fake of a known design',
      targetType: 'item',
      targetId: itemId,
      reportId: ra,
      actor: { handle: mod.handle },
    });
    expect((await reportRow(rb)).status).toBe('hidden');

    // Gone for others at once: the item page, explore and saves; the owner still sees it, flagged.
    const stranger = await t.onboardedUser();
    expect((await t.call('item-get', { cookie: stranger.cookie, body: { itemId } })).json).toMatchObject({
      access: 'removed',
      item: { hiddenSource: 'other' },
    });
    expect((await t.call('item-get', { cookie: owner.cookie, body: { itemId } })).json).toMatchObject({ access: 'visible', item: { hidden: true } });
    expect(await exploreIds()).not.toContain(itemId);
    const saves = await t.call('saves-list', { cookie: saver.cookie, body: {} });
    expect(saves.json.items.map((i: { itemId: string }) => i.itemId)).not.toContain(itemId);

    // Each reporter is told, with the outcome and what the report was about.
    for (const [u, id] of [
      [a, ra],
      [b, rb],
    ] as const) {
      const got = await outcomes(u);
      expect(got).toEqual([expect.objectContaining({ ref_id: id, report: { outcome: 'hidden', targetType: 'item', targetLabel: 'Counterfeit robot' } })]);
    }
    expect(await outcomes(owner)).toEqual([]);
    // The owner hears of the takedown once, with their item's title, and not the reporters' names.
    const ownerNotes = (await t.call('notifications-list', { cookie: owner.cookie, body: {} })).json.notifications as {
      kind: string;
      ref_id: string;
      itemTitle: string | null;
      actorProfile: unknown;
    }[];
    expect(ownerNotes.filter((n) => n.kind === 'item_hidden')).toEqual([
      expect.objectContaining({ ref_id: itemId, itemTitle: 'Counterfeit robot', actorProfile: null }),
    ]);

    // A second hide with nothing open is refused; the history holds one row.
    const twice = await act(ra, 'hide');
    expect(twice.status).toBe(409);
    expect(twice.json.error.message).toBe('This content is already hidden');
    const history = await t.database.db
      .select()
      .from(moderationActions)
      .where(and(eq(moderationActions.targetType, 'item'), eq(moderationActions.targetId, itemId)));
    expect(history).toHaveLength(1);
  });

  it('unhide: shows the item again and marks its open reports dismissed; refused when not hidden', async () => {
    const owner = await t.onboardedUser();
    const itemId = await published(owner, 'Misjudged robot');
    const a = await t.onboardedUser();
    const first = (await t.call('item-report', { cookie: a.cookie, body: { itemId, reason: 'nudity' } })).json.reportId as string;
    expect((await act(first, 'hide')).status).toBe(200);
    // An open report filed before the hide reached it (a hidden item cannot be reported: 404), then a moderator restores it.
    const c = await t.onboardedUser();
    expect((await t.call('item-report', { cookie: c.cookie, body: { itemId, reason: 'other' } })).status).toBe(404);
    const b = await t.onboardedUser();
    await t.database.db.insert(reports).values({ reporterId: b.userId, targetType: 'item', targetId: itemId, reason: 'nudity' });
    const res = await act(first, 'unhide', 'Not nudity: a painted robot');
    expect(res.status).toBe(200);
    expect(res.json.report.status).toBe('hidden'); // the report acted on was closed by the hide
    expect(res.json.closedReports).toBe(1);
    const rows = await t.database.db
      .select()
      .from(reports)
      .where(and(eq(reports.targetType, 'item'), eq(reports.targetId, itemId)));
    expect(rows.map((r) => r.status).sort()).toEqual(['dismissed', 'hidden']);
    expect((await t.call('item-get', { cookie: c.cookie, body: { itemId } })).json.access).toBe('visible');
    // Back in explore from its next snapshot (the one taken while it was hidden lacks it).
    await expect.poll(exploreIds, { timeout: 15_000, interval: 250 }).toContain(itemId);
    expect((await outcomes(b))[0]).toMatchObject({ report: { outcome: 'dismissed', targetType: 'item' } });
    const again = await act(first, 'unhide');
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe('This content is not hidden');
  });

  it('unhide is told to the owner (their item is back) and to each reporter who was told it was removed', async () => {
    const owner = await t.onboardedUser();
    const itemId = await published(owner, 'Twice judged robot');
    const [a, b] = [await t.onboardedUser(), await t.onboardedUser()];
    const first = (await t.call('item-report', { cookie: a.cookie, body: { itemId, reason: 'nudity' } })).json.reportId as string;
    await t.call('item-report', { cookie: b.cookie, body: { itemId, reason: 'spam' } });
    expect((await act(first, 'hide')).status).toBe(200);
    const kinds = async (u: U) =>
      ((await t.call('notifications-list', { cookie: u.cookie, body: {} })).json.notifications as { kind: string }[]).map((n) => n.kind);
    expect(await kinds(owner)).toEqual(['item_hidden']);
    expect((await act(first, 'unhide', 'A second look: a painted robot')).status).toBe(200);
    const ownerList = (await t.call('notifications-list', { cookie: owner.cookie, body: {} })).json.notifications;
    expect(ownerList.map((n: { kind: string }) => n.kind)).toEqual(['item_restored', 'item_hidden']);
    expect(ownerList[0]).toMatchObject({ ref_id: itemId, itemTitle: 'Twice judged robot', seen: false });
    for (const reporter of [a, b]) {
      const list = (await t.call('notifications-list', { cookie: reporter.cookie, body: {} })).json.notifications;
      expect(list.map((n: { kind: string }) => n.kind)).toEqual(['report_reversed', 'report_outcome']);
      expect(list[0]).toMatchObject({ report: { targetType: 'item', targetLabel: 'Twice judged robot' } });
      // The first outcome stays what it was when it was said.
      expect(list[1]).toMatchObject({ report: { outcome: 'hidden' } });
    }
    // The moderator who acts is never told of their own act.
    expect(await kinds(mod)).not.toContain('report_reversed');
  });

  it('unhide refuses an item a DMCA notice took down (act on the notice instead); a hide keeps it a DMCA takedown', async () => {
    const owner = await t.onboardedUser();
    const itemId = await published(owner, 'Noticed robot');
    const a = await t.onboardedUser();
    const reportId = (await t.call('item-report', { cookie: a.cookie, body: { itemId, reason: 'copyright' } })).json.reportId as string;
    const notice = await t.call('dmca-submit', {
      body: {
        claimantName: 'Ada Artist',
        claimantEmail: 'ada@example.com',
        signature: 'Ada Artist',
        workDescription: 'My photograph of a robot',
        infringingItemUrl: `${TEST_ORIGIN}/i/${itemId}`,
        goodFaith: true,
        perjury: true,
      },
    });
    expect(notice.status, JSON.stringify(notice.json)).toBe(200);
    const takedown = await t.call('mod-dmca-act', { cookie: mod.cookie, body: { id: notice.json.id, action: 'hide', note: 'Valid notice' } });
    expect(takedown.json.notice.status).toBe('hidden');
    const history = async () =>
      (
        await t.database.db
          .select()
          .from(moderationActions)
          .where(and(eq(moderationActions.targetType, 'item'), eq(moderationActions.targetId, itemId)))
      ).length;
    const historyBefore = await history();
    const stranger = await t.onboardedUser();
    const takenDown = async () => {
      expect((await t.call('item-get', { cookie: stranger.cookie, body: { itemId } })).json).toMatchObject({
        access: 'removed',
        item: { hiddenSource: 'dmca' },
      });
      expect((await t.call('item-get', { cookie: owner.cookie, body: { itemId } })).json).toMatchObject({
        access: 'visible',
        item: { hidden: true, hiddenSource: 'dmca' },
      });
    };

    const refused = await act(reportId, 'unhide', 'Looks harmless to me');
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatchObject({ code: 'moderation_state', message: MODERATION_MESSAGES.dmcaHidden });
    // Nothing changed: the item stays taken down, the report open, no action recorded, no one told.
    await takenDown();
    expect((await reportRow(reportId)).status).toBe('open');
    expect(await history()).toBe(historyBefore);
    expect(await outcomes(a)).toEqual([]);

    // The report can still be closed; a hide then leaves the takedown a DMCA one (never "other", which
    // a later unhide could undo), and unhide stays refused.
    const closed = await act(reportId, 'hide', 'Already taken down on a DMCA notice');
    expect(closed.status).toBe(200);
    expect(closed.json.report).toMatchObject({ status: 'hidden', targetHidden: true });
    await takenDown();
    const again = await act(reportId, 'unhide', 'Trying again');
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe(MODERATION_MESSAGES.dmcaHidden);
    await takenDown();
  });

  it('dismiss: closes the open reports of a comment without hiding it; a second dismiss is refused', async () => {
    const owner = await t.onboardedUser();
    const itemId = await published(owner);
    const author = await t.onboardedUser();
    const commentId = (await t.call('comments-create', { cookie: author.cookie, body: { itemId, body: 'Lovely paint job' } })).json.comment.id as string;
    const a = await t.onboardedUser();
    const reportId = (await t.call('comments-report', { cookie: a.cookie, body: { commentId, reason: '' } })).json.reportId as string;
    const res = await act(reportId, 'dismiss', 'A friendly comment');
    expect(res.status).toBe(200);
    expect(res.json.report).toMatchObject({ status: 'dismissed', targetHidden: false, targetType: 'comment' });
    const list = await t.call('comments-list', { body: { itemId } });
    expect(list.json.comments.map((c: { id: string }) => c.id)).toContain(commentId);
    expect((await outcomes(a))[0]).toMatchObject({ report: { outcome: 'dismissed', targetType: 'comment', targetLabel: 'Lovely paint job' } });
    const again = await act(reportId, 'dismiss');
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe('This report has already been closed');
  });

  it("hides a comment from the item's comments and its count", async () => {
    const owner = await t.onboardedUser();
    const itemId = await published(owner);
    const author = await t.onboardedUser();
    const commentId = (await t.call('comments-create', { cookie: author.cookie, body: { itemId, body: 'Buy followers at spam.example' } })).json.comment
      .id as string;
    const a = await t.onboardedUser();
    const reportId = (await t.call('comments-report', { cookie: a.cookie, body: { commentId } })).json.reportId as string;
    // The item page is cached with the comment counted; hiding it drops that page.
    expect((await t.call('item-get', { body: { itemId } })).json.item.counts.comments).toBe(1);
    expect((await act(reportId, 'hide', 'Spam link')).status).toBe(200);
    const list = await t.call('comments-list', { body: { itemId } });
    expect(list.json.comments.map((c: { id: string }) => c.id)).not.toContain(commentId);
    expect(list.json.totalCount).toBe(0);
    expect((await t.call('item-get', { body: { itemId } })).json.item.counts.comments).toBe(0);
    // Every other process hears of it too: its cached page of the item, with the old count, goes.
    const told = await t.database.db.select().from(events).where(eq(events.stream, 'explore'));
    expect(told.filter((e) => e.type === 'moderation.visibility' && JSON.stringify(e.payload).includes(itemId))).toHaveLength(1);
  });

  it('hides a profile: it reads as private to others, and its items leave explore', async () => {
    const target = await t.onboardedUser();
    const itemId = await published(target, 'Profile item');
    const a = await t.onboardedUser();
    const reportId = (await t.call('profile-report', { cookie: a.cookie, body: { handle: target.handle, reason: 'harassment' } })).json.reportId as string;
    // Explore shows a new item from the next snapshot window on (an earlier test may have started this one).
    await expect.poll(exploreIds, { timeout: 15_000, interval: 250 }).toContain(itemId);
    expect((await act(reportId, 'hide', 'Harassing others')).status).toBe(200);
    expect((await t.call('profile-get', { cookie: a.cookie, body: { handle: target.handle } })).json.access).toBe('private');
    expect((await t.call('profile-get', { cookie: target.cookie, body: { handle: target.handle } })).json.access).toBe('visible');
    expect(await exploreIds()).not.toContain(itemId);
    expect((await t.call('item-get', { cookie: a.cookie, body: { itemId } })).json.access).toBe('removed');
  });

  it("hides the reported party's messages in a thread from both people", async () => {
    const a = await t.onboardedUser();
    const b = await t.onboardedUser();
    const threadId = (await t.call('dm-thread-upsert', { cookie: a.cookie, body: { otherUserId: b.userId } })).json.thread.id as string;
    await t.call('dm-send', { cookie: b.cookie, body: { threadId, text: 'Nasty words' } });
    await t.call('dm-send', { cookie: a.cookie, body: { threadId, text: 'Please stop' } });
    const reportId = (await t.call('dm-report', { cookie: a.cookie, body: { threadId, reason: 'harassment' } })).json.reportId as string;

    const got = await t.call('mod-report-get', { cookie: mod.cookie, body: { reportId } });
    expect(got.status).toBe(200);
    expect(got.json.target).toMatchObject({
      type: 'thread',
      reported: { handle: b.handle },
      hidden: false,
      messages: [{ text: 'Nasty words', hidden: false }],
    });

    expect((await act(reportId, 'hide', 'Abusive messages')).status).toBe(200);
    for (const u of [a, b]) {
      const msgs = await t.call('dm-messages-list', { cookie: u.cookie, body: { threadId } });
      expect(msgs.json.messages.map((m: { text: string }) => m.text)).toEqual(['Please stop']);
    }
  });

  it('requires a note, and answers 404 for an unknown report', async () => {
    const owner = await t.onboardedUser();
    const itemId = await published(owner);
    const a = await t.onboardedUser();
    const reportId = (await t.call('item-report', { cookie: a.cookie, body: { itemId, reason: 'spam' } })).json.reportId as string;
    const blank = await act(reportId, 'dismiss', '   ');
    expect(blank.status).toBe(400);
    expect(blank.json.error.fields.note).toBe('required');
    expect((await act('00000000-0000-4000-8000-000000000000', 'dismiss')).status).toBe(404);
  });
});

describe('mod-reports-list, mod-report-get and mod-actions-list', { tags: ['postgres'] }, () => {
  it('lists by status with counts, shows a report with its content, other reports and earlier actions, and the history', async () => {
    const owner = await t.onboardedUser();
    const itemId = await published(owner, 'Listed robot');
    const a = await t.onboardedUser();
    const b = await t.onboardedUser();
    const ra = (await t.call('item-report', { cookie: a.cookie, body: { itemId, reason: 'violence', note: 'Weapon' } })).json.reportId as string;
    const before = await t.call('mod-reports-list', { cookie: mod.cookie, body: { status: 'open', targetType: 'item' } });
    expect(before.json.reports.map((r: { id: string }) => r.id)).toContain(ra);
    expect(before.json.reports.every((r: { status: string; targetType: string }) => r.status === 'open' && r.targetType === 'item')).toBe(true);
    const openBefore = before.json.counts.open as number;

    expect((await act(ra, 'dismiss', 'A toy')).status).toBe(200);
    const rb = (await t.call('item-report', { cookie: b.cookie, body: { itemId, reason: 'violence' } })).json.reportId as string;

    const got = await t.call('mod-report-get', { cookie: mod.cookie, body: { reportId: rb } });
    expect(got.status).toBe(200);
    expect(got.json.report).toMatchObject({ id: rb, status: 'open', reason: 'violence', reporter: { handle: b.handle }, targetReportCount: 2 });
    expect(got.json.target).toMatchObject({ type: 'item', item: { id: itemId, title: 'Listed robot', hidden: false, owner: { handle: owner.handle } } });
    expect(got.json.target.item.photos).toHaveLength(1);
    expect(got.json.target.item.imageId).toEqual(expect.any(String));
    expect(got.json.otherReports).toEqual([expect.objectContaining({ id: ra, status: 'dismissed', note: 'Weapon' })]);
    expect(got.json.actions).toEqual([expect.objectContaining({ action: 'dismiss', note: 'A toy', reportId: ra })]);

    const after = await t.call('mod-reports-list', { cookie: mod.cookie, body: { status: 'open', targetType: 'item' } });
    expect(after.json.counts.open).toBe(openBefore); // one closed, one filed
    const dismissed = await t.call('mod-reports-list', { cookie: mod.cookie, body: { status: 'dismissed' } });
    expect(dismissed.json.reports.map((r: { id: string }) => r.id)).toContain(ra);

    const history = await t.call('mod-actions-list', { cookie: mod.cookie, body: { targetType: 'item' } });
    expect(history.json.actions[0]).toMatchObject({ action: 'dismiss', note: 'A toy', targetLabel: 'Listed robot', actor: { handle: mod.handle } });
    expect((await t.call('mod-actions-list', { cookie: mod.cookie, body: { cursor: 'bogus' } })).status).toBe(400);
  });

  it('pages the report list with a cursor', async () => {
    const reporter = await t.onboardedUser();
    // Reports of items deleted since (the list shows them as gone): 32, more than a page.
    await t.database.db
      .insert(reports)
      .values(Array.from({ length: 32 }, () => ({ reporterId: reporter.userId, targetType: 'item' as const, targetId: crypto.randomUUID(), reason: 'spam' })));
    const first = await t.call('mod-reports-list', { cookie: mod.cookie, body: { status: 'open' } });
    expect(first.json.reports).toHaveLength(30);
    expect(first.json.nextCursor).toEqual(expect.any(String));
    const second = await t.call('mod-reports-list', { cookie: mod.cookie, body: { status: 'open', cursor: first.json.nextCursor } });
    const ids = new Set([...first.json.reports, ...second.json.reports].map((r: { id: string }) => r.id));
    expect(ids.size).toBe(first.json.reports.length + second.json.reports.length);
  });
});
