import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reports } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ COMMENT_INTERVAL_SECONDS: '0', COMMENTS_PER_HOUR: '1000' });
});
afterAll(() => t.close());

async function aComment() {
  const owner = await t.onboardedUser();
  const item = await t.call('items-create', { cookie: owner.cookie, body: { title: 'Tin robot' } });
  const c = await t.call('comments-create', { cookie: owner.cookie, body: { itemId: item.json.item.id, body: 'Rude words' } });
  expect(c.status).toBe(200);
  return c.json.comment.id as string;
}
const reportsOf = (commentId: string) =>
  t.database.db
    .select()
    .from(reports)
    .where(and(eq(reports.targetType, 'comment'), eq(reports.targetId, commentId)));

describe('comments-report', { tags: ['postgres'] }, () => {
  it('makes one report of twenty identical concurrent reports, and answers its id to each', async () => {
    const commentId = await aComment();
    const reporter = await t.onboardedUser();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.call('comments-report', { cookie: reporter.cookie, body: { commentId, reason: 'spam' } })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const rows = await reportsOf(commentId);
    expect(rows).toHaveLength(1);
    expect(new Set(answers.map((a) => a.json.reportId))).toEqual(new Set([rows[0]!.id]));
  });

  it('answers the existing report when reported again later, and counts each reporter once', async () => {
    const commentId = await aComment();
    const a = await t.onboardedUser();
    const b = await t.onboardedUser();
    const first = await t.call('comments-report', { cookie: a.cookie, body: { commentId, reason: 'spam' } });
    const again = await t.call('comments-report', { cookie: a.cookie, body: { commentId, reason: 'still spam' } });
    expect(again.json.reportId).toBe(first.json.reportId);
    const other = await t.call('comments-report', { cookie: b.cookie, body: { commentId, reason: '' } });
    expect(other.status).toBe(200);
    expect(other.json.reportId).not.toBe(first.json.reportId);
    const rows = await reportsOf(commentId);
    expect(rows.map((r) => r.reporterId).sort()).toEqual([a.userId, b.userId].sort());
    expect(rows.find((r) => r.reporterId === a.userId)!.reason).toBe('spam');
  });
});
