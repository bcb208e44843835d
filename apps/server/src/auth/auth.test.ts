import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, createTestApp, type TestApp, unchecked } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'boss@example.com,chief@example.com', SIGNUP_CREDITS: '30' });
});
afterAll(() => t.close());

const json = (body: unknown) => ({ body });

describe('accounts (better-auth at /auth/v1)', () => {
  it('signs up with email and password, sets an HttpOnly SameSite=Lax cookie and grants the sign-up credits once', async () => {
    const res = await t.request('/auth/v1/sign-up/email', json({ email: 'new@example.com', password: 'password-123', name: 'new' }));
    expect(res.status).toBe(200);
    const setCookie = res.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const me = await t.call('profile-me', { cookie: cookieFrom(res) });
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ profile: null, shelfId: null, credits: 30, roles: [] });
  });

  it.each([
    ['a password of 7 characters', 'short12'],
    ['a password of 129 characters', 'x'.repeat(129)],
  ])('refuses %s', async (_label, password) => {
    const res = await t.request('/auth/v1/sign-up/email', json({ email: `p${password.length}@example.com`, password, name: 'p' }));
    expect(res.status).toBe(400);
  });

  it('accepts passwords of exactly 8 and 128 characters', async () => {
    for (const password of ['12345678', 'y'.repeat(128)]) {
      const res = await t.request('/auth/v1/sign-up/email', json({ email: `ok${password.length}@example.com`, password, name: 'ok' }));
      expect(res.status).toBe(200);
    }
  });

  it('signs in, and a cookie stops working on the very next request after sign-out', async () => {
    const u = await t.signUp();
    const signIn = await t.request('/auth/v1/sign-in/email', json({ email: u.email, password: u.password }));
    expect(signIn.status).toBe(200);
    const cookie = cookieFrom(signIn);
    expect((await t.call('profile-me', { cookie })).status).toBe(200);
    const out = await t.request('/auth/v1/sign-out', { body: {}, cookie });
    expect(out.status).toBe(200);
    expect((await t.call('profile-me', { cookie })).status).toBe(401);
  });

  it('refuses a wrong password', async () => {
    const u = await t.signUp();
    const res = await t.request('/auth/v1/sign-in/email', json({ email: u.email, password: 'not the password' }));
    expect(res.status).toBe(401);
  });

  it('works with a bearer token as well as the cookie', async () => {
    const res = await t.request('/auth/v1/sign-up/email', json({ email: 'bearer@example.com', password: 'password-123', name: 'b' }));
    const token = res.headers.get('set-auth-token');
    expect(token).toBeTruthy();
    const me = await t.call('profile-me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
  });

  it('signs in by magic link through the mailer', async () => {
    const email = 'magic@example.com';
    const send = await t.request('/auth/v1/sign-in/magic-link', json({ email, callbackURL: '/' }));
    expect(send.status).toBe(200);
    const mail = t.mails.find((m) => m.to === email);
    expect(mail).toBeDefined();
    const url = mail!.text.match(/https?:\/\/\S+/)![0];
    expect(url.startsWith('http://localhost:3000/auth/v1/magic-link/verify')).toBe(true);
    const verify = await t.request(url.replace('http://localhost:3000', ''));
    expect(verify.status).toBe(302);
    const me = await t.call('profile-me', { cookie: cookieFrom(verify) });
    expect(me.status).toBe(200);
    expect(me.json.credits).toBe(30);
  });

  it('grants admin to an ADMIN_EMAILS address only once it is verified, by a magic-link sign-in', async () => {
    // Anyone can sign up with any address: an unverified one must not make its holder admin.
    const res = await t.request('/auth/v1/sign-up/email', json({ email: 'Boss@Example.com', password: 'password-123', name: 'boss' }));
    expect(res.status).toBe(200);
    const unverified = cookieFrom(res);
    expect((await t.call('has-role', { cookie: unverified, body: { role: 'admin' } })).json).toEqual({ hasRole: false });
    expect((await t.call('profile-me', { cookie: unverified })).json.roles).toEqual([]);
    // Signing in with the password again proves nothing either.
    const again = await t.request('/auth/v1/sign-in/email', json({ email: 'boss@example.com', password: 'password-123' }));
    expect((await t.call('has-role', { cookie: cookieFrom(again), body: { role: 'admin' } })).json).toEqual({ hasRole: false });

    // The owner of the mailbox follows the link from the mail: now the address is verified.
    const boss = await t.signInByMagicLink('boss@example.com');
    expect((await t.call('has-role', { cookie: boss.cookie, body: { role: 'admin' } })).json).toEqual({ hasRole: true });
    expect((await t.call('has-role', { cookie: boss.cookie, body: { role: 'moderator' } })).json).toEqual({ hasRole: true });
    expect((await t.call('profile-me', { cookie: boss.cookie })).json.roles).toEqual(['admin']);
    // better-auth drops what the unverified account had accrued: the sign-up's session is gone.
    expect((await t.call('profile-me', { cookie: unverified })).status).toBe(401);
  });

  it('grants admin when an ADMIN_EMAILS address becomes verified later (a verification mail), to sessions begun after it', async () => {
    const res = await t.request('/auth/v1/sign-up/email', json({ email: 'chief@example.com', password: 'password-123', name: 'chief' }));
    const cookie = cookieFrom(res);
    const { user } = (await res.json()) as { user: { id: string } };
    expect((await t.call('has-role', { cookie, body: { role: 'admin' } })).json).toEqual({ hasRole: false });
    const ctx = await t.auth.$context;
    await ctx.internalAdapter.updateUser(user.id, { emailVerified: true });
    // The session from before the proof (whoever signed up) ends; one begun after it is admin.
    expect((await t.call('has-role', { cookie, body: { role: 'admin' } })).status).toBe(401);
    const signedIn = await t.request('/auth/v1/sign-in/email', json({ email: 'chief@example.com', password: 'password-123' }));
    expect((await t.call('has-role', { cookie: cookieFrom(signedIn), body: { role: 'admin' } })).json).toEqual({ hasRole: true });
  });

  it('answers has-role for a regular user, and 401 signed out', async () => {
    const u = await t.signUp();
    expect((await t.call('has-role', { cookie: u.cookie, body: { role: 'admin' } })).json).toEqual({ hasRole: false });
    expect((await t.call('has-role', { cookie: u.cookie, body: unchecked({ role: 'owner' }) })).status).toBe(400);
    expect((await t.call('has-role', { body: { role: 'admin' } })).status).toBe(401);
  });
});

describe('auth rate limiter', () => {
  it('limits sign-in attempts and keeps its counters in the database', async () => {
    const limited = await createTestApp({ AUTH_SIGNIN_RATE_LIMIT_MAX: '3', AUTH_RATE_LIMIT_WINDOW: '60' });
    try {
      const u = await limited.signUp('limit@example.com');
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await limited.request('/auth/v1/sign-in/email', json({ email: u.email, password: 'wrong password!' }));
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
      expect(statuses[3]).toBe(429);
      const rows = await limited.database.db.execute(sql`select count(*)::int as n from rate_limits`);
      expect(Number((rows as any).rows[0].n)).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
