import type { FunctionName } from '@curio/contract';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminAccountActions, passkeys, users, walletAddresses } from '../../db/schema';
import { cookieFrom, createTestApp, type TestApp } from '../../test/harness';

const ADMIN = 'chief@example.com';
let t: TestApp;
let admin: { cookie: string; userId: string };
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN });
  admin = await t.signInByMagicLink(ADMIN);
});
afterAll(() => t.close());

const asAdmin = (name: FunctionName, body: object) => t.call(name, { cookie: admin.cookie, body });
const me = (cookie: string) => t.call('profile-me', { cookie, body: {} });
const actionsOf = async (userId: string) =>
  (await t.database.db.select().from(adminAccountActions).where(eq(adminAccountActions.userId, userId))).map((a) => [a.action, a.actorId, a.note]);

/** Enrols an authenticator app through better-auth (enable, then verify a code made from the secret). */
async function enrolTotp(u: { cookie: string; password: string }) {
  const enable = await t.request('/auth/v1/two-factor/enable', { cookie: u.cookie, body: { password: u.password } });
  expect(enable.status).toBe(200);
  const { totpURI } = (await enable.json()) as { totpURI: string };
  const secret = new TextDecoder().decode(base32.decode(new URL(totpURI).searchParams.get('secret')!));
  const code = await createOTP(secret).totp();
  const verify = await t.request('/auth/v1/two-factor/verify-totp', { cookie: u.cookie, body: { code } });
  expect(verify.status).toBe(200);
  // Verifying issues a fresh session cookie.
  return cookieFrom(verify) || u.cookie;
}

/** Adds a passkey row as the passkey plugin stores one (the ceremony itself is tested in the browser). */
async function addPasskey(userId: string, name: string) {
  const id = `pk-${Math.random().toString(36).slice(2)}`;
  await t.database.db.insert(passkeys).values({
    id,
    name,
    userId,
    publicKey: 'pk',
    credentialID: `cred-${id}`,
    counter: 0,
    deviceType: 'singleDevice',
    backedUp: false,
    createdAt: new Date(),
  });
  return id;
}

describe('access', () => {
  const calls: [FunctionName, object][] = [
    ['admin-user-get', { userId: 'x' }],
    ['admin-user-factors-list', { userId: 'x' }],
    ['admin-user-factor-remove', { userId: 'x', factorId: 'y' }],
    ['admin-user-delete', { userId: 'x', confirm: 'x@example.com' }],
    ['admin-user-sign-in-link', { userId: 'x' }],
  ];
  it.each(calls)('%s is refused for guests (401), plain users and moderators (403)', async (name, body) => {
    expect((await t.call(name, { body })).status).toBe(401);
    const plain = await t.signUp();
    const r = await t.call(name, { cookie: plain.cookie, body });
    expect(r.status).toBe(403);
    expect(r.json.error.code).toBe('forbidden');
    await t.services.roles.grantByEmail(plain.email, 'moderator');
    expect((await t.call(name, { cookie: plain.cookie, body })).status).toBe(403);
  });

  it.each(calls)('%s answers 404 for an unknown user', async (name, body) => {
    const r = await asAdmin(name, { ...body, userId: 'nobody', confirm: 'nobody@example.com' });
    expect(r.status).toBe(404);
  });
});

describe('admin-user-get', () => {
  it('shows the account: address, verification, sessions, methods, factors, credits and items', async () => {
    const u = await t.onboardedUser(`detail${Date.now().toString(36).slice(-6)}`);
    await t.call('items-create', { cookie: u.cookie, body: { title: 'Robot', tags: '' } });
    const cookie = await enrolTotp(u);
    const passkeyId = await addPasskey(u.userId, 'Work laptop');
    await t.database.db.update(users).set({ phoneNumber: '+8613812345678', phoneNumberVerified: true }).where(eq(users.id, u.userId));
    await t.database.db
      .insert(walletAddresses)
      .values({ id: `w-${u.userId}`, userId: u.userId, address: '0x' + 'ab'.repeat(20), chainId: 1, createdAt: new Date() });

    const r = await asAdmin('admin-user-get', { userId: u.userId });
    expect(r.status).toBe(200);
    const d = r.json.user;
    expect(d).toMatchObject({
      id: u.userId,
      email: u.email,
      handle: u.handle,
      emailVerified: false,
      itemCount: 1,
      credits: 30,
      roles: [],
      tester: false,
      suspended: false,
      suspendedReason: null,
      deletionScheduledFor: null,
      twoFactorEnabled: true,
      signInMethods: { password: true, magicLink: true, passkeys: 1, wallets: [{ address: '0x' + 'ab'.repeat(20), chainId: 1 }], identities: [] },
    });
    expect(d.activeSessions).toBeGreaterThanOrEqual(1);
    expect(Date.parse(d.lastSignInAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(d.factors.map((f: { kind: string }) => f.kind)).toEqual(['totp', 'phone', 'webauthn']);
    expect(d.factors[1]).toMatchObject({ id: 'phone', name: '+86 ••• 5678', verified: true });
    expect(d.factors[2]).toMatchObject({ id: passkeyId, name: 'Work laptop', verified: true });
    expect(d.factors[0].verified).toBe(true);
    // The secret and recovery codes never leave the server.
    expect(JSON.stringify(r.json)).not.toMatch(/secret|backup/i);

    const list = await asAdmin('admin-user-factors-list', { userId: u.userId });
    expect(list.json.factors).toEqual(d.factors);
    expect((await me(cookie)).status).toBe(200);
  });

  it('shows when a deletion the person asked for takes effect, and nothing once a sign-in cancels it', async () => {
    const u = await t.signUp();
    const asked = Date.now();
    expect((await t.call('account-delete-request', { cookie: u.cookie, body: { password: u.password } })).status).toBe(200);
    const d = (await asAdmin('admin-user-get', { userId: u.userId })).json.user;
    const takesEffect = Date.parse(d.deletionScheduledFor);
    expect(takesEffect).toBeGreaterThanOrEqual(asked + 7 * 24 * 3600_000 - 60_000);
    expect(takesEffect).toBeLessThanOrEqual(Date.now() + 7 * 24 * 3600_000 + 60_000);
    expect((await t.request('/auth/v1/sign-in/email', { body: { email: u.email, password: u.password } })).status).toBe(200);
    expect((await asAdmin('admin-user-get', { userId: u.userId })).json.user.deletionScheduledFor).toBeNull();
  });

  it('shows a suspension with its reason and records it in the admin actions log', async () => {
    const u = await t.signUp();
    await asAdmin('admin-user-update', { userId: u.userId, suspended: true });
    const d = (await asAdmin('admin-user-get', { userId: u.userId })).json.user;
    expect(d).toMatchObject({ suspended: true, suspendedReason: 'Suspended by an admin', activeSessions: 0 });
    expect(d.actions).toMatchObject([{ action: 'suspend', actorEmail: ADMIN }]);
    await asAdmin('admin-user-update', { userId: u.userId, suspended: false });
    const again = (await asAdmin('admin-user-get', { userId: u.userId })).json.user;
    expect(again.actions.map((a: { action: string }) => a.action)).toEqual(['reactivate', 'suspend']);
    // Setting the same state again records nothing.
    await asAdmin('admin-user-update', { userId: u.userId, suspended: false });
    expect(await actionsOf(u.userId)).toHaveLength(2);
  });
});

describe('admin-user-factor-remove', () => {
  it('removing the last authenticator app turns two-step sign-in off, mails a notice and is recorded', async () => {
    const u = await t.signUp();
    await enrolTotp(u);
    const signIn = () => t.request('/auth/v1/sign-in/email', { body: { email: u.email, password: u.password } });
    // With the factor, a password sign-in asks for the second step.
    expect(((await (await signIn()).json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBe(true);

    const [factor] = (await asAdmin('admin-user-factors-list', { userId: u.userId })).json.factors;
    expect(factor.kind).toBe('totp');
    const r = await asAdmin('admin-user-factor-remove', { userId: u.userId, factorId: factor.id });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ factors: [], twoFactorEnabled: false });

    const after = await signIn();
    expect(after.status).toBe(200);
    expect(((await after.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBeUndefined();
    expect(cookieFrom(after)).toMatch(/session_token=/);

    const notice = t.mails.find((m) => m.to === u.email && /factor was removed/.test(m.subject))!;
    expect(notice.text).toContain('authenticator app');
    expect(notice.text).toContain('no longer asks for a second step');
    expect(await actionsOf(u.userId)).toEqual([['factor_remove', admin.userId, 'totp']]);

    // Gone: a second removal is a 404.
    expect((await asAdmin('admin-user-factor-remove', { userId: u.userId, factorId: factor.id })).status).toBe(404);
  });

  it('removes a passkey (only the one named) and keeps two-step sign-in while a verified factor is left', async () => {
    const u = await t.signUp();
    await enrolTotp(u);
    const a = await addPasskey(u.userId, 'Phone');
    const b = await addPasskey(u.userId, 'Laptop');
    const r = await asAdmin('admin-user-factor-remove', { userId: u.userId, factorId: a });
    expect(r.status).toBe(200);
    expect(r.json.twoFactorEnabled).toBe(true);
    expect(r.json.factors.map((f: { id: string }) => f.id)).toContain(b);
    expect(r.json.factors.map((f: { id: string }) => f.id)).not.toContain(a);
    expect(t.mails.find((m) => m.to === u.email && /factor was removed/.test(m.subject))!.text).toContain('passkey (“Phone”)');
    // Another user's factor id does not reach this user.
    const other = await t.signUp();
    expect((await asAdmin('admin-user-factor-remove', { userId: other.userId, factorId: b })).status).toBe(404);
    expect((await asAdmin('admin-user-factors-list', { userId: u.userId })).json.factors).toHaveLength(2);
  });

  it('removes the phone number', async () => {
    const u = await t.signUp();
    await t.database.db.update(users).set({ phoneNumber: '+15550001111', phoneNumberVerified: true, twoFactorEnabled: true }).where(eq(users.id, u.userId));
    const r = await asAdmin('admin-user-factor-remove', { userId: u.userId, factorId: 'phone' });
    expect(r.json).toEqual({ factors: [], twoFactorEnabled: false });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, u.userId));
    expect(row).toMatchObject({ phoneNumber: null, phoneNumberVerified: false, twoFactorEnabled: false });
  });
});

describe('admin-user-delete', () => {
  it('deletes the account at once: every session ends on its next request, and it is recorded', async () => {
    const u = await t.onboardedUser(`gone${Date.now().toString(36).slice(-6)}`);
    const item = await t.call('items-create', { cookie: u.cookie, body: { title: 'Robot', tags: '' } });
    const second = cookieFrom(await t.request('/auth/v1/sign-in/email', { body: { email: u.email, password: u.password } }));
    // Both sessions are warm in the session cache.
    expect((await me(u.cookie)).status).toBe(200);
    expect((await me(second)).status).toBe(200);

    const wrong = await asAdmin('admin-user-delete', { userId: u.userId, confirm: 'someone@example.com' });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error.fields.confirm).toBeTruthy();
    expect((await me(u.cookie)).status).toBe(200);

    const r = await asAdmin('admin-user-delete', { userId: u.userId, confirm: `  ${u.email.toUpperCase()} ` });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ deleted: true });
    expect((await me(u.cookie)).status).toBe(401);
    expect((await me(second)).status).toBe(401);
    expect(await (await t.request('/auth/v1/get-session', { cookie: u.cookie })).json()).toBeNull();
    expect((await asAdmin('admin-user-get', { userId: u.userId })).status).toBe(404);
    expect((await asAdmin('admin-users-list', { q: u.handle })).json.users).toEqual([]);
    // What they made goes with the account (the same deletion as their own, without the grace period).
    expect((await t.call('item-get', { cookie: admin.cookie, body: { itemId: item.json.item.id } })).status).toBe(404);
    const signIn = await t.request('/auth/v1/sign-in/email', { body: { email: u.email, password: u.password } });
    expect(signIn.status).toBe(401);
    // The record outlives the account.
    expect(await actionsOf(u.userId)).toEqual([['delete', admin.userId, `@${u.handle}`]]);
    expect(t.mails.find((m) => m.to === u.email && /was deleted/.test(m.subject))).toBeTruthy();
  });

  it('an admin cannot delete their own account here; another admin can be deleted while one remains', async () => {
    const self = await asAdmin('admin-user-delete', { userId: admin.userId, confirm: ADMIN });
    expect(self.status).toBe(409);
    expect(self.json.error.code).toBe('own_account');
    expect((await me(admin.cookie)).status).toBe(200);

    const other = await t.signUp();
    await asAdmin('admin-user-update', { userId: other.userId, roles: ['admin'] });
    const r = await asAdmin('admin-user-delete', { userId: other.userId, confirm: other.email });
    expect(r.status).toBe(200);
    expect(await t.services.roles.hasRole(other.userId, 'admin')).toBe(false);
  });

  it('needs the confirmation', async () => {
    const u = await t.signUp();
    const r = await asAdmin('admin-user-delete', { userId: u.userId, confirm: '   ' });
    expect(r.status).toBe(400);
    expect(r.json.error.fields.confirm).toBeTruthy();
  });
});

describe('admin-user-sign-in-link', () => {
  it('makes a link that signs the person in once, within 15 minutes; recorded, and the person is told', async () => {
    const u = await t.signUp();
    const before = Date.now();
    const r = await asAdmin('admin-user-sign-in-link', { userId: u.userId });
    expect(r.status).toBe(200);
    const expires = Date.parse(r.json.expiresAt);
    expect(expires - before).toBeGreaterThan(14 * 60_000);
    expect(expires - before).toBeLessThanOrEqual(15 * 60_000 + 5_000);
    const url = new URL(r.json.url);
    expect(url.origin).toBe(t.env.PUBLIC_URL);
    expect(url.pathname).toBe('/auth/v1/magic-link/verify');

    const first = await t.request(url.pathname + url.search);
    expect(first.status).toBe(302);
    const cookie = cookieFrom(first);
    const session = (await (await t.request('/auth/v1/get-session', { cookie })).json()) as { user: { id: string } };
    expect(session.user.id).toBe(u.userId);
    expect((await me(cookie)).status).toBe(200);

    // A second use is refused: back to the sign-in page, no session.
    const second = await t.request(url.pathname + url.search);
    expect(second.status).toBe(302);
    expect(second.headers.get('location')).toMatch(/\/login\?error=INVALID_TOKEN/);
    expect(second.headers.getSetCookie().some((c) => /session_token=[^;]/.test(c))).toBe(false);

    expect(await actionsOf(u.userId)).toEqual([['sign_in_link', admin.userId, '']]);
    const notice = t.mails.find((m) => m.to === u.email && /sign-in link was made/.test(m.subject))!;
    expect(notice.text).not.toContain(url.searchParams.get('token')!);
  });

  it('an expired link does not sign in', async () => {
    const u = await t.signUp();
    const r = await asAdmin('admin-user-sign-in-link', { userId: u.userId });
    const url = new URL(r.json.url);
    const ctx = await t.auth.$context;
    await ctx.internalAdapter.updateVerificationByIdentifier(`magic-link:${url.searchParams.get('token')}`, { expiresAt: new Date(Date.now() - 1000) });
    const res = await t.request(url.pathname + url.search);
    expect(res.headers.get('location')).toMatch(/error=INVALID_TOKEN/);
  });

  it('is refused for a suspended account', async () => {
    const u = await t.signUp();
    await asAdmin('admin-user-update', { userId: u.userId, suspended: true });
    const r = await asAdmin('admin-user-sign-in-link', { userId: u.userId });
    expect(r.status).toBe(409);
    expect(r.json.error.code).toBe('user_suspended');
  });
});
