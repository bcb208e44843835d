import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insightsSummaryResultSchema, type AnalyticsTrackInput } from '@curio/contract';
import { itemViews, profileViews } from '../../db/schema';
import { utcDay } from '../../lib/viewer-key';
import { pngBytes, stubGenerator } from '../../test/images';
import { createTestApp, type TestApp } from '../../test/harness';
import { lastDays } from './insights.service';

let t: TestApp;
let photo: Buffer;
type U = Awaited<ReturnType<TestApp['onboardedUser']>>;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({}, { generator: stubGenerator() });
  photo = await pngBytes(60, 75);
});
afterAll(() => t.close());

async function published(u: U, title: string) {
  return (await t.publish(u.cookie, photo, { title })).id;
}
const summary = async (u: U) => {
  const r = await t.call('insights-summary', { cookie: u.cookie });
  expect(r.status).toBe(200);
  return insightsSummaryResultSchema.parse(r.json);
};
const dayAgo = (n: number) => utcDay(new Date(Date.now() - n * DAY));
const track = (cookie: string | undefined, name: AnalyticsTrackInput['name'], props: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.call('analytics-track', { body: { name, props, path: '/' }, headers, ...(cookie ? { cookie } : {}) });

describe('insights-summary', () => {
  it('is all zeros with 30 daily points for someone nobody has seen', async () => {
    const u = await t.onboardedUser();
    const s = await summary(u);
    expect(s.profile).toMatchObject({ d7: 0, d30: 0 });
    expect(s.items).toMatchObject({ d7: 0, d30: 0, top: [] });
    expect(s.profile.series).toHaveLength(30);
    expect(s.items.series).toHaveLength(30);
    expect(s.profile.series.every((p) => p.views === 0)).toBe(true);
    expect(s.profile.series.at(-1)!.day).toBe(utcDay(new Date()));
    expect(s.profile.series[0]!.day).toBe(dayAgo(29));
    expect((await t.call('insights-summary')).status).toBe(401);
  });

  it('counts seeded views by day, 7 and 30 days, and ranks the top items', async () => {
    const owner = await t.onboardedUser();
    const robot = await published(owner, 'Red Robot');
    const rocket = await published(owner, 'Blue Rocket');
    const other = await t.onboardedUser();
    const elsewhere = await published(other, 'Not mine');
    const db = t.database.db;
    await db.insert(itemViews).values([
      { itemId: robot, day: dayAgo(0), viewer: 'v1' },
      { itemId: robot, day: dayAgo(0), viewer: 'v2' },
      { itemId: robot, day: dayAgo(3), viewer: 'v1' },
      { itemId: robot, day: dayAgo(20), viewer: 'v3' },
      { itemId: rocket, day: dayAgo(6), viewer: 'v1' },
      { itemId: rocket, day: dayAgo(7), viewer: 'v1' },
      { itemId: rocket, day: dayAgo(30), viewer: 'old' }, // outside the 30 days
      { itemId: elsewhere, day: dayAgo(0), viewer: 'v9' }, // someone else's item
    ]);
    await db.insert(profileViews).values([
      { profileUserId: owner.userId, day: dayAgo(1), viewer: 'v1' },
      { profileUserId: owner.userId, day: dayAgo(10), viewer: 'v1' },
      { profileUserId: owner.userId, day: dayAgo(10), viewer: 'v2' },
      { profileUserId: other.userId, day: dayAgo(1), viewer: 'v1' },
    ]);
    const s = await summary(owner);
    expect(s.items).toMatchObject({ d7: 4, d30: 6 });
    expect(s.profile).toMatchObject({ d7: 1, d30: 3 });
    expect(s.items.series.find((p) => p.day === dayAgo(0))!.views).toBe(2);
    expect(s.items.series.find((p) => p.day === dayAgo(20))!.views).toBe(1);
    expect(s.profile.series.find((p) => p.day === dayAgo(10))!.views).toBe(2);
    expect(s.items.series.reduce((n, p) => n + p.views, 0)).toBe(6);
    expect(s.items.top.map((i) => [i.title, i.views30])).toEqual([
      ['Red Robot', 4],
      ['Blue Rocket', 2],
    ]);
    expect(s.items.top[0]!.imageUrl).toMatch(/^\/img\/.+\/thumb$/);
  });

  it("counts views through analytics-track, once per viewer and day, never the owner's own", async () => {
    const owner = await t.onboardedUser();
    const item = await published(owner, 'Tracked');
    const visitor = await t.onboardedUser();
    expect((await track(owner.cookie, 'profile_view', { handle: owner.handle })).json).toEqual({ stored: true });
    expect((await track(owner.cookie, 'item_view', { itemId: item })).json).toEqual({ stored: true });
    await track(visitor.cookie, 'profile_view', { handle: owner.handle });
    await track(visitor.cookie, 'profile_view', { handle: owner.handle.toUpperCase() });
    await track(visitor.cookie, 'item_view', { itemId: item });
    await track(undefined, 'profile_view', { handle: owner.handle }, { 'user-agent': 'guest browser' });
    // Do-Not-Track stores nothing.
    expect((await track(undefined, 'profile_view', { handle: owner.handle }, { 'user-agent': 'another', dnt: '1' })).json).toEqual({ stored: false });
    const s = await summary(owner);
    expect(s.profile.d7).toBe(2); // the visitor and the guest
    expect(s.items.d7).toBe(1);
    // A private profile's views are not stored for others; unknown handles neither.
    await t.call('settings-update', { cookie: owner.cookie, body: { profilePublic: false } });
    const other = await t.onboardedUser();
    expect((await track(other.cookie, 'profile_view', { handle: owner.handle })).json).toEqual({ stored: false });
    expect((await track(other.cookie, 'profile_view', { handle: 'nobody_at_all' })).json).toEqual({ stored: false });
    expect((await track(other.cookie, 'profile_view', {})).status).toBe(400);
    expect((await summary(owner)).profile.d7).toBe(2);
  });

  it('has 30 days ending today', () => {
    const days = lastDays(new Date('2026-03-01T12:00:00Z'));
    expect(days).toHaveLength(30);
    expect(days[0]).toBe('2026-01-31');
    expect(days.at(-1)).toBe('2026-03-01');
  });
});
