import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items } from '../db/schema';
import { pngBytes } from '../test/images';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test/harness';
import { errorResponse } from './error-handler';
import { originGuard, trustedOrigins } from './origin-guard';

let t: TestApp;
let victim: { cookie: string; userId: string };
beforeAll(async () => {
  t = await createTestApp();
  victim = await t.onboardedUser();
});
afterAll(() => t.close());

const EVIL = 'https://evil.example';
const itemCount = async (userId: string) => (await t.database.db.select().from(items).where(eq(items.userId, userId))).length;

async function post(path: string, opts: { cookie?: string; origin?: string | null; type?: string; body?: string; authorization?: string }) {
  const headers: Record<string, string> = {};
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.origin) headers.origin = opts.origin;
  if (opts.authorization) headers.authorization = opts.authorization;
  if (opts.type) headers['content-type'] = opts.type;
  const res = await t.app.request(`${TEST_ORIGIN}${path}`, { method: 'POST', headers, body: opts.body ?? '' });
  return { status: res.status, json: (await res.json()) as { error?: { code: string; message: string } } & Record<string, unknown> };
}
const createItem = JSON.stringify({ title: 'Forged', tags: '' });

describe('cross-site writes with the session cookie', () => {
  it('refuses a text/plain POST from a foreign origin and creates nothing (the reported attack)', async () => {
    const r = await post('/functions/v1/items-create', { cookie: victim.cookie, origin: EVIL, type: 'text/plain', body: createItem });
    expect(r.status).toBe(403);
    expect(r.json.error).toEqual({ code: 'forbidden', message: `The origin ${EVIL} is not trusted` });
    expect(await itemCount(victim.userId)).toBe(0);
  });

  it('refuses a JSON POST from a foreign origin', async () => {
    const r = await post('/functions/v1/items-create', { cookie: victim.cookie, origin: EVIL, type: 'application/json', body: createItem });
    expect(r.status).toBe(403);
    expect(r.json.error?.code).toBe('forbidden');
    expect(await itemCount(victim.userId)).toBe(0);
  });

  it('refuses a cookie-carrying POST that names no origin, and one from origin "null"', async () => {
    const none = await post('/functions/v1/items-create', { cookie: victim.cookie, type: 'application/json', body: createItem });
    expect(none.status).toBe(403);
    expect(none.json.error).toEqual({ code: 'forbidden', message: 'The request names no origin, so it is not trusted' });
    const sandboxed = await post('/functions/v1/items-create', { cookie: victim.cookie, origin: 'null', type: 'application/json', body: createItem });
    expect(sandboxed.status).toBe(403);
    expect(await itemCount(victim.userId)).toBe(0);
  });

  it('refuses an upload to /storage from a foreign origin, and takes it from our own', async () => {
    const signed = await t.call('uploads-sign', { cookie: victim.cookie, body: { kind: 'photo', fileName: 'a.png', contentType: 'image/png' } });
    expect(signed.status).toBe(200);
    const photo = await pngBytes();
    const form = () => {
      const f = new FormData();
      f.set('file', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'a.png');
      return f;
    };
    const evil = await t.app.request(`${TEST_ORIGIN}${signed.json.uploadURL}`, {
      method: 'POST',
      headers: { cookie: victim.cookie, origin: EVIL },
      body: form(),
    });
    expect(evil.status).toBe(403);
    expect(((await evil.json()) as { error: { code: string } }).error.code).toBe('forbidden');
    const ours = await t.app.request(`${TEST_ORIGIN}${signed.json.uploadURL}`, {
      method: 'POST',
      headers: { cookie: victim.cookie, origin: TEST_ORIGIN },
      body: form(),
    });
    expect(ours.status).toBe(200);
  });

  it('guards /realtime writes too', async () => {
    const r = await post('/realtime/v1/notifications', { cookie: victim.cookie, origin: EVIL, type: 'application/json', body: '{}' });
    expect(r.status).toBe(403);
  });

  it('accepts JSON from PUBLIC_URL and, outside production, from both loopback names of the port', async () => {
    for (const origin of [TEST_ORIGIN, 'http://127.0.0.1:3000']) {
      const r = await post('/functions/v1/items-create', {
        cookie: victim.cookie,
        origin,
        type: 'application/json; charset=utf-8',
        body: JSON.stringify({ title: `From ${origin}` }),
      });
      expect(r.status).toBe(200);
    }
    expect(await itemCount(victim.userId)).toBe(2);
  });

  it('lets reads through from anywhere (GET changes nothing)', async () => {
    const res = await t.app.request(`${TEST_ORIGIN}/functions/v1/profile-me`, { headers: { cookie: victim.cookie, origin: EVIL } });
    expect(res.status).toBe(200);
  });
});

describe('request bodies', () => {
  it.each(['text/plain', 'application/x-www-form-urlencoded', 'text/html'])('refuses %s from a trusted origin with 415', async (type) => {
    const r = await post('/functions/v1/items-create', { cookie: victim.cookie, origin: TEST_ORIGIN, type, body: createItem });
    expect(r.status).toBe(415);
    expect(r.json.error).toEqual({ code: 'bad_request', message: 'Send the request body as application/json or multipart/form-data' });
  });

  it('refuses a guest text/plain POST as well', async () => {
    const r = await post('/functions/v1/analytics-track', { type: 'text/plain', body: JSON.stringify({ name: 'page_view' }) });
    expect(r.status).toBe(415);
  });

  it('accepts a POST without a body and without a content type', async () => {
    const res = await t.app.request(`${TEST_ORIGIN}/functions/v1/profile-me`, {
      method: 'POST',
      headers: { cookie: victim.cookie, origin: TEST_ORIGIN, 'content-length': '0' },
    });
    expect(res.status).toBe(200);
  });
});

describe('bearer tokens', () => {
  it('are not subject to the origin check (another site cannot make a browser send one)', async () => {
    const res = await t.request('/auth/v1/sign-up/email', { body: { email: 'bearer-guard@example.com', password: 'password-123', name: 'b' } });
    const token = res.headers.get('set-auth-token')!;
    const onboarding = JSON.stringify({ handle: 'bearer_guard', displayName: 'Bearer', public: true });
    const r = await post('/functions/v1/onboarding-complete', { authorization: `Bearer ${token}`, type: 'application/json', body: onboarding });
    expect(r.status).toBe(200);
    expect(r.json.shelfId).toEqual(expect.any(String));
    const plain = await post('/functions/v1/onboarding-complete', { authorization: `Bearer ${token}`, type: 'text/plain', body: onboarding });
    expect(plain.status).toBe(415);
  });
});

describe('trusted origins', () => {
  it('are PUBLIC_URL only in production; loopback names of the port and the dev server outside it', () => {
    expect(trustedOrigins({ PUBLIC_URL: 'https://curio.example/app', NODE_ENV: 'production', PORT: 3000 })).toEqual(['https://curio.example']);
    expect(trustedOrigins({ PUBLIC_URL: 'http://localhost:4000', NODE_ENV: 'development', PORT: 4000 })).toEqual([
      'http://localhost:4000',
      'http://127.0.0.1:4000',
      'http://[::1]:4000',
      'http://localhost:5173',
      'http://127.0.0.1:5173',
      'http://[::1]:5173',
    ]);
  });

  it('trust every loopback name of a loopback PUBLIC_URL, in production too (npm start on one machine)', () => {
    // npm start runs in production mode with PUBLIC_URL http://localhost:3000; http://127.0.0.1:3000 was refused.
    expect(trustedOrigins({ PUBLIC_URL: 'http://localhost:3000', NODE_ENV: 'production', PORT: 3000 })).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ]);
    expect(trustedOrigins({ PUBLIC_URL: 'http://127.0.0.1', NODE_ENV: 'production', PORT: 80 })).toEqual([
      'http://127.0.0.1',
      'http://localhost',
      'http://[::1]',
    ]);
  });

  it('logs a refusal at warn with the origin', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const logger = pino({ level: 'info' }, sink);
    const app = new Hono();
    app.use(originGuard({ trusted: ['https://curio.example'], logger }));
    app.post('/functions/v1/x', (c) => c.json({ ok: true }));
    app.onError((err, c) => errorResponse(err, c, logger));
    const res = await app.request('/functions/v1/x', {
      method: 'POST',
      headers: { cookie: 'a=b', origin: EVIL, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(403);
    await new Promise((r) => setImmediate(r));
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 40, origin: EVIL, path: '/functions/v1/x', msg: 'refused a write from an untrusted origin' }),
    );
  });
});
