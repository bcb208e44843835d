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
import { createDomainEvents } from '../modules/events/domain-events';
import { createSessionCache, sessionKey } from './session-cache';
import { testPasswordHashing } from '../test/password-hashing';

describe('the session cache', { tags: ['postgres'] }, () => {
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
    await t.services.domainEvents.publish('session.revoked', { userId: u.userId });
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
      domainEvents: { on: (_name, h) => ((revoke = (userId: string) => (h as (p: { userId: string }) => void)({ userId })), () => undefined) },
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

/** A stand-in for the events service of one process on a bus that several processes listen on. */
function fakeBus() {
  const processes: { broadcast: Map<string, (e: never) => void>; hints: Map<string, (d: unknown) => void>; self: number }[] = [];
  let nextId = 1;
  const bus = {
    /** What was sent and not delivered yet (NOTIFY is asynchronous). */
    queue: [] as (() => void)[],
    flush() {
      while (bus.queue.length) bus.queue.shift()!();
    },
    process(opts: { listening: boolean; listeners: number | null }) {
      const me = { broadcast: new Map(), hints: new Map(), self: processes.length };
      if (opts.listening) processes.push(me);
      const events = {
        listening: opts.listening,
        listeners: async () => opts.listeners,
        onBroadcast: (stream: string, h: (e: never) => void) => (me.broadcast.set(stream, h), () => undefined),
        onHint: (hint: string, h: (d: unknown) => void) => (me.hints.set(hint, h), () => undefined),
        onHintsMissed: () => () => undefined,
        hint: async (hint: string, data: unknown) => {
          for (const p of processes) if (p !== me) bus.queue.push(() => p.hints.get(hint)?.(data));
        },
        record: async (_db: unknown, e: { stream: string; payload: unknown }) => {
          const event = { id: nextId++, userId: null, stream: e.stream, type: 'session.revoked', payload: e.payload, createdAt: '' };
          for (const p of processes) bus.queue.push(() => p.broadcast.get(e.stream)?.(event as never));
          return event;
        },
      };
      return events;
    },
  };
  return bus;
}

describe('session revocations', { tags: ['postgres'] }, () => {
  const logger = { warn: () => undefined } as never;
  /** One process's `session.revoked`: published (acknowledged), and heard. */
  const sessionRevocations = (deps: { events: unknown }) => {
    const domainEvents = createDomainEvents({} as never, { events: deps.events as never, logger });
    return {
      revoke: (userId: string) => domainEvents.publish('session.revoked', { userId }),
      onRevoked: (handler: (userId: string) => void) => domainEvents.on('session.revoked', ({ userId }) => handler(userId)),
    };
  };
  const settle = async (bus: ReturnType<typeof fakeBus>) => {
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setImmediate(r));
      bus.flush();
    }
  };

  it('answer only once every other listening process has forgotten the sessions', async () => {
    const bus = fakeBus();
    const forgot: string[] = [];
    const procs = [0, 1, 2].map(() => sessionRevocations({ events: bus.process({ listening: true, listeners: 3 }) as never }));
    procs.forEach((p, i) => p.onRevoked((u) => forgot.push(`${i}:${u}`)));
    let answered = false;
    const revoking = procs[0]!.revoke('u1').then(() => ((answered = true), [...forgot]));
    // Deliver one message at a time: the answer comes only after the last process forgot.
    for (let i = 0; i < 20 && !answered; i++) {
      await new Promise((r) => setImmediate(r));
      bus.queue.shift()?.();
    }
    const forgotWhenAnswered = await revoking;
    expect(forgotWhenAnswered).toEqual(expect.arrayContaining(['1:u1', '2:u1']));
  });

  it('waits at most a second for a process that does not answer', async () => {
    const bus = fakeBus();
    const a = sessionRevocations({ events: bus.process({ listening: true, listeners: 3 }) as never });
    sessionRevocations({ events: bus.process({ listening: true, listeners: 3 }) as never });
    // A third process is counted but never hears anything (it died a moment ago).
    const started = Date.now();
    const revoking = a.revoke('u1');
    await settle(bus);
    await revoking;
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('from a process that does not listen (the admin command), announce and answer at once: it could hear no answer', async () => {
    const bus = fakeBus();
    const web = sessionRevocations({ events: bus.process({ listening: true, listeners: 1 }) as never });
    const forgot: string[] = [];
    web.onRevoked((u) => forgot.push(u));
    const cli = sessionRevocations({ events: bus.process({ listening: false, listeners: 1 }) as never });
    const started = Date.now();
    await cli.revoke('u1');
    expect(Date.now() - started).toBeLessThan(900);
    await settle(bus);
    expect(forgot).toEqual(['u1']);
  });

  it('on the embedded database (no count of listeners), waits for its own announcement only', async () => {
    const bus = fakeBus();
    const only = sessionRevocations({ events: bus.process({ listening: true, listeners: null }) as never });
    const started = Date.now();
    const revoking = only.revoke('u1');
    await settle(bus);
    await revoking;
    expect(Date.now() - started).toBeLessThan(900);
  });
});

/** Two app instances on one PostgreSQL database: each has its own session cache and event listener. */
describe.skipIf(!process.env.DATABASE_URL)('the session cache across processes (PostgreSQL)', { tags: ['postgres'] }, () => {
  let database: Database;
  const apps: App[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    const mailer: Mailer = { send: async () => undefined, outbox: async () => [] };
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'curio-data-'));
    for (let i = 0; i < 2; i++) {
      const env = resolveEnv(
        parseEnv({
          NODE_ENV: 'test',
          DATA_DIR: dataDir, // both keep images in one folder, as processes on one machine may
          LOCAL_STORAGE_SHARED: 'true',
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
      const app = createApp({ env, database, logger: createLogger('silent'), mailer, passwordHashing: testPasswordHashing });
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
    // Twenty rounds: the other instance hearing of it a moment after the sign-out answers would fail one.
    for (let round = 0; round < 20; round++) {
      const up = await a.app.request(`${TEST_ORIGIN}/auth/v1/sign-up/email`, {
        method: 'POST',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ email: `two${round}.${Date.now()}@example.com`, password: 'correct horse battery', name: 'Two' }),
      });
      expect(up.status).toBe(200);
      const cookie = cookieFrom(up);
      // Both instances hold the session in memory.
      expect((await ask(a, '/functions/v1/saves-list', cookie)).status).toBe(200);
      expect((await ask(b, '/functions/v1/saves-list', cookie)).status).toBe(200);
      expect((await ask(b, '/functions/v1/saves-list', cookie)).status).toBe(200);
      const [signer, other] = round % 2 ? [b, a] : [a, b];
      expect((await ask(signer, '/auth/v1/sign-out', cookie, {})).status).toBe(200);
      expect((await ask(other, '/functions/v1/saves-list', cookie)).status, `round ${round}`).toBe(401);
      expect((await ask(signer, '/functions/v1/saves-list', cookie)).status).toBe(401);
    }
  });

  it('counts both instances as listening, so a revocation waits for the other one too', async () => {
    const [a, b] = apps as [App, App];
    expect(await a.services.events.listeners()).toBe(2);
    expect(await b.services.events.listeners()).toBe(2);
  });
});
