import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app';
import type { Database } from '../db/client';
import { parseEnv, resolveEnv } from '../env';
import { createLogger } from '../lib/logger';
import type { Mailer } from '../mail/mailer';
import { createTestDatabase } from '../test/database';
import { cookieFrom, createTestApp, TEST_ORIGIN, type TestApp } from '../test/harness';
import { countQueries } from '../test/query-count';
import { createSessionCache, sessionKey } from './session-cache';

describe('the session cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const savesList = (cookie: string) => t.request('/functions/v1/saves-list', { cookie });

  it('looks a session up once, then serves it from memory', async () => {
    const u = await t.onboardedUser();
    expect((await savesList(u.cookie)).status).toBe(200);
    const counter = countQueries(t.database);
    try {
      expect((await savesList(u.cookie)).status).toBe(200);
      const lookups = counter.texts.filter((q) => /"sessions"|"users"/.test(q));
      expect(lookups, lookups.join('\n')).toEqual([]);
    } finally {
      counter.restore();
    }
  });

  it('ends a session on the very next request after sign-out', async () => {
    const u = await t.onboardedUser();
    expect((await savesList(u.cookie)).status).toBe(200); // cached now
    const out = await t.request('/auth/v1/sign-out', { body: {}, cookie: u.cookie });
    expect(out.status).toBe(200);
    expect((await savesList(u.cookie)).status).toBe(401);
  });

  it('ends the other sessions on a password change that revokes them', async () => {
    const u = await t.onboardedUser();
    const other = await t.request('/auth/v1/sign-in/email', { body: { email: u.email, password: u.password } });
    const otherCookie = cookieFrom(other);
    expect((await savesList(otherCookie)).status).toBe(200); // cached now
    const changed = await t.request('/auth/v1/change-password', {
      cookie: u.cookie,
      body: { currentPassword: u.password, newPassword: 'a brand new passphrase', revokeOtherSessions: true },
    });
    expect(changed.status).toBe(200);
    expect((await savesList(otherCookie)).status).toBe(401);
  });

  it('ends every session of a user whose sessions are revoked directly (an admin suspending them)', async () => {
    const u = await t.onboardedUser();
    expect((await savesList(u.cookie)).status).toBe(200);
    await t.database.db.execute(sql`delete from sessions where user_id = ${u.userId}`);
    await t.services.sessions.revoke(u.userId);
    expect((await savesList(u.cookie)).status).toBe(401);
  });

  it('keys on the session cookie and the bearer token only', () => {
    expect(sessionKey(new Headers({ cookie: 'theme=dark' }))).toBeNull();
    expect(sessionKey(new Headers())).toBeNull();
    expect(sessionKey(new Headers({ cookie: 'theme=dark; curio.session_token=abc.def' }))).toBe('abc.def\n');
    expect(sessionKey(new Headers({ cookie: '__Secure-curio.session_token=abc.def' }))).toBe('abc.def\n');
    expect(sessionKey(new Headers({ authorization: 'Bearer xyz' }))).toBe('\nBearer xyz');
  });

  it('forgets an entry when its time is up, and never keeps a lookup that a revocation overtook', async () => {
    let now = 0;
    let lookups = 0;
    let revoke: (userId: string) => void = () => undefined;
    let release: () => void = () => undefined;
    let gate: Promise<void> | null = null;
    const cache = createSessionCache({
      ttlMs: 1000,
      now: () => now,
      revocations: { onRevoked: (h) => ((revoke = h), () => undefined) },
      lookup: async () => {
        lookups++;
        if (gate) await gate;
        return { session: { userId: 'u1', expiresAt: new Date(10 ** 13) }, user: { id: 'u1', email: 'a@b.c', name: 'A' } };
      },
    });
    const headers = new Headers({ cookie: 'curio.session_token=t1' });
    await cache.user(headers);
    await cache.user(headers);
    expect(lookups).toBe(1);
    now = 1001;
    await cache.user(headers);
    expect(lookups).toBe(2);
    // A lookup under way when the user's sessions are revoked is not kept.
    revoke('u1');
    gate = new Promise<void>((r) => (release = r));
    const pending = cache.user(headers);
    revoke('u1');
    release();
    await pending;
    gate = null;
    expect(cache.size).toBe(0);
    await cache.user(headers);
    expect(lookups).toBe(4);
  });
});

/** Two app instances on one PostgreSQL database: each has its own session cache and event listener. */
describe.skipIf(!process.env.DATABASE_URL)('the session cache across processes (PostgreSQL)', () => {
  let database: Database;
  const apps: App[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    const mailer: Mailer = { send: async () => undefined, outbox: async () => [] };
    for (let i = 0; i < 2; i++) {
      const env = resolveEnv(
        parseEnv({
          NODE_ENV: 'test',
          DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'curio-data-')),
          STATIC_DIR: path.join(os.tmpdir(), 'curio-no-web'),
          AUTH_SECRET: 'test-secret-that-is-long-enough-1234567890',
          PUBLIC_URL: TEST_ORIGIN,
          AUTH_SIGNIN_RATE_LIMIT_MAX: '10000',
          AUTH_RATE_LIMIT_MAX: '10000',
          LOG_LEVEL: 'silent',
          CUTOUT: 'simple',
          DATABASE_URL: process.env.DATABASE_URL,
        }),
      );
      const app = createApp({ env, database, logger: createLogger('silent'), mailer });
      await app.services.events.start();
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const a of apps) {
      await a.services.functionStats.stop();
      await a.services.events.stop();
    }
    await database?.close();
  });

  const ask = (app: App, url: string, cookie: string, body?: unknown) =>
    app.app.request(`${TEST_ORIGIN}${url}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { origin: TEST_ORIGIN, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('ends a session in the other instance on the very next request after sign-out', async () => {
    const [a, b] = apps as [App, App];
    const up = await a.app.request(`${TEST_ORIGIN}/auth/v1/sign-up/email`, {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ email: `two${Date.now()}@example.com`, password: 'correct horse battery', name: 'Two' }),
    });
    expect(up.status).toBe(200);
    const cookie = cookieFrom(up);
    // Both instances hold the session in memory.
    expect((await ask(a, '/functions/v1/saves-list', cookie)).status).toBe(200);
    expect((await ask(b, '/functions/v1/saves-list', cookie)).status).toBe(200);
    expect((await ask(b, '/functions/v1/saves-list', cookie)).status).toBe(200);
    expect((await ask(a, '/auth/v1/sign-out', cookie, {})).status).toBe(200);
    expect((await ask(b, '/functions/v1/saves-list', cookie)).status).toBe(401);
    expect((await ask(a, '/functions/v1/saves-list', cookie)).status).toBe(401);
  });
});
