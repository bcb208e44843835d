import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { describe, expect, it, vi } from 'vitest';
import { openPostgres } from '../db/client';
import { DataDirLockedError, lockDataDir } from '../db/lock';
import { BOSS_SCHEMA } from '../modules/jobs/boss';
import { parseEnv, resolveEnv } from '../env';
import { LOCAL_S3_KEYS, startLocalS3 } from '../storage/local-s3';
import { backup, restore, type Manifest } from './backup';

// Back up, change things, restore, and find the earlier state whole: rows, and image objects (none
// added since survive, none removed since are missing, changed bytes come back).
const envOf = (vars: Record<string, string>) => resolveEnv(parseEnv({ AUTH_SECRET: 'backup-test-secret-long-enough-0123456789', ...vars }));
const modeOf = (p: string) => statSync(p).mode & 0o777;
const manifestOf = (dir: string) => JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;

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

    const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'curio-backups-')), 'backups');
    const dir = await backup(env, out);
    expect(manifestOf(dir)).toMatchObject({ database: 'pglite', images: 'folder', objects: 2 });
    // Readable by the owner only: the folders 0700, every file 0600.
    for (const d of [out, dir, path.join(dir, 'images'), path.join(dir, 'images/images/abc')]) expect(modeOf(d), d).toBe(0o700);
    for (const f of ['manifest.json', 'pglite.tar', 'images/images/abc/public.webp']) expect(modeOf(path.join(dir, f)), f).toBe(0o600);

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
    expect(modeOf(path.join(dataDir, 'pglite'))).toBe(0o700);
    expect(readFileSync(img('public.webp'), 'utf8')).toBe('public-v1');
    expect(readFileSync(img('thumb.webp'), 'utf8')).toBe('thumb-v1');
    expect(existsSync(img('avatar.webp'))).toBe(false);
  }, 120_000);
});

describe('the auth secret in a backup', () => {
  it('keeps a generated secret (owner-only) and restores it into a fresh data directory; refuses what it cannot restore whole', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'curio-backup-secret-'));
    const env = resolveEnv(parseEnv({ DATA_DIR: dataDir, DATABASE_URL: '' }));
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, '.auth-secret'))).toBe(0o600);
    const db = await PGlite.create(path.join(dataDir, 'pglite'));
    await db.exec(`create table notes (id int primary key); insert into notes values (1);`);
    await db.close();
    const dir = await backup(env, mkdtempSync(path.join(os.tmpdir(), 'curio-backups-')));
    expect(manifestOf(dir)).toMatchObject({ authSecret: { source: 'data-dir', file: 'secrets/auth-secret' }, secrets: ['secrets/auth-secret'] });
    expect(readFileSync(path.join(dir, 'secrets/auth-secret'), 'utf8')).toBe(env.AUTH_SECRET);
    expect(modeOf(path.join(dir, 'secrets'))).toBe(0o700);
    expect(modeOf(path.join(dir, 'secrets/auth-secret'))).toBe(0o600);

    // A fresh data directory: the environment generated a secret of its own; the restore brings the old one back.
    const freshDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'curio-restore-fresh-')), 'data');
    const fresh = resolveEnv(parseEnv({ DATA_DIR: freshDir, DATABASE_URL: '' }));
    expect(fresh.AUTH_SECRET).not.toBe(env.AUTH_SECRET);
    await restore(fresh, dir);
    expect(resolveEnv(parseEnv({ DATA_DIR: freshDir, DATABASE_URL: '' })).AUTH_SECRET).toBe(env.AUTH_SECRET);
    expect(modeOf(path.join(freshDir, '.auth-secret'))).toBe(0o600);
    expect(modeOf(path.join(freshDir, 'pglite'))).toBe(0o700);

    // AUTH_SECRET set to another value would override the restored file: refused, unless told to go on.
    const other = envOf({ DATA_DIR: freshDir, DATABASE_URL: '' });
    await expect(restore(other, dir)).rejects.toThrow(/AUTH_SECRET in the environment differs.*--ignore-auth-secret/s);

    // Parts missing: refused before anything changes, naming them.
    rmSync(path.join(dir, 'secrets/auth-secret'));
    rmSync(path.join(dir, 'pglite.tar'));
    writeFileSync(path.join(freshDir, 'marker'), 'untouched');
    await expect(restore(fresh, dir)).rejects.toThrow(/incomplete.*pglite\.tar, secrets\/auth-secret missing/);
    expect(readFileSync(path.join(freshDir, '.auth-secret'), 'utf8')).toBe(env.AUTH_SECRET);

    // A backup made before the secret was kept: refused unless told to go on.
    const old = mkdtempSync(path.join(os.tmpdir(), 'curio-backup-old-'));
    const { authSecret: _omitted, secrets: _none, ...rest } = manifestOf(dir);
    writeFileSync(path.join(old, 'manifest.json'), JSON.stringify({ ...rest, version: 1 }));
    writeFileSync(path.join(old, 'pglite.tar'), '');
    mkdirSync(path.join(old, 'images'));
    await expect(restore(fresh, old)).rejects.toThrow(/older version.*auth secret/);
  }, 120_000);

  it('keeps only a fingerprint of an AUTH_SECRET from the environment, and refuses a restore with another one', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'curio-backup-envsecret-'));
    const env = envOf({ DATA_DIR: dataDir, DATABASE_URL: '' });
    const db = await PGlite.create(path.join(dataDir, 'pglite'));
    await db.exec(`create table notes (id int primary key); insert into notes values (1);`);
    await db.close();
    const dir = await backup(env, mkdtempSync(path.join(os.tmpdir(), 'curio-backups-')));
    const manifest = manifestOf(dir);
    expect(manifest.authSecret.source).toBe('environment');
    expect(existsSync(path.join(dir, 'secrets'))).toBe(false);
    expect(readFileSync(path.join(dir, 'manifest.json'), 'utf8')).not.toContain(env.AUTH_SECRET);

    const changed = await PGlite.create(path.join(dataDir, 'pglite'));
    await changed.exec(`insert into notes values (2);`);
    await changed.close();
    const otherSecret = envOf({ DATA_DIR: dataDir, DATABASE_URL: '', AUTH_SECRET: 'another-secret-that-is-long-enough-9876543210' });
    await expect(restore(otherSecret, dir)).rejects.toThrow(/made with AUTH_SECRET from the environment.*Set AUTH_SECRET/s);
    const generated = resolveEnv(parseEnv({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'curio-restore-gen-')), DATABASE_URL: '' }));
    await expect(restore({ ...generated, DATA_DIR: dataDir }, dir)).rejects.toThrow(/AUTH_SECRET/);
    const unchanged = await PGlite.create(path.join(dataDir, 'pglite'));
    expect((await unchanged.query('select count(*)::int as n from notes')).rows).toEqual([{ n: 2 }]);
    await unchanged.close();

    await restore(otherSecret, dir, { ignoreAuthSecret: true });
    await restore(env, dir);
    const back = await PGlite.create(path.join(dataDir, 'pglite'));
    expect((await back.query('select count(*)::int as n from notes')).rows).toEqual([{ n: 1 }]);
    await back.close();
  }, 120_000);
});

describe('backups and restores within one second', () => {
  it('makes two backups and two restores in the same second without one overwriting or failing on the other', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T12:00:00Z'));
    try {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'curio-backup-same-second-'));
      const env = envOf({ DATA_DIR: dataDir, DATABASE_URL: '' });
      const db = await PGlite.create(path.join(dataDir, 'pglite'));
      await db.exec(`create table notes (id int primary key); insert into notes values (1);`);
      await db.close();
      const out = mkdtempSync(path.join(os.tmpdir(), 'curio-backups-'));
      const first = await backup(env, out);
      const second = await backup(env, out);
      expect(second).not.toBe(first);
      expect(manifestOf(first).createdAt).toBe(manifestOf(second).createdAt);
      await restore(env, first);
      await restore(env, second);
      // Each restore kept the state it replaced beside, under a name of its own.
      expect(readdirSync(dataDir).filter((name) => name.startsWith('pglite.before-restore-'))).toHaveLength(2);
      const back = await PGlite.create(path.join(dataDir, 'pglite'));
      expect((await back.query('select count(*)::int as n from notes')).rows).toEqual([{ n: 1 }]);
      await back.close();
    } finally {
      vi.useRealTimers();
    }
  }, 120_000);
});

describe.skipIf(!process.env.DATABASE_URL)('backup and restore on PostgreSQL and an S3-compatible bucket', { tags: ['postgres'] }, () => {
  it('restores the earlier state whole over the live, migrated database with its job queue; an unreachable bucket leaves the database as it was', async () => {
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
      // The application's schema (drizzle's migration records too) and pg-boss's partitioned job tables.
      const database = openPostgres(url.toString(), 2, () => undefined);
      await database.migrate();
      await database.close();
      const boss = new PgBoss({ connectionString: url.toString(), schema: BOSS_SCHEMA, schedule: false, supervise: false });
      boss.on('error', () => undefined);
      await boss.start();
      await boss.createQueue('backup-test');
      await boss.send('backup-test', { n: 1 });
      await boss.stop({ graceful: false, wait: true });
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

      await c.query(
        `delete from notes where id = 1; insert into notes values (3, 'three'); update notes set body = 'TWO' where id = 2; delete from jobs.queue;`,
      );
      await c.query(`delete from pgboss.job; insert into users (id, name, email, email_verified) values ('later', 'L', 'later@example.com', true)`);
      await put('images/abc/public.webp', 'public-v2');
      await put('images/new/public.webp', 'added later');

      // The bucket does not answer: refused before the database is touched.
      await expect(restore({ ...env, S3_ENDPOINT: 'http://127.0.0.1:9' }, dir)).rejects.toThrow(/image store.*cannot be reached.*Nothing was restored/s);
      expect((await c.query('select id from notes order by id')).rows).toEqual([{ id: 2 }, { id: 3 }]);
      // A dump cut short: the transaction is not committed, the database stays as it was.
      const cut = mkdtempSync(path.join(os.tmpdir(), 'curio-backup-cut-'));
      cpSync(dir, cut, { recursive: true });
      writeFileSync(path.join(cut, 'db.dump'), readFileSync(path.join(dir, 'db.dump')).subarray(0, 4000));
      await expect(restore(env, cut)).rejects.toThrow(/left as it was/);
      expect((await c.query('select id from notes order by id')).rows).toEqual([{ id: 2 }, { id: 3 }]);
      expect((await c.query('select count(*)::int as n from users')).rows).toEqual([{ n: 1 }]);
      await c.end();

      await restore(env, dir);

      const after = new pg.Client({ connectionString: url.toString() });
      await after.connect();
      expect((await after.query('select id, body from notes order by id')).rows).toEqual([
        { id: 1, body: 'one' },
        { id: 2, body: 'two' },
      ]);
      expect((await after.query('select id from jobs.queue')).rows).toEqual([{ id: 7 }]);
      expect((await after.query(`select data from pgboss.job where name = 'backup-test'`)).rows).toEqual([{ data: { n: 1 } }]);
      expect((await after.query('select count(*)::int as n from users')).rows).toEqual([{ n: 0 }]);
      expect((await after.query('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0].n).toBeGreaterThan(0);
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
