import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { QUEUES } from '../jobs/jobs';

const DAY = 24 * 3600_000;
const ADMIN = 'credits-admin@example.com';
let t: TestApp;
let admin: { cookie: string; userId: string };
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN, SIGNUP_CREDITS: '30' });
  admin = await t.signInByMagicLink(ADMIN);
});
afterAll(() => t.close());

const setRefill = (creditRefill: { amount: number; everyDays: number }) => t.call('admin-settings-update', { cookie: admin.cookie, body: { creditRefill } });
// Every test starts from the default allowance.
beforeEach(async () => {
  expect((await setRefill({ amount: 30, everyDays: 30 })).status).toBe(200);
});

const balanceOf = async (cookie: string) => {
  const r = await t.call('get-credit-balance', { cookie, method: 'GET' });
  expect(r.status).toBe(200);
  return r.json as { balance: number; nextRefillAt: string | null; refillAmount: number | null };
};
/** Moves every ledger entry of a collector `days` into the past, as if they had signed up then. */
const age = (userId: string, days: number) =>
  t.database.db.execute(sql`update credit_ledger set created_at = created_at - make_interval(days => ${days}::int) where user_id = ${userId}`);
const entries = async (userId: string) =>
  (await t.database.db.query.creditLedger.findMany({ where: (l, { eq }) => eq(l.userId, userId) })).sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
  );
const signupAt = async (userId: string) => (await entries(userId))[0]!.createdAt.getTime();
/** A collector with `balance` credits left (30 at sign-up, the rest taken by an admin). */
async function collectorWith(balance: number) {
  const u = await t.signUp();
  if (balance !== 30) {
    const r = await t.call('admin-credits-grant', { cookie: admin.cookie, body: { userId: u.userId, amount: balance - 30, reason: 'test' } });
    expect(r.status).toBe(200);
  }
  return u;
}

describe('get-credit-balance', () => {
  it('answers the balance, when the allowance next refills (a period after sign-up) and to how many', async () => {
    const u = await collectorWith(30);
    const b = await balanceOf(u.cookie);
    expect(b).toMatchObject({ balance: 30, refillAmount: 30 });
    expect(Date.parse(b.nextRefillAt!)).toBe((await signupAt(u.userId)) + 30 * DAY);
  });

  it('says nothing of refills when an admin turned them off (amount 0)', async () => {
    await setRefill({ amount: 0, everyDays: 30 });
    const u = await collectorWith(3);
    await age(u.userId, 31);
    expect(await balanceOf(u.cookie)).toEqual({ balance: 3, nextRefillAt: null, refillAmount: null });
    expect(await t.services.credits.applyRefills()).toEqual({ refilled: 0 });
    expect((await entries(u.userId)).map((e) => e.reason)).toEqual(['signup', 'admin_grant']);
  });

  it('applies a refill the period owes before answering, without waiting for the job', async () => {
    const u = await collectorWith(6);
    await age(u.userId, 31);
    const b = await balanceOf(u.cookie);
    expect(b.balance).toBe(30);
    expect(Date.parse(b.nextRefillAt!)).toBe((await signupAt(u.userId)) + 60 * DAY);
    // Asked again, nothing more is added.
    expect((await balanceOf(u.cookie)).balance).toBe(30);
    expect((await entries(u.userId)).filter((e) => e.reason === 'refill')).toHaveLength(1);
  });
});

describe('the refill job', () => {
  it('tops every collector whose period began up to the allowance, once a period, with the period in the history', async () => {
    const spent = await collectorWith(3);
    const rich = await collectorWith(30);
    const fresh = await collectorWith(0);
    await age(spent.userId, 31);
    await age(rich.userId, 31);
    // Still in the first period: the sign-up credits are its allowance.
    await age(fresh.userId, 29);

    await t.services.credits.applyRefills();
    const refill = (await entries(spent.userId)).find((e) => e.reason === 'refill');
    expect(refill).toMatchObject({ amount: 27, ref: new Date((await signupAt(spent.userId)) + 30 * DAY).toISOString() });
    expect(await t.services.credits.balance(spent.userId)).toBe(30);
    expect((await entries(rich.userId)).some((e) => e.reason === 'refill')).toBe(false);
    expect(await t.services.credits.balance(fresh.userId)).toBe(0);

    // A second run in the same period adds nothing; the next period refills again.
    await t.services.credits.applyRefills();
    expect((await entries(spent.userId)).filter((e) => e.reason === 'refill')).toHaveLength(1);
    await t.call('admin-credits-grant', { cookie: admin.cookie, body: { userId: spent.userId, amount: -30, reason: 'spent' } });
    await age(spent.userId, 30);
    await t.services.credits.applyRefills();
    expect(await t.services.credits.balance(spent.userId)).toBe(30);
    expect((await entries(spent.userId)).filter((e) => e.reason === 'refill').map((e) => e.amount)).toEqual([27, 30]);
  });

  it('follows the allowance an admin set: its amount and its period', async () => {
    await setRefill({ amount: 12, everyDays: 7 });
    const u = await collectorWith(0);
    await age(u.userId, 8);
    const b = await balanceOf(u.cookie);
    expect(b).toMatchObject({ balance: 12, refillAmount: 12 });
    expect(Date.parse(b.nextRefillAt!)).toBe((await signupAt(u.userId)) + 14 * DAY);
  });

  it('runs on its schedule through the queue', async () => {
    expect(QUEUES.creditsRefill.cron).toMatch(/^\d+ \* \* \* \*$/);
    const u = await collectorWith(9);
    await age(u.userId, 45);
    expect(await t.services.jobs.send(QUEUES.creditsRefill.name, {})).toBeTruthy();
    await t.services.jobs.idle(QUEUES.creditsRefill.name);
    expect(await t.services.credits.balance(u.userId)).toBe(30);
  });

  it('lets a generation spend a refill its period owes', async () => {
    const u = await collectorWith(0);
    await age(u.userId, 31);
    await t.services.credits.spendForGeneration(u.userId, 'gen-1');
    expect(await t.services.credits.balance(u.userId)).toBe(27);
    expect((await entries(u.userId)).map((e) => [e.reason, e.amount])).toEqual([
      ['signup', 30],
      ['admin_grant', -30],
      ['refill', 30],
      ['generation', -3],
    ]);
  });

  it('refills once when the job, balance reads and a generation race', { tags: ['postgres'] }, async () => {
    const u = await collectorWith(0);
    await age(u.userId, 31);
    await Promise.all([
      t.services.credits.applyRefills(),
      t.services.credits.applyRefills(),
      balanceOf(u.cookie),
      t.services.credits.summary(u.userId),
      t.services.credits.spendForGeneration(u.userId, 'gen-race'),
    ]);
    expect((await entries(u.userId)).filter((e) => e.reason === 'refill')).toHaveLength(1);
    expect(await t.services.credits.balance(u.userId)).toBe(27);
  });
});

describe('the allowance in the site settings', () => {
  it('is on by default (30 every 30 days) and changes with admin-settings-update', async () => {
    const got = await t.call('admin-settings-get', { cookie: admin.cookie, method: 'GET' });
    expect(got.json.settings.creditRefill).toEqual({ amount: 30, everyDays: 30 });
    const r = await setRefill({ amount: 50, everyDays: 14 });
    expect(r.json.settings.creditRefill).toEqual({ amount: 50, everyDays: 14 });
  });

  it.each([
    [{ amount: -1, everyDays: 30 }, 'creditRefill.amount', 'too_small'],
    [{ amount: 2.5, everyDays: 30 }, 'creditRefill.amount', 'not_integer'],
    [{ amount: 30, everyDays: 0 }, 'creditRefill.everyDays', 'too_small'],
    [{ amount: 30, everyDays: 366 }, 'creditRefill.everyDays', 'too_big'],
  ])('refuses %o with a code on the field', async (creditRefill, field, code) => {
    const r = await setRefill(creditRefill);
    expect(r.status).toBe(400);
    expect(r.json.error.fields[field]).toBe(code);
    const got = await t.call('admin-settings-get', { cookie: admin.cookie, method: 'GET' });
    expect(got.json.settings.creditRefill).toEqual({ amount: 30, everyDays: 30 });
  });
});

describe('admin-credits-history', () => {
  it('lists every change of a collector’s credits, newest first, with the admin of a grant, a page at a time', async () => {
    const u = await collectorWith(3);
    await age(u.userId, 31);
    await t.services.credits.applyRefills();
    const adminHandle = (await t.call('profile-me', { cookie: admin.cookie, method: 'GET' })).json.profile?.handle ?? null;
    const r = await t.call('admin-credits-history', { cookie: admin.cookie, method: 'GET', query: { userId: u.userId } });
    expect(r.status).toBe(200);
    expect(r.json.balance).toBe(30);
    expect(r.json.nextCursor).toBeNull();
    expect(r.json.entries.map((e: { reason: string; amount: number }) => [e.reason, e.amount])).toEqual([
      ['refill', 27],
      ['admin_grant', -27],
      ['signup', 30],
    ]);
    expect(r.json.entries[1]).toMatchObject({ note: 'test', actor: { id: admin.userId, handle: adminHandle } });
    expect(r.json.entries[0].actor).toBeNull();
  });

  it('pages with a cursor without repeats or gaps', async () => {
    const u = await collectorWith(30);
    for (let i = 0; i < 54; i++) await t.services.credits.grantByAdmin(u.userId, 1, `gift ${i}`, admin.userId);
    const first = await t.call('admin-credits-history', { cookie: admin.cookie, method: 'GET', query: { userId: u.userId } });
    expect(first.json.entries).toHaveLength(50);
    const second = await t.call('admin-credits-history', { cookie: admin.cookie, method: 'GET', query: { userId: u.userId, cursor: first.json.nextCursor } });
    expect(second.json.nextCursor).toBeNull();
    const ids = [...first.json.entries, ...second.json.entries].map((e: { id: string }) => e.id);
    expect(new Set(ids).size).toBe(55);
    expect(second.json.entries.at(-1).reason).toBe('signup');
  });

  it('is for admins only, and answers 404 for an unknown user', async () => {
    const u = await t.signUp();
    expect((await t.call('admin-credits-history', { method: 'GET', query: { userId: u.userId } })).status).toBe(401);
    expect((await t.call('admin-credits-history', { cookie: u.cookie, method: 'GET', query: { userId: u.userId } })).status).toBe(403);
    expect((await t.call('admin-credits-history', { cookie: admin.cookie, method: 'GET', query: { userId: 'nobody' } })).status).toBe(404);
    const bad = await t.call('admin-credits-history', { cookie: admin.cookie, method: 'GET', query: { userId: u.userId, cursor: 'x!' } });
    expect(bad.status).toBe(400);
  });
});
