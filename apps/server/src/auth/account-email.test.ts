import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifications } from '../db/schema';
import { cookieFrom, createTestApp, TEST_ORIGIN, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BROWSER_COOKIE = 'curio-consent=accepted';
const linkIn = (text: string | undefined) => text?.match(/https?:\/\/\S+/)?.[0] ?? null;
const mailsTo = (email: string) => t.mails.filter((m) => m.to === email);
const codeIn = (text: string | undefined) => text?.match(/\b(\d{6})\b/)?.[1] ?? null;

async function signIn(email: string, password: string) {
  const res = await t.request('/auth/v1/sign-in/email', { body: { email, password }, cookie: BROWSER_COOKIE });
  return { status: res.status, cookie: cookieFrom(res), json: (await res.json()) as { code?: string } };
}
async function session(cookie: string) {
  return (await (await t.request('/auth/v1/get-session', { cookie })).json()) as { user: { id: string; email: string; emailVerified: boolean } } | null;
}

describe('password change', () => {
  it('needs the current password, ends every other session at once (cached ones too) and keeps this one', async () => {
    const u = await t.signUp();
    const other = await signIn(u.email, u.password);
    expect((await t.call('settings-get', { cookie: other.cookie })).status).toBe(200); // cached now

    const wrong = await t.request('/auth/v1/change-password', {
      cookie: u.cookie,
      body: { currentPassword: 'not it at all', newPassword: 'a new secret 123', revokeOtherSessions: true },
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { code: string }).code).toBe('INVALID_PASSWORD');

    const res = await t.request('/auth/v1/change-password', {
      cookie: u.cookie,
      body: { currentPassword: u.password, newPassword: 'a new secret 123', revokeOtherSessions: true },
    });
    expect(res.status).toBe(200);
    const mine = cookieFrom(res); // this browser gets a fresh session
    expect((await t.call('settings-get', { cookie: mine })).status).toBe(200);
    expect((await t.call('settings-get', { cookie: other.cookie })).status).toBe(401);
    expect(await session(other.cookie)).toBeNull();
    expect((await signIn(u.email, u.password)).status).toBe(401);
    expect((await signIn(u.email, 'a new secret 123')).status).toBe(200);
  });

  it('an account without a password (signed up by link) has no credential; a reset mail sets one', async () => {
    const u = await t.signInByMagicLink();
    const accounts = (await (await t.request('/auth/v1/list-accounts', { cookie: u.cookie })).json()) as Array<{ providerId: string }>;
    expect(accounts.some((a) => a.providerId === 'credential')).toBe(false);
    const res = await t.request('/auth/v1/change-password', {
      cookie: u.cookie,
      body: { currentPassword: 'anything at all', newPassword: 'a new secret 123' },
    });
    expect(res.status).toBe(400);
    // The section offers the reset mail instead, which says the account has no password yet.
    expect((await t.request('/auth/v1/request-password-reset', { body: { email: u.email } })).status).toBe(200);
    const mail = mailsTo(u.email).find((m) => /Set a password/.test(m.subject));
    expect(mail?.text).toMatch(/has no password at the moment/);
  });
});

describe('address verification, resent', () => {
  it('mails a new confirmation link to the signed-in person’s unverified address', async () => {
    const u = await t.signUp();
    const before = mailsTo(u.email).length;
    const res = await t.request('/auth/v1/send-verification-email', { cookie: u.cookie, body: { email: u.email, callbackURL: '/settings/account' } });
    expect(res.status).toBe(200);
    const mails = mailsTo(u.email);
    expect(mails.length).toBe(before + 1);
    expect(mails[0]!.subject).toMatch(/Confirm your address/);
    const url = linkIn(mails[0]!.text)!;
    expect((await t.request(url.replace(TEST_ORIGIN, ''))).status).toBe(302);
    expect((await session(u.cookie))?.user.emailVerified).toBe(true);
  });
});

describe('address change', () => {
  it('mails a link to the new address and a notice to the old; the address changes only when the link is opened', async () => {
    const u = await t.signUp();
    const newEmail = `moved${Date.now()}@example.com`;
    const res = await t.request('/auth/v1/change-email', { cookie: u.cookie, body: { newEmail, callbackURL: '/settings/account?emailChanged=1' } });
    expect(res.status).toBe(200);

    const confirm = mailsTo(newEmail)[0];
    expect(confirm?.subject).toMatch(/Confirm your new address/);
    expect(confirm?.text).toMatch(/新邮箱|改为此地址/);
    const notice = mailsTo(u.email).find((m) => /about to change/.test(m.subject));
    expect(notice?.text).toContain(newEmail);
    expect(notice?.text).not.toContain('/verify-email'); // the old address never gets the link
    // Nothing changed yet.
    expect((await session(u.cookie))?.user.email).toBe(u.email);

    const open = await t.request(linkIn(confirm!.text)!.replace(TEST_ORIGIN, ''), { cookie: u.cookie });
    expect(open.status).toBe(302);
    expect(open.headers.get('location')).toContain('/settings/account?emailChanged=1');
    const after = await session(u.cookie);
    expect(after?.user.email).toBe(newEmail);
    expect(after?.user.emailVerified).toBe(true);
    expect((await signIn(newEmail, u.password)).status).toBe(200);
    expect((await signIn(u.email, u.password)).status).toBe(401);
  });

  it('an address that has an account answers alike and mails nobody', async () => {
    const u = await t.signUp();
    const taken = await t.signUp();
    const count = t.mails.length;
    const res = await t.request('/auth/v1/change-email', { cookie: u.cookie, body: { newEmail: taken.email } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: true });
    expect(t.mails.length).toBe(count);
  });
});

describe('sign-in with a code by mail', () => {
  async function sendCode(email: string) {
    const res = await t.request('/auth/v1/email-otp/send-verification-otp', { body: { email, type: 'sign-in' } });
    expect(res.status).toBe(200);
    const mail = mailsTo(email)[0]!;
    return { mail, code: codeIn(mail.subject)! };
  }

  it('mails a six-digit code that signs in once', async () => {
    const u = await t.signUp();
    const { mail, code } = await sendCode(u.email);
    expect(mail.subject).toMatch(/sign-in code/);
    expect(mail.text).toMatch(/登录验证码/);
    const res = await t.request('/auth/v1/sign-in/email-otp', { body: { email: u.email, otp: code }, cookie: BROWSER_COOKIE });
    expect(res.status).toBe(200);
    expect((await session(cookieFrom(res)))?.user.id).toBe(u.userId);
    const again = await t.request('/auth/v1/sign-in/email-otp', { body: { email: u.email, otp: code } });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { code: string }).code).toBe('INVALID_OTP');
  });

  it('a wrong code is INVALID_OTP; five wrong tries spend the code (TOO_MANY_ATTEMPTS); an old one is OTP_EXPIRED', async () => {
    const u = await t.signUp();
    const { code } = await sendCode(u.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await t.request('/auth/v1/sign-in/email-otp', { body: { email: u.email, otp: wrong } });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('INVALID_OTP');
    }
    const spent = await t.request('/auth/v1/sign-in/email-otp', { body: { email: u.email, otp: code } });
    expect(spent.status).toBe(403);
    expect(((await spent.json()) as { code: string }).code).toBe('TOO_MANY_ATTEMPTS');

    const fresh = await sendCode(u.email);
    await t.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `sign-in-otp-${u.email}`));
    const expired = await t.request('/auth/v1/sign-in/email-otp', { body: { email: u.email, otp: fresh.code } });
    expect(expired.status).toBe(400);
    expect(((await expired.json()) as { code: string }).code).toBe('OTP_EXPIRED');
  });

  it('asking for a code and entering one are rate-limited like a sign-in', async () => {
    const strict = await createTestApp({ AUTH_SIGNIN_RATE_LIMIT_MAX: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await strict.request('/auth/v1/email-otp/send-verification-otp', { body: { email: 'limited@example.com', type: 'sign-in' } })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const tries: number[] = [];
      for (let i = 0; i < 4; i++)
        tries.push((await strict.request('/auth/v1/sign-in/email-otp', { body: { email: 'limited@example.com', otp: '123456' } })).status);
      expect(tries.slice(0, 3).every((s) => s === 400 || s === 403)).toBe(true);
      expect(tries[3]).toBe(429);
    } finally {
      await strict.close();
    }
  });
});

describe('sign-up with an address that has an account (no enumeration)', () => {
  it('answers as for a new address (200, the same body shape) and mails the owner instead', async () => {
    const owner = await t.signUp(`owner${Date.now()}@example.com`);
    const count = mailsTo(owner.email).length;
    const taken = await t.request('/auth/v1/sign-up/email', { body: { email: owner.email, password: 'someone else 123', name: 'x' } });
    const fresh = await t.request('/auth/v1/sign-up/email', { body: { email: `fresh${Date.now()}@example.com`, password: 'someone else 123', name: 'x' } });
    expect(taken.status).toBe(200);
    expect(fresh.status).toBe(200);
    const a = (await taken.json()) as { token: unknown; user: Record<string, unknown> };
    const b = (await fresh.json()) as { token: unknown; user: Record<string, unknown> };
    expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
    expect(Object.keys(a.user).sort()).toEqual(Object.keys(b.user).sort());
    for (const key of Object.keys(b.user)) expect(typeof a.user[key], key).toBe(typeof b.user[key]);
    // Nothing of the owner's account is told (its id, name, dates), and no session is made for it.
    expect(a.user.id).not.toBe(owner.userId);
    expect(a.user.emailVerified).toBe(false);
    expect(a.token).toBeNull();
    expect(cookieFrom(taken)).toBe('');

    const mails = mailsTo(owner.email);
    expect(mails.length).toBe(count + 1);
    expect(mails[0]!.subject).toMatch(/tried to sign up/);
    expect(mails[0]!.text).toMatch(/reset it/);
    expect(mails[0]!.text).toMatch(/重置/);
    // The owner's password is untouched.
    expect((await signIn(owner.email, owner.password)).status).toBe(200);
  });

  it('a request refused for a new address is refused alike for a taken one (a short password)', async () => {
    const owner = await t.signUp();
    const taken = await t.request('/auth/v1/sign-up/email', { body: { email: owner.email, password: 'short', name: 'x' } });
    const fresh = await t.request('/auth/v1/sign-up/email', { body: { email: `new${Date.now()}@example.com`, password: 'short', name: 'x' } });
    expect(taken.status).toBe(400);
    expect(await taken.json()).toEqual(await fresh.json());
  });
});
