import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_RETRY_MS } from '@curio/contract';
import { REPO_ROOT } from './env';
import { ITEM_PAGE_CACHE_MS } from './modules/items/item-pages.service';
import { LOCAL_S3_KEYS, startLocalS3, type LocalS3 } from './storage/local-s3';
import { pngBytes } from './test/images';
import { sseReader } from './test/sse';
import { compiledServer } from './test/compiled';

/**
 * Two real server processes on one PostgreSQL database: what one process serves or changes is seen
 * by the other at once (nothing either keeps in memory is needed by the other).
 */
const url = process.env.DATABASE_URL;
const SECRET = 'multi-process-secret-that-is-long-enough-42';
const ADMIN = 'mp-admin@example.com';

interface Server {
  child: ChildProcess;
  base: string;
  /** Its DATA_DIR: without SMTP its mails (sign-in links) are files in `outbox/`. */
  dataDir: string;
  exited: Promise<number | null>;
}

let dbName = '';
let dbUrl = '';
const servers: Server[] = [];
/** The images' store both processes share (each keeps its own DATA_DIR for its mails). */
let s3: LocalS3 | null = null;

async function admin<T>(connectionString: string, fn: (c: pg.Client) => Promise<T>) {
  const c = new pg.Client({ connectionString });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

function start(): Server {
  const port = 20000 + Math.floor(Math.random() * 30000);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'curio-mp-'));
  const child = spawn(process.execPath, compiledServer('main'), {
    cwd: path.join(REPO_ROOT, 'apps/server'),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: dbUrl,
      AUTH_SECRET: SECRET,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      LOG_LEVEL: 'silent',
      CUTOUT: 'simple',
      WORKERS: '0',
      STATIC_DIR: path.join(os.tmpdir(), 'curio-no-web'),
      DATA_DIR: dataDir,
      S3_BUCKET: 'curio-mp',
      S3_ENDPOINT: s3!.endpoint,
      S3_ACCESS_KEY_ID: LOCAL_S3_KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: LOCAL_S3_KEYS.secretAccessKey,
      EXPLORE_SNAPSHOT_SECONDS: '3600', // cached for an hour: only a cleared cache can show a change
      COMMENT_INTERVAL_SECONDS: '0',
      ADMIN_EMAILS: ADMIN,
      FUNCTION_STATS_FLUSH_SECONDS: '1', // each process adds its call counts to the database every second
      AUTH_SIGNIN_RATE_LIMIT_MAX: '1000',
      AUTH_RATE_LIMIT_MAX: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const server = { child, base, dataDir, exited };
  servers.push(server);
  return server;
}

async function ready(s: Server) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (s.child.exitCode !== null) throw new Error(`${s.base} exited with ${s.child.exitCode} while starting`);
    try {
      if ((await fetch(`${s.base}/ready`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${s.base} did not become ready`);
}

const call = async (s: Server, name: string, body: unknown, cookie?: string) => {
  const res = await fetch(`${s.base}/functions/v1/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: s.base, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as any };
};

let counter = 0;
async function user(s: Server) {
  const n = `${Date.now().toString(36)}${counter++}`;
  const email = `mp${n}@example.com`;
  const res = await fetch(`${s.base}/auth/v1/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: s.base },
    body: JSON.stringify({ email, password: 'correct horse battery', name: `mp${n}` }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const handle = `mp${n}`;
  const done = await call(s, 'onboarding-complete', { handle, displayName: 'Collector', bio: '', public: true }, cookie);
  expect(done.status).toBe(200);
  return { cookie, handle, userId: ((await res.json()) as { user: { id: string } }).user.id };
}

/** Signs in by magic link (from the server's outbox files), as ADMIN_EMAILS' admin does. */
async function signInByMagicLink(s: Server, email: string) {
  const sent = await fetch(`${s.base}/auth/v1/sign-in/magic-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: s.base },
    body: JSON.stringify({ email, callbackURL: '/' }),
  });
  expect(sent.status).toBe(200);
  const outbox = path.join(s.dataDir, 'outbox');
  let link: string | undefined;
  for (let i = 0; i < 100 && !link; i++) {
    const files = await readdir(outbox).catch(() => [] as string[]);
    for (const f of files.filter((n) => n.endsWith('.json'))) {
      const mail = JSON.parse(await readFile(path.join(outbox, f), 'utf8')) as { to: string; text: string };
      if (mail.to === email) link = mail.text.match(/https?:\/\/\S+/)?.[0];
    }
    if (!link) await new Promise((r) => setTimeout(r, 50));
  }
  expect(link).toBeDefined();
  const verify = await fetch(link!, { redirect: 'manual' });
  expect(verify.status).toBe(302);
  return verify.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** A guest's GET of a public read function (the kind a process keeps and answers before routing). */
const guestGet = async (s: Server, name: string, query: Record<string, string>) => {
  const res = await fetch(`${s.base}/functions/v1/${name}?${new URLSearchParams(query)}`);
  return { status: res.status, json: (await res.json()) as any };
};

async function publishedItem(s: Server, cookie: string) {
  const item = await call(s, 'items-create', { title: 'Tin robot', tags: 'robots' }, cookie);
  expect(item.status).toBe(200);
  const itemId = item.json.item.id as string;
  const signed = await call(s, 'uploads-sign', { kind: 'photo', fileName: 'p.png', contentType: 'image/png' }, cookie);
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(await pngBytes(60, 75))], { type: 'image/png' }), 'p.png');
  const up = await fetch(`${s.base}${signed.json.uploadURL}`, { method: 'POST', headers: { cookie, origin: s.base }, body: form });
  expect(up.status).toBe(200);
  expect((await call(s, 'photos-add', { itemId, imageId: signed.json.imageId, role: 'front' }, cookie)).status).toBe(200);
  const gen = await call(s, 'items-generate', { itemId, style: 'bright_gallery' }, cookie);
  expect(gen.status).toBe(200);
  expect((await call(s, 'items-choose', { itemId, compositeId: gen.json.variants[0].compositeId }, cookie)).status).toBe(200);
  // Older than the current (hour-long) snapshot window, so that explore ranks it.
  await admin(dbUrl, (c) => c.query(`update items set created_at = now() - interval '2 hours' where id = $1`, [itemId]));
  return itemId;
}

const exploreIds = async (s: Server) => {
  const res = await fetch(`${s.base}/functions/v1/explore-list?sort=new`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: { itemId: string }[] }).items.map((i) => i.itemId);
};

describe.skipIf(!url)('two server processes on one PostgreSQL database', { tags: ['postgres'] }, () => {
  let a: Server;
  let b: Server;

  beforeAll(async () => {
    dbName = `curio_mp_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    await admin(url!, (c) => c.query(`create database ${dbName}`));
    const u = new URL(url!);
    u.pathname = `/${dbName}`;
    dbUrl = u.toString();
    s3 = await startLocalS3({ directory: mkdtempSync(path.join(os.tmpdir(), 'curio-mp-s3-')), bucket: 'curio-mp' });
    // Both boot at once on the fresh database: the migrations run once, under the advisory lock.
    a = start();
    b = start();
    await Promise.all([ready(a), ready(b)]);
  }, 90_000);

  afterAll(async () => {
    for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    await admin(url!, (c) => c.query(`drop database if exists ${dbName} with (force)`));
    await s3?.close();
  }, 20_000);

  it('runs each photo’s cut-out job exactly once, whichever process recorded the photo', async () => {
    const owner = await user(a);
    const item = await call(a, 'items-create', { title: 'Six photos', tags: 'robots' }, owner.cookie);
    expect(item.status).toBe(200);
    const photoIds: string[] = [];
    for (let i = 0; i < 6; i++) {
      const s = i % 2 === 0 ? a : b;
      const signed = await call(s, 'uploads-sign', { kind: 'photo', fileName: 'p.png', contentType: 'image/png' }, owner.cookie);
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(await pngBytes(60 + i, 75))], { type: 'image/png' }), 'p.png');
      const up = await fetch(`${s.base}${signed.json.uploadURL}`, { method: 'POST', headers: { cookie: owner.cookie, origin: s.base }, body: form });
      expect(up.status).toBe(200);
      const added = await call(s, 'photos-add', { itemId: item.json.item.id, imageId: signed.json.imageId, role: 'front' }, owner.cookie);
      expect(added.status).toBe(200);
      photoIds.push(added.json.photo.id);
    }
    // Both processes work the queue (CUTOUT=simple runs in the web process): wait for every cut-out.
    const deadline = Date.now() + 30_000;
    let done = 0;
    while (Date.now() < deadline) {
      done = await admin(
        dbUrl,
        async (c) => (await c.query(`select count(*)::int as n from photos where id = any($1) and cutout_status = 'done'`, [photoIds])).rows[0].n,
      );
      if (done === photoIds.length) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(done).toBe(photoIds.length);
    const jobs = await admin(
      dbUrl,
      async (c) =>
        (
          await c.query(
            `select singleton_key, state, retry_count from pgboss.job where name = 'cutout' and singleton_key = any($1)
           union all select singleton_key, state, retry_count from pgboss.archive where name = 'cutout' and singleton_key = any($1)`,
            [photoIds],
          )
        ).rows as { singleton_key: string; state: string; retry_count: number }[],
    );
    expect(jobs.map((j) => j.singleton_key).sort()).toEqual([...photoIds].sort());
    expect(jobs.every((j) => j.state === 'completed' && j.retry_count === 0)).toBe(true);
    const cutouts = await admin(
      dbUrl,
      async (c) =>
        (
          await c.query(`select count(*)::int as n from images where kind = 'cutout' and id in (select cutout_image_id from photos where id = any($1))`, [
            photoIds,
          ])
        ).rows[0].n,
    );
    expect(cutouts).toBe(photoIds.length);
    const strays = await admin(
      dbUrl,
      async (c) =>
        (
          await c.query(
            `select count(*)::int as n from images where kind = 'cutout' and id not in (select cutout_image_id from photos where cutout_image_id is not null)`,
          )
        ).rows[0].n,
    );
    expect(strays).toBe(0);
  }, 45_000);

  it('delivers a message sent through A to the recipient’s messages stream at B within 2 s', async () => {
    const sender = await user(a);
    const recipient = await user(b);
    const res = await fetch(`${b.base}/realtime/v1/messages`, { headers: { cookie: recipient.cookie } });
    expect(res.status).toBe(200);
    const stream = sseReader(res);
    expect(await stream.next()).toMatchObject({ event: 'unread', data: JSON.stringify({ total: 0 }) });
    const thread = await call(a, 'dm-thread-upsert', { otherUserId: recipient.userId }, sender.cookie);
    expect(thread.status).toBe(200);
    const sentAt = Date.now();
    const sent = await call(a, 'dm-send', { threadId: thread.json.thread.id, text: 'Hello across processes' }, sender.cookie);
    expect(sent.status).toBe(200);
    const msg = await stream.next((m) => m.event === 'message', 2000);
    expect(Date.now() - sentAt).toBeLessThan(2000);
    expect(JSON.parse(msg.data!)).toMatchObject({
      threadId: thread.json.thread.id,
      message: { id: sent.json.message.id, text: 'Hello across processes', senderId: sender.userId },
      unreadTotal: 1,
    });
    await stream.cancel();
  }, 30_000);

  it('adds up the function calls served by A and by B for an admin', async () => {
    const adminCookie = await signInByMagicLink(a, ADMIN);
    const tagCalls = async () => {
      const stats = await call(b, 'admin-function-stats', {}, adminCookie);
      expect(stats.status).toBe(200);
      return (stats.json.functions as { name: string; hour: { calls: number } }[]).find((f) => f.name === 'explore-top-tags')?.hour.calls ?? 0;
    };
    const baseline = await tagCalls();
    for (let i = 0; i < 3; i++) expect((await guestGet(a, 'explore-top-tags', {})).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await guestGet(b, 'explore-top-tags', {})).status).toBe(200);
    // Each process adds its counts to the database every second (FUNCTION_STATS_FLUSH_SECONDS).
    const deadline = Date.now() + 10_000;
    let calls = await tagCalls();
    while (calls - baseline < 7 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      calls = await tagCalls();
    }
    expect(calls - baseline).toBe(7);
  }, 30_000);

  it('answers at B with the like, save and roles changed through A on the very next request (nothing kept at B outlives them)', async () => {
    const owner = await user(a);
    const fan = await user(b);
    const itemId = await publishedItem(a, owner.cookie);
    const adminCookie = await signInByMagicLink(a, ADMIN);
    const atB = async () => (await call(b, 'item-get', { itemId }, fan.cookie)).json.viewer;
    // Read at B until its page and the fan's marks are kept there (the second read is served from them).
    for (let i = 0; i < 2; i++) expect(await atB()).toMatchObject({ liked: false, saved: false, isAdmin: false });
    expect((await call(a, 'social-like-toggle', { itemId, liked: true }, fan.cookie)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect(await atB()).toMatchObject({ liked: true, saved: false });
    expect((await call(a, 'social-bookmark-toggle', { itemId, saved: true }, fan.cookie)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect(await atB()).toMatchObject({ liked: true, saved: true });
    expect((await call(a, 'social-like-toggle', { itemId, liked: false }, fan.cookie)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect(await atB()).toMatchObject({ liked: false, saved: true });
    // Roles set through A: given, then taken away.
    expect((await call(a, 'admin-user-update', { userId: fan.userId, roles: ['admin'] }, adminCookie)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect(await atB()).toMatchObject({ isAdmin: true });
    expect((await call(a, 'admin-user-update', { userId: fan.userId, roles: [] }, adminCookie)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect(await atB()).toMatchObject({ isAdmin: false });
  });

  it('refuses at B, on the very next request, a JWT of a session signed out at A', async () => {
    const cookie = await signInByMagicLink(a, `mp-jwt${Date.now().toString(36)}@example.com`);
    // Each server here has its own PUBLIC_URL (a JWT's issuer and audience), so the token B takes is
    // asked of B; the session it names began at A and ends there.
    const got = await fetch(`${b.base}/auth/v1/token`, { headers: { origin: b.base, cookie } });
    expect(got.status).toBe(200);
    const { token } = (await got.json()) as { token: string };
    const atB = async () =>
      (
        await fetch(`${b.base}/functions/v1/notifications-unseen-count`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: b.base, authorization: `Bearer ${token}` },
          body: '{}',
        })
      ).status;
    // Used at B twice: the second answer comes from what B keeps of the lookup.
    for (let i = 0; i < 2; i++) expect(await atB()).toBe(200);
    const out = await fetch(`${a.base}/auth/v1/sign-out`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: a.base, cookie },
      body: '{}',
    });
    expect(out.status).toBe(200);
    expect(await atB()).toBe(401);
  });

  it('serves a like made through A in B, a notification made through A on a stream at B, and a delete through A in B’s explore at once', async () => {
    const owner = await user(a);
    const fan = await user(b);
    const friend = await user(a);
    const itemId = await publishedItem(a, owner.cookie);

    // A like served by A is in B's answers, though B keeps item pages (5 s) for everyone but the
    // owner: B's copy is read first, by a guest (answered before routing) and by someone else.
    const warmedAt = Date.now();
    const pageAtB = async () => [(await guestGet(b, 'item-get', { itemId })).json, (await call(b, 'item-get', { itemId }, friend.cookie)).json];
    for (const page of await pageAtB()) expect(page).toMatchObject({ access: 'visible', viewer: { isOwner: false }, item: { counts: { likes: 0 } } });
    for (const page of await pageAtB()) expect(page.item.counts.likes).toBe(0); // from B's cache now
    expect((await call(a, 'social-like-toggle', { itemId, liked: true }, fan.cookie)).status).toBe(200);
    const likedAt = Date.now();
    let pages = await pageAtB();
    while (pages.some((p) => p.item.counts.likes !== 1) && Date.now() - likedAt < 1000) {
      await new Promise((r) => setTimeout(r, 25));
      pages = await pageAtB();
    }
    expect(pages.map((p) => p.item.counts.likes)).toEqual([1, 1]);
    // …while B's copy would still have been kept: A's hint dropped it, not its expiry.
    expect(Date.now() - warmedAt).toBeLessThan(ITEM_PAGE_CACHE_MS);

    // A mention posted through A reaches the friend's stream connected to B.
    const res = await fetch(`${b.base}/realtime/v1/notifications`, { headers: { cookie: friend.cookie } });
    expect(res.status).toBe(200);
    const stream = sseReader(res);
    expect(await stream.next()).toMatchObject({ event: 'unseen', data: JSON.stringify({ count: 0 }) });
    expect((await call(a, 'comments-create', { itemId, body: `see @${friend.handle}` }, fan.cookie)).status).toBe(200);
    const note = await stream.next((m) => m.event === 'notification', 5000);
    expect(JSON.parse(note.data!)).toMatchObject({ unseenCount: 1, notification: { kind: 'mention', refId: itemId, actorId: fan.userId } });
    expect(Number(note.id)).toBeGreaterThan(0);

    // B caches explore for an hour; an item deleted through A is gone from B's explore at once.
    expect(await exploreIds(b)).toContain(itemId);
    expect(await exploreIds(b)).toContain(itemId); // served from B's cache now
    expect((await call(a, 'items-delete', { itemId }, owner.cookie)).status).toBe(200);
    const deadline = Date.now() + 2000;
    let ids = await exploreIds(b);
    while (ids.includes(itemId) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 25));
      ids = await exploreIds(b);
    }
    expect(ids).not.toContain(itemId);

    // An open stream does not hold B's shutdown up: it ends with a retry hint and B exits.
    const stopping = Date.now();
    b.child.kill('SIGTERM');
    expect(await stream.next((m) => m.retry !== undefined, 5000)).toMatchObject({ retry: REALTIME_RETRY_MS });
    expect(await b.exited).toBe(0);
    expect(Date.now() - stopping).toBeLessThan(5000);
  }, 50_000);
});
