import type { FunctionName } from '@curio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { cookieFrom, createTestApp, type TestApp } from '../../test/harness';

const ADMIN = 'boss@example.com';
let t: TestApp;
let admin: { cookie: string; userId: string };
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN });
  admin = await t.signInByMagicLink(ADMIN);
});
afterAll(() => t.close());

const ledger = async (userId: string) =>
  (await t.database.db.query.creditLedger.findMany({ where: (l, { eq }) => eq(l.userId, userId) })).sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
  );

describe('access', () => {
  const calls: [FunctionName, object][] = [
    ['admin-users-list', {}],
    ['admin-user-update', { userId: 'x', tester: true }],
    ['admin-credits-grant', { userId: 'x', amount: 5, reason: 'thanks' }],
    ['admin-function-stats', {}],
  ];
  it.each(calls)('%s is refused for guests (401) and plain users (403)', async (name, body) => {
    expect((await t.call(name, { body })).status).toBe(401);
    const plain = await t.signUp();
    const r = await t.call(name, { cookie: plain.cookie, body });
    expect(r.status).toBe(403);
    expect(r.json.error.code).toBe('forbidden');
  });

  it('a moderator is refused too', async () => {
    const mod = await t.signUp();
    await t.services.roles.grantByEmail(mod.email, 'moderator');
    expect((await t.call('admin-users-list', { cookie: mod.cookie, body: {} })).status).toBe(403);
  });
});

describe('admin-users-list', () => {
  it('shows handle, created date, item count, tester flag, roles and credits; searches by handle and email', async () => {
    const u = await t.onboardedUser(`findme${Date.now().toString(36).slice(-5)}`);
    await t.call('items-create', { cookie: u.cookie, body: { title: 'Robot', tags: '' } });
    await t.call('items-create', { cookie: u.cookie, body: { title: 'Car', tags: '' } });
    const byHandle = await t.call('admin-users-list', { cookie: admin.cookie, body: { q: u.handle.slice(0, 10) } });
    expect(byHandle.status).toBe(200);
    const row = byHandle.json.users.find((x: { id: string }) => x.id === u.userId);
    expect(row).toMatchObject({ handle: u.handle, email: u.email, itemCount: 2, tester: false, roles: [], credits: 30, suspended: false });
    expect(Date.parse(row.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    const byEmail = await t.call('admin-users-list', { cookie: admin.cookie, method: 'GET', query: { q: u.email.toUpperCase() } });
    expect(byEmail.json.users.map((x: { id: string }) => x.id)).toEqual([u.userId]);
    const none = await t.call('admin-users-list', { cookie: admin.cookie, body: { q: 'no_such_person_%' } });
    expect(none.json.users).toEqual([]);
    const adminRow = (await t.call('admin-users-list', { cookie: admin.cookie, body: { q: ADMIN } })).json.users[0];
    expect(adminRow.roles).toEqual(['admin']);
  });

  it('pages through every user once, newest first, in one query per page', async () => {
    const stamp = Date.now();
    await t.database.db.insert(users).values(
      Array.from({ length: 27 }, (_, i) => ({
        id: `pager${stamp}x${i}`,
        name: 'Pager',
        email: `pager${i}-${stamp}@paging.test`,
        createdAt: new Date(stamp - (i % 3) * 1000),
      })),
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const r: { status: number; json: { users: { id: string; createdAt: string }[]; nextCursor: string | null } } = await t.call('admin-users-list', {
        cookie: admin.cookie,
        body: { q: 'paging.test', ...(cursor ? { cursor } : {}) },
      });
      expect(r.status).toBe(200);
      seen.push(...r.json.users.map((x) => x.id));
      const times = r.json.users.map((x) => Date.parse(x.createdAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      cursor = r.json.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(2);
    expect(seen).toHaveLength(27);
    expect(new Set(seen).size).toBe(27);
  });

  it('refuses a cursor that is not one of its own', async () => {
    const r = await t.call('admin-users-list', { cookie: admin.cookie, body: { cursor: 'garbage!' } });
    expect(r.status).toBe(400);
  });
});

describe('admin-user-update', () => {
  it('sets and clears roles and the tester flag', async () => {
    const u = await t.signUp();
    const r = await t.call('admin-user-update', { cookie: admin.cookie, body: { userId: u.userId, roles: ['moderator'], tester: true } });
    expect(r.status).toBe(200);
    expect(r.json.user).toMatchObject({ id: u.userId, roles: ['moderator'], tester: true });
    expect(await t.services.roles.hasRole(u.userId, 'moderator')).toBe(true);
    // The moderator may now use moderator functions, not admin ones.
    expect((await t.call('admin-users-list', { cookie: u.cookie, body: {} })).status).toBe(403);
    const both = await t.call('admin-user-update', { cookie: admin.cookie, body: { userId: u.userId, roles: ['admin', 'moderator'] } });
    expect(both.json.user.roles).toEqual(['admin', 'moderator']);
    expect((await t.call('admin-users-list', { cookie: u.cookie, body: {} })).status).toBe(200);
    const cleared = await t.call('admin-user-update', { cookie: admin.cookie, body: { userId: u.userId, roles: [], tester: false } });
    expect(cleared.json.user).toMatchObject({ roles: [], tester: false });
    expect(await t.services.roles.hasRole(u.userId, 'moderator')).toBe(false);
  });

  it('an admin cannot remove their own admin role or suspend themselves', async () => {
    const demote = await t.call('admin-user-update', { cookie: admin.cookie, body: { userId: admin.userId, roles: ['moderator'] } });
    expect(demote.status).toBe(409);
    expect(demote.json.error.code).toBe('own_account');
    const suspend = await t.call('admin-user-update', { cookie: admin.cookie, body: { userId: admin.userId, suspended: true } });
    expect(suspend.status).toBe(409);
    expect(await t.services.roles.hasRole(admin.userId, 'admin')).toBe(true);
    // Adding a role to oneself is fine.
    const ok = await t.call('admin-user-update', { cookie: admin.cookie, body: { userId: admin.userId, roles: ['admin', 'moderator'] } });
    expect(ok.json.user.roles).toEqual(['admin', 'moderator']);
  });

  it('answers 404 for an unknown user and 400 when there is nothing to change', async () => {
    expect((await t.call('admin-user-update', { cookie: admin.cookie, body: { userId: 'nobody', tester: true } })).status).toBe(404);
    const empty = await t.call('admin-user-update', { cookie: admin.cookie, body: { userId: admin.userId } });
    expect(empty.status).toBe(400);
    expect(empty.json.error.code).toBe('validation_failed');
  });
});

describe('suspension', () => {
  it('signs the user out at once, refuses every sign-in method, and reactivation lets them back', async () => {
    const u = await t.signUp();
    const second = await t.request('/auth/v1/sign-in/email', { body: { email: u.email, password: u.password } });
    const secondCookie = cookieFrom(second); // a second session (another browser)
    expect((await t.call('profile-me', { cookie: u.cookie, body: {} })).status).toBe(200);

    const r = await t.call('admin-user-update', { cookie: admin.cookie, body: { userId: u.userId, suspended: true } });
    expect(r.status).toBe(200);
    expect(r.json.user.suspended).toBe(true);

    // Both sessions are gone: the next request is a guest's.
    expect((await t.call('profile-me', { cookie: u.cookie, body: {} })).status).toBe(401);
    expect((await t.call('profile-me', { cookie: secondCookie, body: {} })).status).toBe(401);
    const session = await (await t.request('/auth/v1/get-session', { cookie: u.cookie })).json();
    expect(session).toBeNull();

    // Password sign-in: refused with the suspension code.
    const pw = await t.request('/auth/v1/sign-in/email', { body: { email: u.email, password: u.password } });
    expect(pw.status).toBe(403);
    expect(((await pw.json()) as { code: string }).code).toBe('BANNED_USER');
    expect(pw.headers.getSetCookie().some((c) => c.includes('session_token=') && !c.includes('session_token=;'))).toBe(false);

    // Magic link: the link lands on the sign-in page with the reason, and no session.
    const sent = await t.request('/auth/v1/sign-in/magic-link', { body: { email: u.email, callbackURL: '/' } });
    expect(sent.status).toBe(200);
    const url = t.mails.find((m) => m.to === u.email && /magic-link\/verify/.test(m.text))!.text.match(/https?:\/\/\S+/)![0];
    const verify = await t.request(url.replace('http://localhost:3000', ''));
    expect(verify.status).toBe(302);
    expect(verify.headers.get('location')).toMatch(/\/login\?error=BANNED_USER$/);
    expect(verify.headers.getSetCookie().some((c) => /session_token=[^;]/.test(c))).toBe(false);

    // Reactivated: signing in works again.
    const back = await t.call('admin-user-update', { cookie: admin.cookie, body: { userId: u.userId, suspended: false } });
    expect(back.json.user.suspended).toBe(false);
    const again = await t.signInByMagicLink(u.email);
    expect(again.userId).toBe(u.userId);
    expect((await t.call('profile-me', { cookie: again.cookie, body: {} })).status).toBe(200);
  });
});

describe('admin-credits-grant', () => {
  it('adds and takes credits as ledger entries with the reason and the admin', async () => {
    const u = await t.signUp();
    const plus = await t.call('admin-credits-grant', { cookie: admin.cookie, body: { userId: u.userId, amount: 12, reason: '  Beta thank-you  ' } });
    expect(plus.status).toBe(200);
    expect(plus.json.user.credits).toBe(42);
    const minus = await t.call('admin-credits-grant', { cookie: admin.cookie, body: { userId: u.userId, amount: -40, reason: 'Refund abuse' } });
    expect(minus.json.user.credits).toBe(2);
    expect((await t.call('get-credit-balance', { cookie: u.cookie, body: {} })).json.balance).toBe(2);
    const entries = await ledger(u.userId);
    expect(entries.map((e) => [e.amount, e.reason, e.note, e.actorId])).toEqual([
      [30, 'signup', null, null],
      [12, 'admin_grant', 'Beta thank-you', admin.userId],
      [-40, 'admin_grant', 'Refund abuse', admin.userId],
    ]);
  });

  it('never takes a balance below zero', async () => {
    const u = await t.signUp();
    const r = await t.call('admin-credits-grant', { cookie: admin.cookie, body: { userId: u.userId, amount: -31, reason: 'too much' } });
    expect(r.status).toBe(409);
    expect(r.json.error.code).toBe('credits_below_zero');
    expect((await ledger(u.userId)).length).toBe(1);
    const exact = await t.call('admin-credits-grant', { cookie: admin.cookie, body: { userId: u.userId, amount: -30, reason: 'all of it' } });
    expect(exact.json.user.credits).toBe(0);
  });

  it('needs a reason and a whole, non-zero amount', async () => {
    const u = await t.signUp();
    for (const body of [
      { userId: u.userId, amount: 5, reason: '   ' },
      { userId: u.userId, amount: 0, reason: 'x' },
      { userId: u.userId, amount: 1.5, reason: 'x' },
      { userId: u.userId, amount: 1_000_000, reason: 'x' },
    ]) {
      const r = await t.call('admin-credits-grant', { cookie: admin.cookie, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.error.fields).toBeTruthy();
    }
    expect((await t.call('admin-credits-grant', { cookie: admin.cookie, body: { userId: 'nobody', amount: 5, reason: 'x' } })).status).toBe(404);
  });
});
