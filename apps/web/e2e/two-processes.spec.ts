import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import pg from 'pg';
import { LOCAL_S3_KEYS, startLocalS3, type LocalS3 } from '../../server/src/storage/local-s3';
import { PASSWORD, samplePhotoFile, uniqueEmail, uniqueHandle } from './support/api';
import { spareServerPort } from './support/ports';

/**
 * Two collectors whose browsers talk to two different server processes of one PostgreSQL database
 * (the compiled server, as production runs it): what one does through process A reaches the other,
 * live, through process B. Needs the PostgreSQL server (`E2E_PG_URL`, by default the one CI runs):
 * skipped where none answers, except in CI (`CI` set), where that fails the run instead.
 */
const PG_URL = process.env.E2E_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REPO = path.resolve(import.meta.dirname, '../../..');
const SECRET = 'two-processes-e2e-secret-that-is-long-enough';

let available = false;
let dbName = '';
const servers: { child: ChildProcess; base: string }[] = [];
/** The images' store both processes share, as every process on one database must. */
let s3: LocalS3 | null = null;

async function sql<T>(connectionString: string, run: (c: pg.Client) => Promise<T>) {
  const c = new pg.Client({ connectionString, connectionTimeoutMillis: 3_000 });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

/** How many servers this file started: each takes the next of the worker's spare ports. */
let started = 0;
async function startServer(dbUrl: string) {
  const port = spareServerPort(1 + (started++ % 9));
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
      S3_BUCKET: 'curio-e2e-two',
      S3_ENDPOINT: s3!.endpoint,
      S3_ACCESS_KEY_ID: LOCAL_S3_KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: LOCAL_S3_KEYS.secretAccessKey,
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
  /** A finished item of this collector's (created, photo uploaded, generated, chosen, placed) through its own process. */
  const publishedItem = async (title: string) => {
    const photo = await samplePhotoFile('robot', { width: 300, height: 350 });
    const { item } = (await call('items-create', { title, tags: '', nsfw: false })) as { item: { id: string } };
    const signed = (await call('uploads-sign', { kind: 'photo', fileName: photo.name, contentType: photo.mimeType })) as { uploadURL: string; imageId: string };
    const up = await context.request.post(signed.uploadURL, { multipart: { file: photo }, headers });
    expect(up.ok(), `upload: ${up.status()}`).toBe(true);
    await call('photos-add', { itemId: item.id, imageId: signed.imageId, role: 'front' });
    const { variants } = (await call('items-generate', { itemId: item.id, style: 'bright_gallery' })) as { variants: { compositeId: string }[] };
    await call('items-choose', { itemId: item.id, compositeId: variants[0]!.compositeId });
    await call('items-place', { itemId: item.id });
    return item.id;
  };
  return { context, page: await context.newPage(), userId, call, publishedItem };
}

test.describe('two server processes of one PostgreSQL database', () => {
  test.setTimeout(180_000);

  test.beforeAll(async () => {
    try {
      await sql(PG_URL, (c) => c.query('select 1'));
      available = true;
    } catch (err) {
      // CI runs PostgreSQL for this test: there, a server that does not answer is a failure, not a skip.
      if (process.env.CI) throw new Error(`PostgreSQL at ${PG_URL} does not answer (CI is set, so this test must run): ${String(err)}`);
      available = false;
      return;
    }
    dbName = `curio_e2e_two_${Date.now().toString(36)}`;
    await sql(PG_URL, (c) => c.query(`create database ${dbName}`));
    const url = new URL(PG_URL);
    url.pathname = `/${dbName}`;
    s3 = await startLocalS3({ directory: mkdtempSync(path.join(os.tmpdir(), 'curio-e2e-two-s3-')), bucket: 'curio-e2e-two' });
    // Both boot together on the fresh database: the migrations run once, under their lock.
    await Promise.all([startServer(url.toString()), startServer(url.toString())]);
  });

  test.afterAll(async () => {
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => (s.child.exitCode === null ? new Promise((r) => s.child.once('exit', r)) : null)));
    if (dbName) await sql(PG_URL, (c) => c.query(`drop database if exists ${dbName} with (force)`));
    await s3?.close();
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

  test('a like through A lights the owner’s bell at B without a reload, and B’s item page shows it at once', async ({ browser }) => {
    test.skip(!available, 'no PostgreSQL server answers');
    const [a, b] = servers.map((s) => s.base) as [string, string];
    const ana = await collectorOn(browser, a);
    const ben = await collectorOn(browser, b);
    const cleo = await collectorOn(browser, b);
    const itemId = await ben.publishedItem('Tin Rocket');

    // Ben, on B, sees no dot.
    await ben.page.goto('/me/notifications');
    await expect(ben.page.getByTestId('notifications-bell')).toBeVisible();
    await expect(ben.page.getByTestId('notifications-dot')).toHaveCount(0);
    // Ana opens the item on A; Cleo (not its owner) on B, so B keeps its page (5 s).
    await ana.page.goto(`/i/${itemId}`);
    await expect(ana.page.getByTestId('item-like-count')).toHaveText('0');
    await cleo.page.goto(`/i/${itemId}`);
    await expect(cleo.page.getByTestId('item-like-count')).toHaveText('0');
    const keptSince = Date.now();

    await ana.page.getByTestId('item-like').click();
    await expect(ana.page.getByTestId('item-like-count')).toHaveText('1');
    // B dropped its kept page when A told it: B answers the like at once, well before the page would
    // expire (asked directly: a page's reload takes seconds on a slow machine, and would outlive it).
    await expect(async () => {
      const res = await cleo.context.request.get(`/functions/v1/item-get?itemId=${itemId}`);
      expect(((await res.json()) as { item: { counts: { likes: number } } }).item.counts.likes).toBe(1);
    }).toPass({ timeout: 2_000 });
    expect(Date.now() - keptSince, 'answered before the kept page would have expired').toBeLessThan(5_000);
    await expect(ben.page.getByTestId('notifications-dot')).toBeVisible({ timeout: 5_000 });
    await expect(ben.page.getByTestId('notification')).toHaveCount(1);
    await expect(ben.page.getByTestId('notification-text')).toHaveText('Two Process Collector liked Tin Rocket');
    // And B's page shows it.
    await cleo.page.reload();
    await expect(cleo.page.getByTestId('item-like-count')).toHaveText('1');

    await ana.context.close();
    await ben.context.close();
    await cleo.context.close();
  });
});
