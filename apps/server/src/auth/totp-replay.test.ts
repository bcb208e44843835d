import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, createTestApp, TEST_ORIGIN, type TestApp } from '../test/harness';
import { createSecondApp } from '../test/second-app';
import { TOTP_CODE_USED_CODE } from './plugins/two-factor';

/**
 * An authenticator code signs in once per account (RFC 6238 §5.2), whichever process is asked: two
 * apps here share one database (on PostgreSQL, as two server processes would).
 */
let t: TestApp;
let other: ReturnType<typeof createSecondApp>;
beforeAll(async () => {
  t = await createTestApp();
  other = createSecondApp(t);
});
afterAll(async () => {
  await other.auth.$context.catch(() => undefined);
  await other.services.functionStats.stop();
  await other.services.jobs.stop();
  await t.close();
});

const BROWSER_COOKIE = 'curio-consent=accepted';
const secretOf = (totpURI: string) => new TextDecoder().decode(base32.decode(new URL(totpURI).searchParams.get('secret')!));
const otp = (secret: string) => createOTP(secret, { digits: 6, period: 30 });
const step = () => Math.floor(Date.now() / 30_000);

async function post(app: { request: (url: string, init: RequestInit) => Response | Promise<Response> }, path: string, body: unknown, cookie = '') {
  const res = await app.request(`${TEST_ORIGIN}/auth/v1${path}`, {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', cookie: [BROWSER_COOKIE, cookie].filter(Boolean).join('; ') },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as any, cookie: cookieFrom(res) };
}

/** A person with an authenticator app, enrolled (the code of the current step confirmed it). */
async function enrolled() {
  const u = await t.signUp();
  const enable = await post(t.app, '/two-factor/enable', { password: u.password }, u.cookie);
  const secret = secretOf(enable.json.totpURI);
  expect((await post(t.app, '/two-factor/verify-totp', { code: await otp(secret).hotp(step()) }, u.cookie)).status).toBe(200);
  return { ...u, secret };
}

/** A password step on the given app; its challenge cookie. */
async function challenge(app: { request: (url: string, init: RequestInit) => Response | Promise<Response> }, email: string, password: string) {
  const res = await post(app, '/sign-in/email', { email, password });
  expect(res.json).toMatchObject({ twoFactorRedirect: true });
  return res.cookie;
}

describe('an authenticator code signs in once', { tags: ['postgres'] }, () => {
  it('refuses the same code on the other process once it signed in (and enrolment did not use it up)', async () => {
    const u = await enrolled();
    const [a, b] = [await challenge(t.app, u.email, u.password), await challenge(other.app, u.email, u.password)];
    const code = await otp(u.secret).hotp(step());
    const first = await post(t.app, '/two-factor/verify-totp', { code }, a);
    expect(first.status).toBe(200);
    const replay = await post(other.app, '/two-factor/verify-totp', { code }, b);
    expect(replay.status).toBe(401);
    expect(replay.json.code).toBe(TOTP_CODE_USED_CODE);
    expect(replay.cookie).not.toMatch(/curio\.session_token=[^;]/);
    // The challenge is not spent: the next step's code (accepted a step early) signs in.
    const next = await post(other.app, '/two-factor/verify-totp', { code: await otp(u.secret).hotp(step() + 1) }, b);
    expect(next.status).toBe(200);
  });

  it('lets exactly one of two sign-ins racing with one code through, each on its own process', async () => {
    const u = await enrolled();
    for (let round = 0; round < 2; round++) {
      const [a, b] = [await challenge(t.app, u.email, u.password), await challenge(other.app, u.email, u.password)];
      // A step of its own each round (the current one was used by the round before).
      const code = await otp(u.secret).hotp(step() + round);
      const answers = await Promise.all([post(t.app, '/two-factor/verify-totp', { code }, a), post(other.app, '/two-factor/verify-totp', { code }, b)]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 401]);
      expect(answers.find((r) => r.status === 401)!.json.code).toBe(TOTP_CODE_USED_CODE);
    }
  });
});
