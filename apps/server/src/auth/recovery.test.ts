import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, createTestApp, TEST_ORIGIN, type TestApp } from '../test/harness';
import { authLogger } from './auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const linkIn = (text: string | undefined) => text?.match(/https?:\/\/\S+/)?.[0] ?? null;
const mailsTo = (email: string) => t.mails.filter((m) => m.to === email);

// A browser that has been on the site before sends cookies; better-auth checks the origin only then.
const BROWSER_COOKIE = 'curio-consent=accepted';

async function signIn(email: string, password: string, origin = TEST_ORIGIN) {
  const res = await t.request('/auth/v1/sign-in/email', { body: { email, password }, headers: { origin }, cookie: BROWSER_COOKIE });
  return { status: res.status, json: (await res.json()) as { code?: string }, cookie: cookieFrom(res) };
}

async function session(cookie: string) {
  const res = await t.request('/auth/v1/get-session', { cookie });
  return (await res.json()) as { user: { id: string; emailVerified: boolean } } | null;
}

/** Asks for a reset link and returns the token from the mail (the link goes to the web page). */
async function resetToken(email: string) {
  const before = mailsTo(email).length;
  const res = await t.request('/auth/v1/request-password-reset', { body: { email } });
  expect(res.status).toBe(200);
  const mails = mailsTo(email);
  expect(mails.length).toBe(before + 1);
  const url = new URL(linkIn(mails[0]!.text)!);
  expect(`${url.origin}${url.pathname}`).toBe(`${TEST_ORIGIN}/reset-password`);
  return { token: url.searchParams.get('token')!, mail: mails[0]! };
}

describe('address verification at sign-up', () => {
  it('mails a bilingual confirmation link; the app works before it is followed, and following it verifies the address', async () => {
    const u = await t.signUp('verify-me@example.com');
    const mail = mailsTo(u.email)[0];
    expect(mail?.subject).toMatch(/Confirm your address/);
    expect(mail?.text).toMatch(/确认邮箱/);
    // Signed in meanwhile, unverified; a password sign-in works too.
    expect((await session(u.cookie))?.user.emailVerified).toBe(false);
    expect((await signIn(u.email, u.password)).status).toBe(200);

    const url = linkIn(mail!.text)!;
    expect(url.startsWith(`${TEST_ORIGIN}/auth/v1/verify-email?token=`)).toBe(true);
    const verify = await t.request(url.replace(TEST_ORIGIN, ''));
    expect(verify.status).toBe(302);
    expect((await session(u.cookie))?.user.emailVerified).toBe(true);
  });

  it('a verified account keeps its password through a later sign-in by link', async () => {
    const u = await t.signUp('verified-then-link@example.com');
    await t.request(linkIn(mailsTo(u.email)[0]!.text)!.replace(TEST_ORIGIN, ''));
    await t.signInByMagicLink(u.email);
    expect((await signIn(u.email, u.password)).status).toBe(200);
    expect(mailsTo(u.email).some((m) => /Set a password/.test(m.subject))).toBe(false);
  });
});

describe('a password dropped by a sign-in link is never lost silently', () => {
  it('mails the owner a link to set a password; the reset sets it, verifies the address and survives the next link', async () => {
    const u = await t.signUp('dropped@example.com');
    // Signing in by link before confirming the address: better-auth drops the unproven password.
    await t.signInByMagicLink(u.email);
    const refused = await signIn(u.email, u.password);
    expect(refused.status).toBe(401);
    expect(refused.json.code).toBe('INVALID_EMAIL_OR_PASSWORD');

    // The owner is told at once, by mail, with a link to set a new one.
    const notice = mailsTo(u.email).find((m) => /Set a password/.test(m.subject));
    expect(notice).toBeDefined();
    expect(notice!.text).toMatch(/has no password at the moment/);
    expect(notice!.text).toMatch(/目前没有密码/);

    // A reset asked for from the sign-in form says the same (the account has no password now).
    const { token, mail } = await resetToken(u.email);
    expect(mail.subject).toMatch(/Set a password/);
    const reset = await t.request('/auth/v1/reset-password', { body: { token, newPassword: 'a brand new secret' } });
    expect(reset.status).toBe(200);
    const signedIn = await signIn(u.email, 'a brand new secret');
    expect(signedIn.status).toBe(200);
    expect((await session(signedIn.cookie))?.user.emailVerified).toBe(true);

    // The address is proven now: another sign-in by link leaves the password alone.
    await t.signInByMagicLink(u.email);
    expect((await signIn(u.email, 'a brand new secret')).status).toBe(200);
  });

  it('a reset link is single-use, refuses a bad token with INVALID_TOKEN and signs out every other session', async () => {
    const u = await t.signUp('reset-me@example.com');
    const { token, mail } = await resetToken(u.email);
    expect(mail.subject).toMatch(/Reset your/);
    expect(mail.text).toMatch(/重置/);
    expect((await t.request('/auth/v1/reset-password', { body: { token: 'not-a-token', newPassword: 'another secret' } })).status).toBe(400);
    expect((await t.request('/auth/v1/reset-password', { body: { token, newPassword: 'another secret' } })).status).toBe(200);
    const again = await t.request('/auth/v1/reset-password', { body: { token, newPassword: 'third secret!!' } });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { code: string }).code).toBe('INVALID_TOKEN');
    // The session from before the reset has ended; the old password is gone.
    expect(await session(u.cookie)).toBeNull();
    expect((await signIn(u.email, u.password)).status).toBe(401);
    expect((await signIn(u.email, 'another secret')).status).toBe(200);
  });

  it('answers a reset request for an unknown address exactly as for a known one, and mails nobody', async () => {
    await t.signUp('known@example.com');
    const known = await t.request('/auth/v1/request-password-reset', { body: { email: 'known@example.com' } });
    const count = t.mails.length;
    const unknown = await t.request('/auth/v1/request-password-reset', { body: { email: 'nobody-here@example.com' } });
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    expect(t.mails.length).toBe(count);
  });
});

// Sign-up with an address that has an account answers as for a new one: account-email.test.ts.

describe('origins', () => {
  it('signs in from http://127.0.0.1 as well as localhost (NODE_ENV=test)', async () => {
    const u = await t.signUp();
    expect((await signIn(u.email, u.password, 'http://127.0.0.1:3000')).status).toBe(200);
    expect((await signIn(u.email, u.password, 'http://localhost:3000')).status).toBe(200);
  });

  it('signs in from http://127.0.0.1 in production when PUBLIC_URL is http://localhost (npm start)', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000', PORT: '3000' });
    try {
      const u = await prod.signUp();
      const res = await prod.request('/auth/v1/sign-in/email', {
        body: { email: u.email, password: u.password },
        headers: { origin: 'http://127.0.0.1:3000' },
        cookie: BROWSER_COOKIE,
      });
      expect(res.status).toBe(200);
      const refused = await prod.request('/auth/v1/sign-in/email', {
        body: { email: u.email, password: u.password },
        headers: { origin: 'http://127.0.0.1:4000' },
        cookie: BROWSER_COOKIE,
      });
      expect(refused.status).toBe(403);
    } finally {
      await prod.close();
    }
  });

  it('refuses an untrusted origin with INVALID_ORIGIN, which the web translates', async () => {
    const u = await t.signUp();
    const res = await signIn(u.email, u.password, 'https://evil.example');
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('INVALID_ORIGIN');
  });

  it("logs better-auth's refusal as one warning naming the origin and the trusted ones", () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const log = authLogger(pino({ level: 'info' }, sink), ['http://localhost:3000']);
    log.log('error', 'Invalid origin: http://192.168.1.5:3000');
    log.log('info', "If it's a valid URL, please add http://192.168.1.5:3000 to trustedOrigins in your auth config\n", 'Current list…');
    log.log('warn', 'Invalid password');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 40, origin: 'http://192.168.1.5:3000', trustedOrigins: ['http://localhost:3000'] });
    expect(String(lines[0]!.msg)).toMatch(/origin is not trusted/);
    expect(lines[1]).toMatchObject({ level: 40, msg: 'auth: Invalid password' });
  });
});
