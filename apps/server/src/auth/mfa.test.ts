import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsOutbox } from '../db/schema';
import { cookieFrom, createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const BROWSER_COOKIE = 'curio-consent=accepted';

/** The raw secret behind a TOTP URI (the URI carries it in base32). */
const secretOf = (totpURI: string) => new TextDecoder().decode(base32.decode(new URL(totpURI).searchParams.get('secret')!));
const totp = (secret: string) => createOTP(secret, { digits: 6, period: 30 }).totp();

async function post(app: TestApp, path: string, body: unknown, cookie?: string) {
  const res = await app.request(`/auth/v1${path}`, { body, cookie: [BROWSER_COOKIE, cookie].filter(Boolean).join('; ') });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as any, cookie: cookieFrom(res), res };
}

/** Merges the cookies a response set into a cookie header (later values win). */
function merge(cookie: string, next: string) {
  const jar = new Map<string, string>();
  for (const part of [...cookie.split('; '), ...next.split('; ')]) {
    if (!part) continue;
    const [name, ...rest] = part.split('=');
    jar.set(name!, rest.join('='));
  }
  return [...jar]
    .filter(([, v]) => v !== '')
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
}

async function sessionUser(app: TestApp, cookie: string) {
  const res = await app.request('/auth/v1/get-session', { cookie });
  return ((await res.json()) as { user: { id: string; twoFactorEnabled?: boolean } } | null)?.user ?? null;
}

/** Signs up and enrols an authenticator app; returns the person's cookie, secret and recovery codes. */
async function enrolled(app: TestApp) {
  const u = await app.signUp();
  const enable = await post(app, '/two-factor/enable', { password: u.password }, u.cookie);
  expect(enable.status).toBe(200);
  const secret = secretOf(enable.json.totpURI);
  const verify = await post(app, '/two-factor/verify-totp', { code: await totp(secret) }, u.cookie);
  expect(verify.status).toBe(200);
  return { ...u, cookie: merge(u.cookie, verify.cookie), secret, backupCodes: enable.json.backupCodes as string[] };
}

/** The password step of a sign-in; returns the challenge cookie when a second step is asked. */
async function passwordStep(app: TestApp, email: string, password: string, cookie = '') {
  return post(app, '/sign-in/email', { email, password }, cookie);
}

async function latestSms(app: TestApp) {
  const [row] = await app.database.db.select().from(smsOutbox).orderBy(desc(smsOutbox.createdAt)).limit(1);
  return row ?? null;
}
const codeIn = (text: string) => text.match(/\b(\d{6})\b/)?.[1] ?? null;

describe('TOTP enrolment', () => {
  it('asks for the password, gives a QR URI and ten recovery codes, and turns on only after a code from the app', async () => {
    const u = await t.signUp();
    expect((await post(t, '/two-factor/enable', { password: 'wrong password!' }, u.cookie)).json.code).toBe('INVALID_PASSWORD');

    const enable = await post(t, '/two-factor/enable', { password: u.password }, u.cookie);
    expect(enable.status).toBe(200);
    expect(enable.json.totpURI).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=[A-Z2-7]+/);
    expect(enable.json.backupCodes).toHaveLength(10);
    expect(new Set(enable.json.backupCodes).size).toBe(10);

    // Not on yet: an unverified factor does not change sign-in.
    let status = await t.call('account-mfa-get', { cookie: u.cookie });
    expect(status.json).toMatchObject({ enabled: false, totp: { verified: false, name: null } });

    const secret = secretOf(enable.json.totpURI);
    expect((await post(t, '/two-factor/verify-totp', { code: '000000' === (await totp(secret)) ? '111111' : '000000' }, u.cookie)).json.code).toBe(
      'INVALID_CODE',
    );
    const verify = await post(t, '/two-factor/verify-totp', { code: await totp(secret) }, u.cookie);
    expect(verify.status).toBe(200);
    const cookie = merge(u.cookie, verify.cookie);
    expect((await sessionUser(t, cookie))?.twoFactorEnabled).toBe(true);

    status = await t.call('account-mfa-get', { cookie });
    expect(status.json).toMatchObject({ enabled: true, totp: { verified: true }, hasPassword: true });
  });

  it('names the factor and renames it; the name is checked like any text', async () => {
    const u = await enrolled(t);
    const named = await t.call('account-mfa-rename', { cookie: u.cookie, body: { name: '  Phone authenticator ' } });
    expect(named.status).toBe(200);
    expect(named.json.totp.name).toBe('Phone authenticator');
    expect((await t.call('account-mfa-rename', { cookie: u.cookie, body: { name: '' } })).status).toBe(400);
    expect((await t.call('account-mfa-rename', { cookie: u.cookie, body: { name: 'x'.repeat(61) } })).status).toBe(400);
    const other = await t.signUp();
    expect((await t.call('account-mfa-rename', { cookie: other.cookie, body: { name: 'Mine' } })).status).toBe(404);
  });
});

describe('sign-in with a second factor', () => {
  it('asks for a code after the password, gives no session until it is right, then signs in', async () => {
    const u = await enrolled(t);
    const step = await passwordStep(t, u.email, u.password);
    expect(step.status).toBe(200);
    expect(step.json).toMatchObject({ twoFactorRedirect: true });
    expect(step.json.twoFactorMethods).toContain('totp');
    expect(await sessionUser(t, step.cookie)).toBeNull();

    const wrong = await post(t, '/two-factor/verify-totp', { code: '12345a' }, step.cookie);
    expect(wrong.status).toBe(401);
    expect(wrong.json.code).toBe('INVALID_CODE');

    const ok = await post(t, '/two-factor/verify-totp', { code: await totp(u.secret) }, step.cookie);
    expect(ok.status).toBe(200);
    expect((await sessionUser(t, merge(step.cookie, ok.cookie)))?.id).toBe(u.userId);
  });

  it('accepts a recovery code once', async () => {
    const u = await enrolled(t);
    const code = u.backupCodes[3]!;
    const first = await passwordStep(t, u.email, u.password);
    const used = await post(t, '/two-factor/verify-backup-code', { code }, first.cookie);
    expect(used.status).toBe(200);
    expect((await sessionUser(t, merge(first.cookie, used.cookie)))?.id).toBe(u.userId);

    const second = await passwordStep(t, u.email, u.password);
    const again = await post(t, '/two-factor/verify-backup-code', { code }, second.cookie);
    expect(again.status).toBe(401);
    expect(again.json.code).toBe('INVALID_BACKUP_CODE');
    // Another of the ten still works.
    expect((await post(t, '/two-factor/verify-backup-code', { code: u.backupCodes[4]! }, second.cookie)).status).toBe(200);
  });

  it('new recovery codes (password confirmed) replace the old ones', async () => {
    const u = await enrolled(t);
    const fresh = await post(t, '/two-factor/generate-backup-codes', { password: u.password }, u.cookie);
    expect(fresh.status).toBe(200);
    expect(fresh.json.backupCodes).toHaveLength(10);
    const step = await passwordStep(t, u.email, u.password);
    expect((await post(t, '/two-factor/verify-backup-code', { code: u.backupCodes[0]! }, step.cookie)).status).toBe(401);
    expect((await post(t, '/two-factor/verify-backup-code', { code: fresh.json.backupCodes[0] }, step.cookie)).status).toBe(200);
  });

  it('ends a challenge after five wrong codes, and locks the factor after ten wrong codes in a row', async () => {
    const u = await enrolled(t);
    const step = await passwordStep(t, u.email, u.password);
    for (let i = 0; i < 5; i++) expect((await post(t, '/two-factor/verify-totp', { code: 'abcdef' }, step.cookie)).json.code).toBe('INVALID_CODE');
    const sixth = await post(t, '/two-factor/verify-totp', { code: await totp(u.secret) }, step.cookie);
    expect(sixth.json.code).toBe('TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE');

    const next = await passwordStep(t, u.email, u.password);
    for (let i = 0; i < 5; i++) await post(t, '/two-factor/verify-totp', { code: 'abcdef' }, next.cookie);
    const locked = await passwordStep(t, u.email, u.password);
    const refused = await post(t, '/two-factor/verify-totp', { code: await totp(u.secret) }, locked.cookie);
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe('ACCOUNT_TEMPORARILY_LOCKED');
  });

  it('trusting the device skips the second step on the next sign-in there', async () => {
    const u = await enrolled(t);
    const step = await passwordStep(t, u.email, u.password);
    const ok = await post(t, '/two-factor/verify-totp', { code: await totp(u.secret), trustDevice: true }, step.cookie);
    expect(ok.status).toBe(200);
    const device = merge(step.cookie, ok.cookie);
    const again = await passwordStep(t, u.email, u.password, device);
    expect(again.json.twoFactorRedirect).toBeUndefined();
    expect((await sessionUser(t, merge(device, again.cookie)))?.id).toBe(u.userId);
  });

  it('removing the factor (password confirmed) ends the second step', async () => {
    const u = await enrolled(t);
    expect((await post(t, '/two-factor/disable', { password: 'not my password' }, u.cookie)).json.code).toBe('INVALID_PASSWORD');
    const off = await post(t, '/two-factor/disable', { password: u.password }, u.cookie);
    expect(off.status).toBe(200);
    const status = await t.call('account-mfa-get', { cookie: merge(u.cookie, off.cookie) });
    expect(status.json).toMatchObject({ enabled: false, totp: null });
    const step = await passwordStep(t, u.email, u.password);
    expect(step.json.twoFactorRedirect).toBeUndefined();
    expect((await sessionUser(t, step.cookie))?.id).toBe(u.userId);
  });
});

describe('sign-in by mailed link or code', () => {
  it('a sign-in link on an account with a second factor lands on the code step, without a session', async () => {
    const u = await enrolled(t);
    expect((await post(t, '/sign-in/magic-link', { email: u.email, callbackURL: '/' })).status).toBe(200);
    const url = t.mails.find((m) => m.to === u.email && /https?:\/\/\S+verify\S*/.test(m.text))!.text.match(/https?:\/\/\S+/)![0];
    const res = await t.request(url.replace('http://localhost:3000', ''), { cookie: BROWSER_COOKIE });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('http://localhost:3000/login?second-step=totp,otp');
    const cookie = cookieFrom(res);
    expect(await sessionUser(t, cookie)).toBeNull();
    const ok = await post(t, '/two-factor/verify-totp', { code: await totp(u.secret) }, cookie);
    expect(ok.status).toBe(200);
    expect((await sessionUser(t, merge(cookie, ok.cookie)))?.id).toBe(u.userId);
  });

  it('a sign-in link asked for during an OAuth authorization keeps its /login query on the way to the code step', async () => {
    const u = await enrolled(t);
    const callbackURL = '/login?client_id=abc&redirect_uri=https%3A%2F%2Fclient.example%2Fcb&sig=s1';
    expect((await post(t, '/sign-in/magic-link', { email: u.email, callbackURL })).status).toBe(200);
    const url = t.mails.find((m) => m.to === u.email && /https?:\/\/\S+verify\S*/.test(m.text))!.text.match(/https?:\/\/\S+/)![0];
    const res = await t.request(url.replace('http://localhost:3000', ''), { cookie: BROWSER_COOKIE });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(
      'http://localhost:3000/login?client_id=abc&redirect_uri=https%3A%2F%2Fclient.example%2Fcb&sig=s1&second-step=totp,otp',
    );
  });

  it('a mailed sign-in code on an account with a second factor asks for the second step', async () => {
    const u = await enrolled(t);
    expect((await post(t, '/email-otp/send-verification-otp', { email: u.email, type: 'sign-in' })).status).toBe(200);
    const otp = t.mails.find((m) => m.to === u.email && /^\d{6} /.test(m.subject))!.subject.slice(0, 6);
    const step = await post(t, '/sign-in/email-otp', { email: u.email, otp });
    expect(step.status).toBe(200);
    expect(step.json).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp', 'otp'] });
    expect(await sessionUser(t, step.cookie)).toBeNull();
    const ok = await post(t, '/two-factor/verify-backup-code', { code: u.backupCodes[0]! }, step.cookie);
    expect((await sessionUser(t, merge(step.cookie, ok.cookie)))?.id).toBe(u.userId);
  });

  it('without a second factor, a sign-in link signs in at once', async () => {
    const u = await t.signInByMagicLink();
    expect((await sessionUser(t, u.cookie))?.id).toBe(u.userId);
  });
});

describe('code entry rate limit', () => {
  it('refuses code checks past the limit per window (429)', async () => {
    const limited = await createTestApp({ AUTH_SIGNIN_RATE_LIMIT_MAX: '3' });
    try {
      const u = await enrolled(limited); // one verify-totp of the limit
      const step = await passwordStep(limited, u.email, u.password);
      expect((await post(limited, '/two-factor/verify-totp', { code: 'abcdef' }, step.cookie)).status).toBe(401);
      expect((await post(limited, '/two-factor/verify-totp', { code: 'abcdef' }, step.cookie)).status).toBe(401);
      const over = await post(limited, '/two-factor/verify-totp', { code: await totp(u.secret) }, step.cookie);
      expect(over.status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('phone factor', () => {
  it('adds and verifies a phone number with a code from the SMS outbox, for the signed-in person only', async () => {
    const u = await t.signUp();
    expect((await post(t, '/phone-number/send-otp', { phoneNumber: '+15550001111' })).status).toBe(401);
    expect((await post(t, '/phone-number/send-otp', { phoneNumber: '12345' }, u.cookie)).json.code).toBe('INVALID_PHONE_NUMBER');

    expect((await post(t, '/phone-number/send-otp', { phoneNumber: '+15550001111' }, u.cookie)).status).toBe(200);
    const sms = await latestSms(t);
    expect(sms?.to).toBe('+15550001111');
    const code = codeIn(sms!.text)!;
    expect(code).toMatch(/^\d{6}$/);

    // A code never signs anyone in: without a session it is refused.
    expect((await post(t, '/phone-number/verify', { phoneNumber: '+15550001111', code })).status).toBe(401);
    const verified = await post(t, '/phone-number/verify', { phoneNumber: '+15550001111', code }, u.cookie);
    expect(verified.status).toBe(200);
    const status = await t.call('account-mfa-get', { cookie: u.cookie });
    expect(status.json).toMatchObject({ phone: { number: '+15550001111', verified: true }, smsAvailable: true });
  });

  it('sends the second-step code by SMS to the verified phone; without one it says so', async () => {
    const u = await enrolled(t);
    await post(t, '/phone-number/send-otp', { phoneNumber: '+15550002222' }, u.cookie);
    const add = codeIn((await latestSms(t))!.text)!;
    expect((await post(t, '/phone-number/verify', { phoneNumber: '+15550002222', code: add }, u.cookie)).status).toBe(200);

    const step = await passwordStep(t, u.email, u.password);
    expect(step.json.twoFactorMethods).toContain('otp');
    expect((await post(t, '/two-factor/send-otp', {}, step.cookie)).status).toBe(200);
    const sms = await latestSms(t);
    expect(sms?.to).toBe('+15550002222');
    const ok = await post(t, '/two-factor/verify-otp', { code: codeIn(sms!.text)! }, step.cookie);
    expect(ok.status).toBe(200);
    expect((await sessionUser(t, merge(step.cookie, ok.cookie)))?.id).toBe(u.userId);

    const noPhone = await enrolled(t);
    const other = await passwordStep(t, noPhone.email, noPhone.password);
    const refused = await post(t, '/two-factor/send-otp', {}, other.cookie);
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe('NO_VERIFIED_PHONE');
  });

  it('turns the second step on with text messages only (password confirmed); sign-in then asks for an SMS code', async () => {
    const u = await t.signUp();
    await post(t, '/phone-number/send-otp', { phoneNumber: '+15550007777' }, u.cookie);
    expect((await post(t, '/phone-number/verify', { phoneNumber: '+15550007777', code: codeIn((await latestSms(t))!.text)! }, u.cookie)).status).toBe(200);
    const on = await post(t, '/two-factor/enable', { password: u.password, method: 'otp' }, u.cookie);
    expect(on.status).toBe(200);
    const status = await t.call('account-mfa-get', { cookie: merge(u.cookie, on.cookie) });
    expect(status.json).toMatchObject({ enabled: true, totp: null, phone: { verified: true } });

    const step = await passwordStep(t, u.email, u.password);
    expect(step.json.twoFactorMethods).toEqual(['otp']);
    await post(t, '/two-factor/send-otp', {}, step.cookie);
    const sms = await latestSms(t);
    expect(sms?.to).toBe('+15550007777');
    const ok = await post(t, '/two-factor/verify-otp', { code: codeIn(sms!.text)! }, step.cookie);
    expect((await sessionUser(t, merge(step.cookie, ok.cookie)))?.id).toBe(u.userId);
  });

  it('closes phone-number sign-in and reset (a number is a second factor only)', async () => {
    expect((await post(t, '/sign-in/phone-number', { phoneNumber: '+15550002222', password: 'correct horse battery' })).status).toBe(404);
    expect((await post(t, '/phone-number/request-password-reset', { phoneNumber: '+15550002222' })).status).toBe(404);
  });

  it('serves the SMS outbox to this machine only', async () => {
    const page = await t.app.request('http://localhost:3000/dev/sms', { headers: { host: 'localhost:3000' } });
    // app.request has no socket: the request is not from loopback, so the path does not exist.
    expect(page.status).toBe(404);
  });
});
