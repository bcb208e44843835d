import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles } from '../db/schema';
import { cookieFrom, createTestApp, TEST_ORIGIN, type TestApp } from '../test/harness';
import { JWT_UNVERIFIED_CODE } from './plugins/oauth';

/**
 * A bearer JWT names its session (sid) and holds only while that session lives; no JWT for an
 * unverified account; a role from ADMIN_EMAILS reaches only sessions begun after the address was proven.
 */
const OWNER = 'owner@x.test';
const OWNER_BY_CONFIRMATION = 'owner-confirms@x.test';
const LISTED_LATER = 'listed-later@x.test';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: [OWNER, OWNER_BY_CONFIRMATION, LISTED_LATER].join(',') });
});
afterAll(() => t.close());

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
const linkIn = (text: string | undefined) => text?.match(/https?:\/\/\S+/)?.[0] ?? null;

async function jwtOf(cookie: string) {
  const res = await t.request('/auth/v1/token', { cookie });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function sessionIdOf(cookie: string) {
  const found = (await (await t.request('/auth/v1/get-session', { cookie })).json()) as { session: { id: string } } | null;
  return found!.session.id;
}

/** A JWT signed with the site's keys for a session, as one taken before the account was proven would be. */
async function jwtForSession(userId: string, sessionId: string) {
  return (await t.auth.api.signJWT({ body: { payload: { sub: userId, sid: sessionId } } })).token;
}

const isAdmin = async (auth: { cookie?: string; headers?: Record<string, string> }) => t.call('has-role', { ...auth, body: { role: 'admin' } });

/** Signs up with a password and opens the confirmation link mailed on sign-up: verified, still signed in. */
async function verifiedWithPassword() {
  const u = await t.signUp();
  const link = linkIn(t.mails.find((m) => m.to === u.email)?.text);
  expect(link).not.toBeNull();
  expect((await t.request(link!.replace(TEST_ORIGIN, ''))).status).toBeLessThan(400);
  return u;
}

async function signIn(email: string, password: string) {
  const res = await t.request('/auth/v1/sign-in/email', { body: { email, password } });
  expect(res.status).toBe(200);
  return cookieFrom(res);
}

/** A JWT that works (and is kept in memory by the function router) before `act`, refused at once after. */
async function expectEndedBy(token: string, act: () => Promise<void>) {
  expect((await t.call('notifications-unseen-count', bearer(token))).status).toBe(200);
  await act();
  const after = await t.call('notifications-unseen-count', bearer(token));
  expect(after.status).toBe(401);
  expect(after.json).toMatchObject({ error: { code: expect.any(String) } });
}

describe('admin takeover through a pre-registration', () => {
  it('gives the pre-registration no JWT, and once the owner signs in by link nothing it held is admin', async () => {
    // The attacker signs up with the admin's address (unverified) and asks for a JWT: refused.
    const attacker = await t.signUp(OWNER, 'attacker password 1');
    const refused = await t.request('/auth/v1/token', { cookie: attacker.cookie });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: JWT_UNVERIFIED_CODE });
    // Nor does the session answer carry one.
    expect((await t.request('/auth/v1/get-session', { cookie: attacker.cookie })).headers.get('set-auth-jwt')).toBeNull();
    // A token for the pre-registration's session (as one taken before would be) and a second account.
    const kept = await jwtForSession(attacker.userId, await sessionIdOf(attacker.cookie));
    const second = await t.signUp();

    // The owner signs in by link: the account is verified and becomes admin.
    const owner = await t.signInByMagicLink(OWNER);
    expect(owner.userId).toBe(attacker.userId);
    expect((await isAdmin({ cookie: owner.cookie })).json).toEqual({ hasRole: true });

    // Nothing the attacker kept answers as the admin.
    expect((await isAdmin(bearer(kept))).status).toBe(401);
    expect((await isAdmin({ cookie: attacker.cookie })).status).toBe(401);
    expect((await t.call('admin-user-update', { ...bearer(kept), body: { userId: second.userId, roles: ['admin'] } })).status).toBe(401);
    expect((await isAdmin({ cookie: second.cookie })).json).toEqual({ hasRole: false });
    // The owner's own JWT works.
    expect((await isAdmin(bearer(await jwtOf(owner.cookie)))).json).toEqual({ hasRole: true });
  });

  it('ends the pre-registration’s sessions when the owner opens the sign-up confirmation link instead', async () => {
    const attacker = await t.signUp(OWNER_BY_CONFIRMATION, 'attacker password 2');
    const kept = await jwtForSession(attacker.userId, await sessionIdOf(attacker.cookie));
    const link = linkIn(t.mails.find((m) => m.to === OWNER_BY_CONFIRMATION)?.text);
    expect((await t.request(link!.replace(TEST_ORIGIN, ''))).status).toBeLessThan(400);

    expect((await isAdmin({ cookie: attacker.cookie })).status).toBe(401);
    expect((await isAdmin(bearer(kept))).status).toBe(401);
    // The owner signs in after the proof and is admin.
    const owner = await t.signInByMagicLink(OWNER_BY_CONFIRMATION);
    expect((await isAdmin({ cookie: owner.cookie })).json).toEqual({ hasRole: true });
  });

  it('grants a verified account listed later at its next sign-in, ending only the sessions begun before', async () => {
    const first = await t.signInByMagicLink(LISTED_LATER);
    // As if the address were listed only now: the account has no role yet.
    await t.database.db.delete(userRoles).where(eq(userRoles.userId, first.userId));
    const earlier = await jwtOf(first.cookie);
    expect((await isAdmin(bearer(earlier))).json).toEqual({ hasRole: false });

    const next = await t.signInByMagicLink(LISTED_LATER);
    expect((await isAdmin({ cookie: next.cookie })).json).toEqual({ hasRole: true });
    expect((await isAdmin({ cookie: first.cookie })).status).toBe(401);
    expect((await isAdmin(bearer(earlier))).status).toBe(401);
  });
});

describe('a JWT ends with its session', () => {
  it('at sign-out', async () => {
    const u = await t.signInByMagicLink();
    const token = await jwtOf(u.cookie);
    await expectEndedBy(token, async () => {
      expect((await t.request('/auth/v1/sign-out', { cookie: u.cookie, body: {} })).status).toBe(200);
    });
  });

  it('at a password change that signs out the other sessions', async () => {
    const u = await verifiedWithPassword();
    const token = await jwtOf(u.cookie);
    const here = await signIn(u.email, u.password);
    await expectEndedBy(token, async () => {
      const changed = await t.request('/auth/v1/change-password', {
        cookie: here,
        body: { currentPassword: u.password, newPassword: 'another horse battery', revokeOtherSessions: true },
      });
      expect(changed.status).toBe(200);
    });
  });

  it('at a password reset', async () => {
    const u = await verifiedWithPassword();
    const token = await jwtOf(u.cookie);
    await expectEndedBy(token, async () => {
      expect((await t.request('/auth/v1/request-password-reset', { body: { email: u.email } })).status).toBe(200);
      const url = new URL(linkIn(t.mails.find((m) => m.to === u.email && m.text.includes('/reset-password'))?.text)!);
      const reset = await t.request('/auth/v1/reset-password', { body: { newPassword: 'a fresh horse battery', token: url.searchParams.get('token') } });
      expect(reset.status).toBe(200);
    });
  });

  it('at an account deletion request', async () => {
    const u = await verifiedWithPassword();
    const token = await jwtOf(u.cookie);
    await expectEndedBy(token, async () => {
      expect((await t.call('account-delete-request', { cookie: u.cookie, body: { password: u.password } })).status).toBe(200);
    });
  });
});
