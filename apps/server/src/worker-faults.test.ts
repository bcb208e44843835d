import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { describe, expect, it, vi } from 'vitest';
import { openPostgres } from './db/client';
import { REPO_ROOT } from './env';
import { createLogger } from './lib/logger';
import { BOSS_SCHEMA } from './modules/jobs/boss';
import { QUEUES } from './modules/jobs/jobs';
import { createStorageSweep } from './modules/storage-sweep/storage-sweep.service';
import { createLocalStorage } from './storage/local-storage';
import { pngBytes } from './test/images';
import { compiledServer } from './test/compiled';

/**
 * The cut-out worker killed with SIGKILL while it works the queue: after a restart every cut-out
 * finishes, none is recorded twice, and no stored image is left without its row once the storage
 * sweep has run (a row never lacks its objects). The jobs are sent
 * with a 4 s expiry and this test runs pg-boss's maintenance every second, so the job the killed
 * worker held is retried within seconds (in production: after the queue's expiry, 10 minutes).
 */
const url = process.env.DATABASE_URL;
const PHOTOS = 16;

describe.skipIf(!url)('the cut-out worker killed during cut-outs', { tags: ['postgres'] }, () => {
  it('finishes every job after a restart, none twice, nothing half-stored', async () => {
    const name = `curio_wfault_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const u = new URL(url!);
    u.pathname = `/${name}`;
    const dbUrl = u.toString();
    const database = openPostgres(dbUrl, 2, () => undefined);
    await database.migrate();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'curio-wfault-'));
    const storage = createLocalStorage(path.join(dataDir, 'storage'));
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    const boss = new PgBoss({ connectionString: dbUrl, schema: BOSS_SCHEMA, schedule: false, maintenanceIntervalSeconds: 1 });
    boss.on('error', () => undefined);
    let worker: ChildProcess | null = null;
    const startWorker = () => {
      const child = spawn(process.execPath, compiledServer('worker'), {
        cwd: path.join(REPO_ROOT, 'apps/server'),
        env: {
          ...process.env,
          DATABASE_URL: dbUrl,
          AUTH_SECRET: 'worker-fault-secret-long-enough-0123456789',
          CUTOUT: 'simple',
          DATA_DIR: dataDir,
          LOCAL_STORAGE_SHARED: 'true',
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
        },
        stdio: 'ignore',
      });
      worker = child;
      return child;
    };
    const done = async () => Number((await c.query(`select count(*)::int as n from photos where cutout_status = 'done'`)).rows[0].n);
    try {
      // Photos waiting for their cut-out, their masters in the store.
      await c.query(`insert into users (id, name, email, email_verified) values ('wf-user', 'W', 'wf@example.com', true)`);
      const shelf = (await c.query(`insert into shelves (user_id) values ('wf-user') returning id`)).rows[0].id;
      const items = (
        await c.query(`insert into items (shelf_id, user_id, title, tags) values ($1, 'wf-user', 'A', '{}'), ($1, 'wf-user', 'B', '{}') returning id`, [shelf])
      ).rows;
      const master = await pngBytes(320, 240);
      const photoIds: string[] = [];
      for (let i = 0; i < PHOTOS; i++) {
        const imageId = `wfphoto${String(i).padStart(4, '0')}${randomBytes(6).toString('hex')}`;
        await storage.put(`images/${imageId}/master.png`, master, 'image/png');
        await c.query(`insert into images (id, owner_id, kind, master_format, width, height, bytes) values ($1, 'wf-user', 'photo', 'png', 320, 240, $2)`, [
          imageId,
          master.length,
        ]);
        const photo = await c.query(`insert into photos (item_id, image_id) values ($1, $2) returning id`, [items[i % 2].id, imageId]);
        photoIds.push(photo.rows[0].id);
      }
      await boss.start();
      const queue = QUEUES.cutout;
      if (!(await boss.getQueue(queue.name))) await boss.createQueue(queue.name, { ...queue, retryDelay: 1, retryBackoff: false });
      for (const photoId of photoIds) await boss.send(queue.name, { photoId }, { singletonKey: photoId, expireInSeconds: 4 });

      startWorker();
      const until = Date.now() + 60_000;
      while ((await done()) < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      expect(await done()).toBeGreaterThanOrEqual(2);
      const killed = worker!;
      killed.kill('SIGKILL');
      await new Promise((r) => killed.once('exit', r));
      expect(await done()).toBeLessThan(PHOTOS); // killed with cut-outs still to do

      startWorker();
      const deadline = Date.now() + 90_000;
      while ((await done()) < PHOTOS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect(await done()).toBe(PHOTOS);

      // None twice: one cut-out image per photo, each referenced; every job completed once.
      const cutouts = await c.query(`select id from images where kind = 'cutout'`);
      expect(cutouts.rows).toHaveLength(PHOTOS);
      const referenced = await c.query(`select count(distinct cutout_image_id)::int as n from photos`);
      expect(referenced.rows[0].n).toBe(PHOTOS);
      const jobs = await c.query(`select state, count(*)::int as n from ${BOSS_SCHEMA}.job where name = $1 group by state`, [queue.name]);
      expect(jobs.rows).toEqual([{ state: 'completed', n: PHOTOS }]);
      // Nothing half-stored: every row has its objects; objects without a row (the kill came between
      // a cut-out's objects and its row) are what the storage sweep removes, after which none is left.
      let rows = new Set<string>();
      await vi.waitFor(async () => {
        rows = new Set((await c.query(`select id from images`)).rows.map((r: { id: string }) => r.id));
        for (const id of rows) expect(readdirSync(path.join(dataDir, 'storage/images', id)), `objects of ${id}`).not.toEqual([]);
      });
      await createStorageSweep(database.db, { storage, logger: createLogger('silent') }).sweep({ now: new Date(Date.now() + 2 * 3600_000) });
      const folders = readdirSync(path.join(dataDir, 'storage/images'));
      expect(folders.filter((f) => !rows.has(f))).toEqual([]);
    } finally {
      (worker as ChildProcess | null)?.kill('SIGKILL');
      await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
      await c.end();
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 170_000);
});
