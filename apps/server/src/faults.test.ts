import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTopology, waitReady, type Proc, type Topology } from './cli/topology';
import { openPostgres, type Database } from './db/client';
import { createLogger } from './lib/logger';
import { createStorageSweep } from './modules/storage-sweep/storage-sweep.service';
import { createS3Storage } from './storage/s3-storage';
import type { Storage } from './storage/storage';
import { pngBytes } from './test/images';
import { compiledServerDir } from './test/compiled';

/**
 * Faults on the production topology (two web processes on one PostgreSQL, images in s3rver), run
 * in the PostgreSQL pass: a web process killed with SIGKILL in the middle of acknowledged writes
 * (likes, comments, items and uploads). FAULT_RUNS kills (20 by default), at least FAULT_WRITES
 * acknowledged writes in all (1,000 by default, spread evenly over the runs).
 */
const RUNS = Number(process.env.FAULT_RUNS ?? 20);
const WRITES = Number(process.env.FAULT_WRITES ?? 1000);
/** The objects every uploaded photo has in the store. */
const PHOTO_OBJECTS = ['avatar.webp', 'master.png', 'public.webp', 'thumb.webp'];
const SEEDED_IMAGE = 'faultimage00000000000000';
const url = process.env.DATABASE_URL;

describe.skipIf(!url)('a web process killed (SIGKILL) during acknowledged writes', { tags: ['postgres'] }, () => {
  let top: Topology;
  let dbUrl = '';
  let dbName = '';
  let client: pg.Client;
  let database: Database;
  let storage: Storage;
  let photo: Buffer;
  const users: { cookie: string; userId: string }[] = [];
  const itemIds: string[] = [];
  /** Two shown items nobody likes during the kills: the live-stream test's likes are new ones. */
  const streamItemIds: string[] = [];

  beforeAll(async () => {
    dbName = `curio_faults_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(url!);
    u.pathname = `/${dbName}`;
    dbUrl = u.toString();
    top = await startTopology({
      databaseUrl: dbUrl,
      web: 2,
      workers: 0,
      proxy: false,
      entry: 'dist',
      // Compiled: a restart then takes a third of the time it takes through tsx, which is most of each run.
      distDir: compiledServerDir(),
      dir: mkdtempSync(path.join(os.tmpdir(), 'curio-faults-')),
      env: {
        NODE_ENV: 'test',
        CUTOUT: 'simple',
        COMMENT_INTERVAL_SECONDS: '0',
        COMMENTS_PER_HOUR: '100000',
        UPLOADS_PER_HOUR: '100000',
        AUTH_SIGNIN_RATE_LIMIT_MAX: '100000',
        PUBLIC_URL: 'http://localhost:3000',
      },
    });
    // The test's own view of the store and the database, to check them and run the sweep.
    storage = createS3Storage({ ...top.s3, region: 'us-east-1' });
    database = openPostgres(dbUrl, 2, () => undefined);
    photo = await pngBytes(96, 72);
    // Collectors signed up through the second process (the one that is never killed).
    const web2 = top.webs[1]!.url!;
    for (let i = 0; i < 8; i++) {
      const res = await fetch(`${web2}/auth/v1/sign-up/email`, {
        method: 'POST',
        headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
        body: JSON.stringify({ email: `fault${i}-${Date.now()}@example.com`, password: 'correct horse battery', name: `F${i}` }),
      });
      expect(res.status).toBe(200);
      const cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const userId = ((await res.json()) as { user: { id: string } }).user.id;
      const onboard = await fetch(`${web2}/functions/v1/onboarding-complete`, {
        method: 'POST',
        headers: { origin: 'http://localhost:3000', 'content-type': 'application/json', cookie },
        body: JSON.stringify({ handle: `fault_${i}_${Date.now().toString(36)}`, displayName: `F${i}`, bio: '', public: true }),
      });
      expect(onboard.status).toBe(200);
      users.push({ cookie, userId });
    }
    client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    // 102 shown items of the first collector: 100 for likes and comments, 2 for the live stream.
    await client.query(`insert into images (id, kind, master_format, width, height, bytes) values ('${SEEDED_IMAGE}', 'composite', 'jpg', 10, 10, 1)`);
    const rows = await client.query(
      `insert into items (shelf_id, user_id, title, tags) select s.id, s.user_id, 'Shown ' || g, array['robots'] from shelves s, generate_series(1, 102) g where s.user_id = $1 returning id`,
      [users[0]!.userId],
    );
    const ids = rows.rows.map((r: { id: string }) => r.id);
    itemIds.push(...ids.slice(0, 100));
    streamItemIds.push(...ids.slice(100));
    await client.query(
      `insert into composites (item_id, image_id, style, variant_no, generation_id) select id, 'faultimage00000000000000', 'bookshelf_hero', 1, gen_random_uuid() from items`,
    );
    await client.query(`update items i set chosen_composite_id = c.id from composites c where c.item_id = i.id`);
  }, 150_000);

  afterAll(async () => {
    await client?.end();
    await database?.close();
    await top?.stop();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }, 60_000);

  /**
   * Stored images against their rows: every acknowledged upload has its row and all its objects,
   * no row lacks its objects, and objects without a row belong only to uploads never acknowledged;
   * the sweep (run as if its grace period had passed) removes exactly those, after which none is left.
   */
  async function checkImages(ackedUploads: string[], signed: Set<string>) {
    const objects = new Map<string, string[]>();
    const listAll = async () => {
      objects.clear();
      for await (const page of storage.list('images')) {
        for (const o of page) {
          const [, id, name] = o.key.split('/');
          objects.set(id!, [...(objects.get(id!) ?? []), name!]);
        }
      }
    };
    await listAll();
    const rows = new Set((await client.query(`select id from images where id <> $1`, [SEEDED_IMAGE])).rows.map((r: { id: string }) => r.id));
    for (const id of ackedUploads) {
      expect(rows.has(id), `acknowledged upload ${id} has its row`).toBe(true);
      expect((objects.get(id) ?? []).sort(), `acknowledged upload ${id} has its objects`).toEqual(PHOTO_OBJECTS);
    }
    // No row without its objects (rows are written after the objects, and removed before them).
    for (const id of rows) expect((objects.get(id) ?? []).sort(), `row ${id} has its objects`).toEqual(PHOTO_OBJECTS);
    // Objects without a row: only of uploads that were never acknowledged (the kill came between).
    const orphans = [...objects.keys()].filter((id) => !rows.has(id));
    for (const id of orphans) expect(signed.has(id) && !ackedUploads.includes(id), `objects of ${id} without a row`).toBe(true);
    const swept = await createStorageSweep(database.db, { storage, logger: createLogger('silent') }).sweep({ now: new Date(Date.now() + 2 * 3600_000) });
    expect(swept.images).toBe(orphans.length);
    await listAll();
    expect([...objects.keys()].filter((id) => !rows.has(id))).toEqual([]);
    for (const id of ackedUploads) expect((objects.get(id) ?? []).sort()).toEqual(PHOTO_OBJECTS);
    return orphans.length;
  }

  it(`loses nothing acknowledged and leaves nothing half-written (${RUNS} runs, ${WRITES}+ writes), while the other process keeps serving`, async () => {
    const acked = { likes: [] as [string, string][], comments: [] as string[], items: [] as string[], uploads: [] as string[] };
    const ackedCount = () => acked.likes.length + acked.comments.length + acked.items.length + acked.uploads.length;
    const signedUploads = new Set<string>();
    const perRun = Math.ceil(WRITES / RUNS);
    let secondServed = 0;
    let secondFailed = 0;
    let sweptOrphans = 0;
    let web1: Proc = top.webs[0]!;
    const web2 = top.webs[1]!;
    const timings: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const runStarted = Date.now();
      if (run > 0) {
        web1 = await web1.restart();
        await waitReady(web1.url!, 60_000);
      }
      const target = web1.url!;
      let stop = false;
      let n = 0;
      const post = (u: { cookie: string }, name: string, body: unknown) =>
        fetch(`${target}/functions/v1/${name}`, {
          method: 'POST',
          headers: { origin: 'http://localhost:3000', 'content-type': 'application/json', cookie: u.cookie },
          body: JSON.stringify(body),
        });
      /** An upload as the web app sends one: a signature, then the photo to the signed URL. */
      const upload = async (u: { cookie: string }) => {
        const sign = await post(u, 'uploads-sign', { kind: 'photo', fileName: 'photo.png', contentType: 'image/png' });
        if (sign.status !== 200) return expect(sign.status).not.toBe(500);
        const { uploadURL, imageId } = (await sign.json()) as { uploadURL: string; imageId: string };
        signedUploads.add(imageId);
        const form = new FormData();
        form.set('file', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'photo.png');
        const res = await fetch(`${target}${uploadURL}`, { method: 'POST', headers: { origin: 'http://localhost:3000', cookie: u.cookie }, body: form });
        if (res.status === 200) acked.uploads.push(imageId);
        else expect(res.status).not.toBe(500);
      };
      const writer = async (w: number) => {
        while (!stop) {
          const k = n++;
          const u = users[1 + ((w + k) % (users.length - 1))]!;
          try {
            if (k % 4 === 0) {
              const itemId = itemIds[(run * 31 + k) % itemIds.length]!;
              const res = await post(u, 'social-like-toggle', { itemId, liked: true });
              if (res.status === 200) acked.likes.push([u.userId, itemId]);
              else expect(res.status).not.toBe(500);
            } else if (k % 4 === 1) {
              const body = `fault-${run}-${k}-${randomBytes(3).toString('hex')}`;
              const res = await post(u, 'comments-create', { itemId: itemIds[k % itemIds.length], body });
              if (res.status === 200) acked.comments.push(body);
              else expect(res.status).not.toBe(500);
            } else if (k % 4 === 2) {
              const title = `fault item ${run}-${k}`;
              const res = await post(u, 'items-create', { title, tags: 'robots' });
              if (res.status === 200) acked.items.push(((await res.json()) as { item: { id: string } }).item.id);
              else if (res.status !== 409) expect(res.status).not.toBe(500); // 409: the 50-item shelf is full
            } else {
              await upload(u);
            }
          } catch (err) {
            if ((err as { name?: string }).name === 'AssertionError') throw err;
            return; // the process is gone: this writer's last request was never acknowledged
          }
        }
      };
      const before = ackedCount();
      const writers = Array.from({ length: 6 }, (_, w) => writer(w));
      // Kill once this run's share of acknowledged writes is in, at a random moment after.
      const waitUntil = Date.now() + 30_000;
      while (ackedCount() - before < perRun && Date.now() < waitUntil) await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, Math.random() * 150));
      web1.child.kill('SIGKILL');
      await web1.exited;
      stop = true;
      await Promise.all(writers);
      // The other process keeps serving.
      for (let i = 0; i < 5; i++) {
        const res = await fetch(`${web2.url}/functions/v1/item-get?itemId=${itemIds[i]}`);
        if (res.status === 200) secondServed++;
        else secondFailed++;
      }
      // After each kill: no upload half-stored (beyond what the sweep removes).
      sweptOrphans += await checkImages(acked.uploads, signedUploads);
      timings.push(Date.now() - runStarted);
    }
    console.log(
      `faults: ${RUNS} kills, ${ackedCount()} acknowledged writes (likes ${acked.likes.length}, comments ${acked.comments.length}, items ${acked.items.length}, uploads ${acked.uploads.length}), ` +
        `${sweptOrphans} unacknowledged uploads swept, runs ${timings.map((t) => (t / 1000).toFixed(1)).join(' ')} s`,
    );
    expect(secondFailed).toBe(0);
    expect(secondServed).toBe(RUNS * 5);
    expect(ackedCount()).toBeGreaterThanOrEqual(WRITES);
    expect(acked.uploads.length).toBeGreaterThan(0);

    // Nothing acknowledged is lost.
    const likes = await client.query(`select user_id || ':' || item_id as k from likes`);
    const likeSet = new Set(likes.rows.map((r: { k: string }) => r.k));
    expect(acked.likes.filter(([u, i]) => !likeSet.has(`${u}:${i}`))).toEqual([]);
    const comments = await client.query(`select body from comments where body = any($1)`, [acked.comments]);
    expect(comments.rows.length).toBe(new Set(acked.comments).size);
    const items = await client.query(`select id from items where id = any($1::uuid[])`, [acked.items]);
    expect(items.rows.length).toBe(acked.items.length);
    const uploads = await client.query(`select id from images where id = any($1)`, [acked.uploads]);
    expect(uploads.rows.length).toBe(acked.uploads.length);

    // Nothing half-written: counters agree with the rows they count, every arrangement has its item,
    // every like and comment its item, every notification its recipient.
    const badCounts = await client.query(`select s.item_id from item_stats s where s.like_count <> (select count(*) from likes l where l.item_id = s.item_id)`);
    expect(badCounts.rows).toEqual([]);
    const likedWithoutStats = await client.query(
      `select distinct l.item_id from likes l left join item_stats s on s.item_id = l.item_id where s.item_id is null`,
    );
    expect(likedWithoutStats.rows).toEqual([]);
    const orphans = await client.query(
      `select (select count(*) from arrangements a left join items i on i.id = a.item_id where i.id is null)::int as arrangements,
              (select count(*) from items i left join shelves s on s.id = i.shelf_id where s.id is null)::int as items`,
    );
    expect(orphans.rows[0]).toEqual({ arrangements: 0, items: 0 });
  }, 600_000);

  it('a live stream on a killed process reconnects to the other one and resumes from Last-Event-ID', async () => {
    let web1 = top.webs[0]!;
    if (web1.child.exitCode !== null || web1.child.signalCode !== null) {
      web1 = await web1.restart();
      await waitReady(web1.url!, 60_000);
    }
    const [owner, fan, other] = [users[0]!, users[1]!, users[2]!];
    const like = (u: { cookie: string }, base: string, itemId: string) =>
      fetch(`${base}/functions/v1/social-like-toggle`, {
        method: 'POST',
        headers: { origin: 'http://localhost:3000', 'content-type': 'application/json', cookie: u.cookie },
        body: JSON.stringify({ itemId, liked: true }),
      });
    /** Reads frames until one carrying a notification from `actorId` arrives; returns its id. */
    async function waitForNotification(res: Response, actorId: string) {
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let buf = '';
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += decoder.decode(value, { stream: true });
        for (const frame of buf.split('\n\n')) {
          if (!frame.includes('event: notification') || !frame.includes(actorId)) continue;
          const id = /^id: (.+)$/m.exec(frame)?.[1];
          await reader.cancel();
          return id;
        }
      }
      await reader.cancel().catch(() => undefined);
      throw new Error(`no notification from ${actorId} on the stream`);
    }
    const first = await fetch(`${web1.url}/realtime/v1/notifications`, { headers: { cookie: owner.cookie } });
    expect(first.status).toBe(200);
    const firstSeen = waitForNotification(first, fan.userId);
    expect((await like(fan, top.webs[1]!.url!, streamItemIds[0]!)).status).toBe(200);
    const lastEventId = await firstSeen;
    expect(lastEventId).toBeTruthy();

    web1.child.kill('SIGKILL');
    await web1.exited;
    // While the browser is away, another like; then it reconnects to the surviving process.
    expect((await like(other, top.webs[1]!.url!, streamItemIds[1]!)).status).toBe(200);
    const resumed = await fetch(`${top.webs[1]!.url}/realtime/v1/notifications`, { headers: { cookie: owner.cookie, 'last-event-id': lastEventId! } });
    expect(resumed.status).toBe(200);
    expect(await waitForNotification(resumed, other.userId)).toBeTruthy();
  }, 120_000);
});
