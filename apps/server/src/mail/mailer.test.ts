import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { serve } from '@hono/node-server';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test/harness';
import { createMailer } from './mailer';
import { isLoopback, isLoopbackHost } from './outbox-route';
import { magicLinkMail } from './templates';
import { testPasswordHashing } from '../test/password-hashing';

const LINK = 'http://localhost:3000/auth/v1/magic-link/verify?token=secret-token-123';

/** A pino logger writing JSON lines into an array. */
function capturedLogger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: pino({ level }, sink), lines };
}
const flush = () => new Promise((r) => setImmediate(r));

describe('the outbox mailer (no SMTP)', () => {
  it('sends nothing to a placeholder address (a wallet account has no mailbox)', async () => {
    const { logger } = capturedLogger('info');
    const outboxDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'curio-mail-')), 'outbox');
    const mailer = createMailer({ from: 'Curio <no-reply@localhost>', outboxDir, logger });
    await mailer.send(magicLinkMail({ to: '0xAbC0000000000000000000000000000000000001@siwe.placeholder.invalid', url: LINK, appName: 'Curio' }));
    expect(await mailer.outbox()).toEqual([]);
    await mailer.send(magicLinkMail({ to: 'ann@example.com', url: LINK, appName: 'Curio' }));
    expect((await mailer.outbox()).map((m) => m.to)).toEqual(['ann@example.com']);
  });

  it('logs only recipient and subject in production, even at trace level: never the sign-in link', async () => {
    const { logger, lines } = capturedLogger('trace');
    const outboxDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'curio-mail-')), 'outbox');
    const mailer = createMailer({ from: 'Curio <no-reply@localhost>', outboxDir, logger, logText: false });
    const mail = magicLinkMail({ to: 'ann@example.com', url: LINK, appName: 'Curio' });
    await mailer.send(mail);
    await flush();
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain('secret-token-123');
    expect(logged).not.toContain('magic-link/verify');
    expect(lines).toContainEqual(expect.objectContaining({ level: 30, to: 'ann@example.com', subject: mail.subject, msg: 'mail written to outbox' }));
    // …while the mail itself is kept, for its owner only.
    const stored = await mailer.outbox();
    expect(stored[0]?.text).toContain(LINK);
  });

  it('outside production logs the text at debug only', async () => {
    const { logger, lines } = capturedLogger('debug');
    const outboxDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'curio-mail-')), 'outbox');
    const mailer = createMailer({ from: 'x', outboxDir, logger, logText: true });
    await mailer.send(magicLinkMail({ to: 'bo@example.com', url: LINK, appName: 'Curio' }));
    await flush();
    const withLink = lines.filter((l) => JSON.stringify(l).includes('secret-token-123'));
    expect(withLink.length).toBe(1);
    expect(withLink[0]!.level).toBe(20);
    const { logger: infoLogger, lines: infoLines } = capturedLogger('info');
    await createMailer({ from: 'x', outboxDir, logger: infoLogger, logText: true }).send(magicLinkMail({ to: 'bo@example.com', url: LINK, appName: 'Curio' }));
    await flush();
    expect(JSON.stringify(infoLines)).not.toContain('secret-token-123');
  });

  it('writes outbox files with mode 600 in a folder with mode 700', async () => {
    const outboxDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'curio-mail-')), 'outbox');
    const mailer = createMailer({ from: 'x', outboxDir, logger: pino({ level: 'silent' }) });
    await mailer.send(magicLinkMail({ to: 'cy@example.com', url: LINK, appName: 'Curio' }));
    expect(statSync(outboxDir).mode & 0o777).toBe(0o700);
    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(statSync(path.join(outboxDir, files[0]!)).mode & 0o777).toBe(0o600);
  });
});

describe('loopback addresses', () => {
  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])('%s is loopback', (a) => expect(isLoopback(a)).toBe(true));
  it.each(['10.0.0.1', '192.168.1.2', '203.0.113.9', '::ffff:10.0.0.1', '2001:db8::1', '', null, '127.0.0.1.evil'])('%s is not', (a) =>
    expect(isLoopback(a)).toBe(false),
  );
  it('loopback host names', () => {
    for (const h of ['localhost', 'localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'LOCALHOST']) expect(isLoopbackHost(h)).toBe(true);
    for (const h of [undefined, '', 'evil.example', 'localhost.evil.example', '127.0.0.1.nip.io', 'a b']) expect(isLoopbackHost(h)).toBe(false);
  });
});

describe('/dev/outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production' });
  });
  afterAll(() => t.close());

  const appWith = (remoteAddress: () => string | null, env = t.env) =>
    createApp({
      env,
      database: t.database,
      logger: pino({ level: 'silent' }),
      mailer: { send: async () => {}, outbox: async () => [] },
      remoteAddress,
      passwordHashing: testPasswordHashing,
    }).app;

  const local = { host: 'localhost:3000' };

  it('answers this machine in every NODE_ENV, and 404 to a request from another machine whatever X-Forwarded-For says', async () => {
    for (const NODE_ENV of ['production', 'development', 'test'] as const) {
      const env = { ...t.env, NODE_ENV };
      expect((await appWith(() => '127.0.0.1', env).request(`${TEST_ORIGIN}/dev/outbox`, { headers: local })).status).toBe(200);
      expect((await appWith(() => '::1', env).request(`${TEST_ORIGIN}/dev/outbox`, { headers: local })).status).toBe(200);
      const res = await appWith(() => '203.0.113.9', env).request(`${TEST_ORIGIN}/dev/outbox`, { headers: { ...local, 'x-forwarded-for': '127.0.0.1' } });
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
    }
    // The in-process harness has no socket at all: not loopback either.
    expect((await t.request('/dev/outbox')).status).toBe(404);
  });

  it('answers 404 to a loopback socket when the request passed a proxy or names another host (DNS rebinding)', async () => {
    const app = appWith(() => '127.0.0.1');
    for (const headers of [
      { host: 'evil.example' },
      { host: 'evil.example:3000' },
      { ...local, 'x-forwarded-for': '203.0.113.9' },
      { ...local, forwarded: 'for=203.0.113.9' },
      { ...local, 'x-real-ip': '203.0.113.9' },
    ]) {
      expect((await app.request(`${TEST_ORIGIN}/dev/outbox`, { headers })).status).toBe(404);
    }
    const proxied = appWith(() => '127.0.0.1', { ...t.env, TRUST_PROXY: true });
    expect((await proxied.request(`${TEST_ORIGIN}/dev/outbox`, { headers: local })).status).toBe(404);
  });

  it('is not served at all once SMTP is configured', async () => {
    const app = appWith(() => '127.0.0.1', { ...t.env, SMTP_URL: 'smtp://mail.example.com' });
    expect((await app.request(`${TEST_ORIGIN}/dev/outbox`)).status).toBe(404);
  });

  it('answers 200 with the sign-in link to this machine, in production, over a real socket', async () => {
    await t.request('/auth/v1/sign-in/magic-link', { body: { email: 'dee@example.com', callbackURL: '/' } });
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((r) => server.once('listening', r));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/dev/outbox`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const html = await res.text();
      expect(html).toContain('to dee@example.com');
      expect(html).toMatch(/href="http:\/\/localhost:3000\/auth\/v1\/magic-link\/verify\?token=/);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('is announced at start-up', () => {
    const { logger, lines } = capturedLogger('info');
    createApp({ env: t.env, database: t.database, logger, mailer: { send: async () => {}, outbox: async () => [] }, passwordHashing: testPasswordHashing });
    return flush().then(() => {
      expect(lines).toContainEqual(expect.objectContaining({ outbox: 'http://localhost:3000/dev/outbox', level: 30 }));
    });
  });
});
