import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test/harness';

/**
 * Every /auth/v1 route follows the functions' text rule (no U+0000, no unpaired surrogate): a 400
 * envelope naming the field, never a 500. better-auth's own 429s carry the standard Retry-After.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_SIGNIN_RATE_LIMIT_MAX: '2' });
});
afterAll(() => t.close());

/** Sends the JSON text as written, so `\u0000` and `\ud800` escapes reach the server as they are. */
const post = (path: string, body: string, contentType = 'application/json') =>
  t.app.request(`${TEST_ORIGIN}/auth/v1${path}`, { method: 'POST', headers: { origin: TEST_ORIGIN, 'content-type': contentType }, body });
const get = (path: string) => t.app.request(`${TEST_ORIGIN}/auth/v1${path}`, { headers: { origin: TEST_ORIGIN } });

async function expectRefused(res: Response, field: string) {
  expect(res.status).toBe(400);
  const body = (await res.json()) as { error: { code: string; fields?: Record<string, string> } };
  expect(body.error.code).toBe('validation_failed');
  expect(body.error.fields?.[field]).toBe('unsafe_text');
}

describe('text the database cannot store, on the auth routes', () => {
  it('a NUL in a reset token, a code sign-in address or a sign-in link token', async () => {
    await expectRefused(await post('/reset-password', '{"token":"\\u0000","newPassword":"correct horse battery"}'), 'token');
    await expectRefused(await post('/sign-in/email-otp', '{"email":"a\\u0000b@x.test","otp":"123456"}'), 'email');
    await expectRefused(await get('/magic-link/verify?token=%00'), 'token');
  });

  it('an unpaired surrogate in a password, a NUL deep in a body or in a form field', async () => {
    await expectRefused(await post('/sign-in/email', '{"email":"a@x.test","password":"pass\\ud800word"}'), 'password');
    await expectRefused(await post('/sign-up/email', '{"email":"b@x.test","password":"long enough pass","name":"B","x":{"y":["\\u0000"]}}'), 'x');
    await expectRefused(await post('/sign-in/magic-link', 'email=a%00b%40x.test', 'application/x-www-form-urlencoded'), 'email');
    await expectRefused(await get('/get-session?a%00=1'), '_');
  });

  it('ordinary text still passes: emoji and Chinese in a password', async () => {
    const email = `emoji${Date.now()}@example.com`;
    const up = await post('/sign-up/email', JSON.stringify({ email, password: '🤖 机器人 password', name: 'Robot' }));
    expect(up.status).toBe(200);
    expect((await post('/sign-in/email', JSON.stringify({ email, password: '🤖 机器人 password' }))).status).toBe(200);
  });
});

describe("better-auth's limiter", () => {
  it('sends the standard Retry-After with its 429', async () => {
    let res: Response | null = null;
    for (let i = 0; i < 4 && res?.status !== 429; i++) res = await post('/sign-in/magic-link', JSON.stringify({ email: 'limited@example.com' }));
    expect(res!.status).toBe(429);
    const retryAfter = res!.headers.get('retry-after');
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBe(res!.headers.get('x-retry-after'));
  });
});
