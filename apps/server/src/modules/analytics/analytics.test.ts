import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsTrackInput } from '@curio/contract';
import { userSettings } from '../../db/schema';
import { createTestApp, type TestApp, unchecked } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const count = async () => {
  const r = await t.database.db.execute(sql`select count(*)::int as n from analytics_events`);
  return Number((r as any).rows[0].n);
};
const event: AnalyticsTrackInput = { name: 'page_view', props: { ref: 'test' }, path: '/explore' };

describe('analytics-track', () => {
  it('stores an event from a guest and from a signed-in user', async () => {
    const before = await count();
    expect((await t.call('analytics-track', { body: event })).json).toEqual({ stored: true });
    const u = await t.signUp();
    expect((await t.call('analytics-track', { cookie: u.cookie, body: event })).json).toEqual({ stored: true });
    expect(await count()).toBe(before + 2);
  });

  it('stores nothing when the browser sends Do-Not-Track or Global Privacy Control', async () => {
    const before = await count();
    expect((await t.call('analytics-track', { body: event, headers: { dnt: '1' } })).json).toEqual({ stored: false });
    expect((await t.call('analytics-track', { body: event, headers: { 'sec-gpc': '1' } })).json).toEqual({ stored: false });
    expect(await count()).toBe(before);
  });

  it('stores nothing for a user who opted out', async () => {
    const u = await t.signUp();
    await t.database.db.insert(userSettings).values({ userId: u.userId, analyticsOptOut: true });
    const before = await count();
    expect((await t.call('analytics-track', { cookie: u.cookie, body: event })).json).toEqual({ stored: false });
    expect(await count()).toBe(before);
  });

  it('refuses unknown event names and oversized props', async () => {
    expect((await t.call('analytics-track', { body: unchecked({ ...event, name: 'made_up' }) })).status).toBe(400);
    const big = await t.call('analytics-track', { body: { ...event, props: { s: 'x'.repeat(5000) } } });
    expect(big.status).toBe(400);
    expect(big.json.error.fields.props).toBeTruthy();
  });

  it('records the error-boundary event with its fields', async () => {
    const r = await t.call('analytics-track', {
      body: { name: 'item_generate_error', path: '/me/shelf', props: { component: 'Shelf', message: 'x', stack: 'y' } },
    });
    expect(r.json.stored).toBe(true);
  });
});
