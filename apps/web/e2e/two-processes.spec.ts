import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import pg from 'pg';
import { PASSWORD, uniqueEmail, uniqueHandle } from './support/api';

/**
 * Two collectors whose browsers talk to two different server processes of one PostgreSQL database
 * (the compiled server, as production runs it): what one does through process A reaches the other,
 * live, through process B. Needs the PostgreSQL server (`E2E_PG_URL`, by default the one CI runs);
 * skipped where none answers.
 */
const PG_URL = process.env.E2E_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REPO = path.resolve(import.meta.dirname, '../../..');
const SECRET = 'two-processes-e2e-secret-that-is-long-enough';

let available = false;
let dbName = '';
const servers: { child: ChildProcess; base: string }[] = [];

async function sql<T>(connectionString: string, run: (c: pg.Client) => Promise<T>) {
  const c = new pg.Client({ connectionString, connectionTimeoutMillis: 3_000 });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

async function startServer(dbUrl: string) {
  const port = 31000 + Math.floor(Math.random() * 9000);
  const base = `http://localhost:${port}`;
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(REPO, 'apps/server/dist/main.js')], {
    cwd: REPO,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      PUBLIC_URL: base,
      DATABASE_URL: dbUrl,
      AUTH_SECRET: SECRET,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'curio-e2e-two-')),
      STATIC_DIR: path.join(REPO, 'apps/web/dist'),
      LOG_LEVEL: 'warn',
      CUTOUT: 'simple',
      WORKERS: '0',
      AUTH_SIGNIN_RATE_LIMIT_MAX: '1000',
      AUTH_RATE_LIMIT_MAX: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  servers.push({ child, base });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/ready`)).ok) return base;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server on ${port} did not become ready`);
}

/** A signed-up, onboarded collector whose browser context talks to `base` only. */
async function collectorOn(browser: Browser, base: string) {
  const context: BrowserContext = await browser.newContext({ baseURL: base });
  await context.addInitScript(() => localStorage.setItem('curio.analytics-consent', 'accepted'));
  const headers = { origin: base };
  const signUp = await context.request.post('/auth/v1/sign-up/email', { data: { email: uniqueEmail('two'), password: PASSWORD, name: 'u' }, headers });
  expect(signUp.ok()).toBe(true);
  const userId = ((await signUp.json()) as { user: { id: string } }).user.id;
  const done = await context.request.post('/functions/v1/onboarding-complete', {
    data: { handle: uniqueHandle('two'), displayName: 'Two Process Collector', bio: '', public: true },
    headers,
  });
  expect(done.ok()).toBe(true);
  const call = async (name: string, body: unknown) => {
    const res = await context.request.post(`/functions/v1/${name}`, { data: body, headers });
    expect(res.ok(), `${name}: ${res.status()}`).toBe(true);
    return res.json();
  };
  return { context, page: await context.newPage(), userId, call };
}

test.describe('two server processes of one PostgreSQL database', () => {
  test.setTimeout(180_000);

  test.beforeAll(async () => {
    try {
      await sql(PG_URL, (c) => c.query('select 1'));
      available = true;
    } catch {
      available = false;
      return;
    }
    dbName = `curio_e2e_two_${Date.now().toString(36)}`;
    await sql(PG_URL, (c) => c.query(`create database ${dbName}`));
    const url = new URL(PG_URL);
    url.pathname = `/${dbName}`;
    // Both boot together on the fresh database: the migrations run once, under their lock.
    await Promise.all([startServer(url.toString()), startServer(url.toString())]);
  });

  test.afterAll(async () => {
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => (s.child.exitCode === null ? new Promise((r) => s.child.once('exit', r)) : null)));
    if (dbName) await sql(PG_URL, (c) => c.query(`drop database if exists ${dbName} with (force)`));
  });

  test('a follow through A lights the bell at B, and a message sent through A appears in the open thread at B within 2 s', async ({ browser }) => {
    test.skip(!available, 'no PostgreSQL server answers');
    const [a, b] = servers.map((s) => s.base) as [string, string];
    const ana = await collectorOn(browser, a);
    const ben = await collectorOn(browser, b);

    // Ben, on B, sees no dot; Ana follows him through A; the dot appears without a reload.
    await ben.page.goto('/me/notifications');
    await expect(ben.page.getByTestId('notifications-bell')).toBeVisible();
    await expect(ben.page.getByTestId('notifications-dot')).toHaveCount(0);
    await ana.call('social-follow-toggle', { targetUserId: ben.userId });
    await expect(ben.page.getByTestId('notifications-dot')).toBeVisible({ timeout: 5_000 });
    await expect(ben.page.getByTestId('notification')).toHaveCount(1);

    // One thread, open at both ends, each on its own process.
    const { thread } = (await ana.call('dm-thread-upsert', { otherUserId: ben.userId })) as { thread: { id: string } };
    await ana.page.goto(`/me/messages/${thread.id}`);
    await ben.page.goto(`/me/messages/${thread.id}`);
    await expect(ben.page.getByTestId('conversation')).toBeVisible();
    await expect(ana.page.getByTestId('conversation')).toBeVisible();

    await ana.page.getByTestId('message-input').fill('Sent through process A');
    const sentAt = Date.now();
    await ana.page.getByTestId('message-input').press('Enter');
    await expect(ben.page.getByTestId('message-text').last()).toHaveText('Sent through process A', { timeout: 2_000 });
    expect(Date.now() - sentAt).toBeLessThan(2_500);

    await ben.page.getByTestId('message-input').fill('Answered through process B');
    await ben.page.getByTestId('message-send').click();
    await expect(ana.page.getByTestId('message-text').last()).toHaveText('Answered through process B', { timeout: 2_000 });

    await ana.context.close();
    await ben.context.close();
  });
});
