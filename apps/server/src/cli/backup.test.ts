import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../db/lock';
import { parseEnv, resolveEnv } from '../env';
import { LOCAL_S3_KEYS, startLocalS3 } from '../storage/local-s3';
import { backup, restore } from './backup';

// Back up, change things, restore, and find the earlier state whole: rows, and image objects (none
// added since survive, none removed since are missing, changed bytes come back).
const envOf = (vars: Record<string, string>) => resolveEnv(parseEnv({ AUTH_SECRET: 'backup-test-secret-long-enough-0123456789', ...vars }));

describe('backup and restore on the embedded database and the image folder', () => {
  it('restores the earlier state whole, and refuses while a server holds the data directory', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'curio-backup-'));
    const env = envOf({ DATA_DIR: dataDir, DATABASE_URL: '' });
    const db = await PGlite.create(path.join(dataDir, 'pglite'));
    await db.exec(`create table notes (id int primary key, body text); insert into notes values (1, 'one'), (2, 'two');`);
    await db.close();
    const img = (name: string) => path.join(dataDir, 'storage/images/abc', name);
    mkdirSync(path.dirname(img('x')), { recursive: true });
    writeFileSync(img('public.webp'), 'public-v1');
    writeFileSync(img('thumb.webp'), 'thumb-v1');

    const held = await lockDataDir(dataDir);
    await expect(backup(env, path.join(dataDir, 'out'))).rejects.toBeInstanceOf(DataDirLockedError);
    await held();

    const dir = await backup(env, mkdtempSync(path.join(os.tmpdir(), 'curio-backups-')));
    expect(JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'))).toMatchObject({ database: 'pglite', images: 'folder', objects: 2 });

    const changed = await PGlite.create(path.join(dataDir, 'pglite'));
    await changed.exec(`delete from notes where id = 1; insert into notes values (3, 'three'); update notes set body = 'TWO' where id = 2;`);
    await changed.close();
    writeFileSync(img('public.webp'), 'public-v2');
    writeFileSync(img('avatar.webp'), 'added later');

    const held2 = await lockDataDir(dataDir);
    await expect(restore(env, dir)).rejects.toBeInstanceOf(DataDirLockedError);
    await held2();
    await restore(env, dir);

    const back = await PGlite.create(path.join(dataDir, 'pglite'));
    expect((await back.query('select id, body from notes order by id')).rows).toEqual([
      { id: 1, body: 'one' },
      { id: 2, body: 'two' },
    ]);
    await back.close();
    expect(readFileSync(img('public.webp'), 'utf8')).toBe('public-v1');
    expect(readFileSync(img('thumb.webp'), 'utf8')).toBe('thumb-v1');
    expect(existsSync(img('avatar.webp'))).toBe(false);
  }, 120_000);
});

describe.skipIf(!process.env.DATABASE_URL)('backup and restore on PostgreSQL and an S3-compatible bucket', () => {
  it('restores the earlier state whole', async () => {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const name = `curio_backup_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    await admin.query(`create database ${name}`);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    const server = await startLocalS3({ directory: mkdtempSync(path.join(os.tmpdir(), 'curio-backup-s3-')) });
    const endpoint = server.endpoint;
    const s3 = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: LOCAL_S3_KEYS });
    const c = new pg.Client({ connectionString: url.toString() });
    try {
      await s3.send(new CreateBucketCommand({ Bucket: 'curio-backup' }));
      const put = (key: string, body: string) => s3.send(new PutObjectCommand({ Bucket: 'curio-backup', Key: `p/${key}`, Body: body }));
      const get = async (key: string) => {
        try {
          return await (await s3.send(new GetObjectCommand({ Bucket: 'curio-backup', Key: `p/${key}` }))).Body!.transformToString();
        } catch {
          return null;
        }
      };
      await c.connect();
      await c.query(`create table notes (id int primary key, body text); insert into notes values (1, 'one'), (2, 'two');`);
      await c.query(`create schema jobs; create table jobs.queue (id int); insert into jobs.queue values (7);`);
      await put('images/abc/public.webp', 'public-v1');
      await put('images/abc/thumb.webp', 'thumb-v1');
      const env = envOf({
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'curio-backup-pg-')),
        DATABASE_URL: url.toString(),
        S3_BUCKET: 'curio-backup',
        S3_ENDPOINT: endpoint,
        S3_ACCESS_KEY_ID: LOCAL_S3_KEYS.accessKeyId,
        S3_SECRET_ACCESS_KEY: LOCAL_S3_KEYS.secretAccessKey,
        S3_PREFIX: 'p',
      });
      const dir = await backup(env, mkdtempSync(path.join(os.tmpdir(), 'curio-backups-')));
      expect(JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'))).toMatchObject({ database: 'postgres', images: 's3', objects: 2 });

      await c.query(`delete from notes where id = 1; insert into notes values (3, 'three'); update notes set body = 'TWO' where id = 2; delete from jobs.queue;`);
      await put('images/abc/public.webp', 'public-v2');
      await put('images/new/public.webp', 'added later');
      await c.end();

      await restore(env, dir);

      const after = new pg.Client({ connectionString: url.toString() });
      await after.connect();
      expect((await after.query('select id, body from notes order by id')).rows).toEqual([
        { id: 1, body: 'one' },
        { id: 2, body: 'two' },
      ]);
      expect((await after.query('select id from jobs.queue')).rows).toEqual([{ id: 7 }]);
      await after.end();
      expect(await get('images/abc/public.webp')).toBe('public-v1');
      expect(await get('images/abc/thumb.webp')).toBe('thumb-v1');
      expect(await get('images/new/public.webp')).toBeNull();
      const keys = ((await s3.send(new ListObjectsV2Command({ Bucket: 'curio-backup' }))).Contents ?? []).map((o) => o.Key).sort();
      expect(keys).toEqual(['p/images/abc/public.webp', 'p/images/abc/thumb.webp']);
    } finally {
      await c.end().catch(() => undefined);
      s3.destroy();
      await server.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 120_000);
});
