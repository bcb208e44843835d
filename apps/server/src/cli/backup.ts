/**
 * Backups of everything Curio keeps: the database (PostgreSQL through pg_dump/pg_restore, or the
 * embedded PGlite through its data-directory dump) and the images (the folder or the bucket).
 *
 * A backup is a folder: manifest.json, db.dump (PostgreSQL, custom format) or pglite.tar, and
 * images/ (one file per object, by key). Restore brings the database and the store back to exactly
 * that state: objects added since are deleted, the previous PGlite directory and image folder are
 * kept beside as *.before-restore-{time}.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from '../db/lock';
import type { Env } from '../env';

export interface Manifest {
  version: 1;
  createdAt: string;
  database: 'postgres' | 'pglite';
  images: 'folder' | 's3';
  objects: number;
}

const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '');

function s3Of(env: Env) {
  const client = new S3Client({
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
    credentials: env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
  });
  const prefix = env.S3_PREFIX ? env.S3_PREFIX.replace(/\/$/, '') + '/' : '';
  const bucket = env.S3_BUCKET!;
  async function keys(): Promise<string[]> {
    const out: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
      for (const o of page.Contents ?? []) out.push(o.Key!.slice(prefix.length));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out;
  }
  return { client, prefix, bucket, keys };
}

function filesUnder(root: string, rel = ''): string[] {
  if (!existsSync(path.join(root, rel))) return [];
  return readdirSync(path.join(root, rel)).flatMap((name) => {
    const r = rel ? `${rel}/${name}` : name;
    return statSync(path.join(root, r)).isDirectory() ? filesUnder(root, r) : [r];
  });
}

/** Writes a backup folder under `outDir` and returns its path. */
export async function backup(env: Env, outDir: string): Promise<string> {
  const dir = path.join(outDir, `curio-${stamp()}`);
  mkdirSync(dir, { recursive: true });
  let database: Manifest['database'];
  if (env.DATABASE_URL) {
    // A consistent snapshot (one transaction) of every schema: the application's and pg-boss's.
    execFileSync('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(dir, 'db.dump')}`, env.DATABASE_URL], { stdio: 'inherit' });
    database = 'postgres';
  } else {
    // Refuses while a server (or the admin tool) holds the data directory.
    const release = await lockDataDir(env.DATA_DIR);
    try {
      const client = await PGlite.create(path.join(env.DATA_DIR, 'pglite'));
      const dump = await client.dumpDataDir('none');
      await client.close();
      writeFileSync(path.join(dir, 'pglite.tar'), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await release();
    }
    database = 'pglite';
  }
  const imagesDir = path.join(dir, 'images');
  mkdirSync(imagesDir, { recursive: true });
  let objects = 0;
  if (env.S3_BUCKET) {
    const s3 = s3Of(env);
    for (const key of await s3.keys()) {
      const res = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: s3.prefix + key }));
      const file = path.join(imagesDir, key);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, Buffer.from(await res.Body!.transformToByteArray()));
      objects++;
    }
    s3.client.destroy();
  } else {
    const storage = path.join(env.DATA_DIR, 'storage');
    if (existsSync(storage)) cpSync(storage, imagesDir, { recursive: true });
    objects = filesUnder(imagesDir).length;
  }
  const manifest: Manifest = { version: 1, createdAt: new Date().toISOString(), database, images: env.S3_BUCKET ? 's3' : 'folder', objects };
  writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  return dir;
}

const CONTENT_TYPES: Record<string, string> = { '.webp': 'image/webp', '.png': 'image/png', '.jpg': 'image/jpeg' };

/** Brings the database and the images back to the backup's state. Run it with the servers stopped. */
export async function restore(env: Env, dir: string): Promise<Manifest> {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
  const want = env.DATABASE_URL ? 'postgres' : 'pglite';
  if (manifest.database !== want) {
    throw new Error(`This backup holds a ${manifest.database} database; the environment names ${want === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'the embedded database'}.`);
  }
  if (env.DATABASE_URL) {
    // Drops and recreates what the dump holds, in one transaction: all or nothing.
    execFileSync(
      'pg_restore',
      ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${env.DATABASE_URL}`, path.join(dir, 'db.dump')],
      { stdio: 'inherit' },
    );
  } else {
    const release = await lockDataDir(env.DATA_DIR);
    try {
      const target = path.join(env.DATA_DIR, 'pglite');
      const tar = readFileSync(path.join(dir, 'pglite.tar'));
      const fresh = `${target}.restoring-${stamp()}`;
      const client = await PGlite.create(fresh, { loadDataDir: new Blob([tar]) });
      await client.query('select 1');
      await client.close();
      if (existsSync(target)) renameSync(target, `${target}.before-restore-${stamp()}`);
      renameSync(fresh, target);
    } finally {
      await release();
    }
  }
  const imagesDir = path.join(dir, 'images');
  const files = filesUnder(imagesDir);
  if (env.S3_BUCKET) {
    const s3 = s3Of(env);
    const keep = new Set(files);
    for (const key of files) {
      await s3.client.send(
        new PutObjectCommand({ Bucket: s3.bucket, Key: s3.prefix + key, Body: readFileSync(path.join(imagesDir, key)), ContentType: CONTENT_TYPES[path.extname(key)] }),
      );
    }
    const extra = (await s3.keys()).filter((k) => !keep.has(k));
    for (let i = 0; i < extra.length; i += 1000) {
      await s3.client.send(new DeleteObjectsCommand({ Bucket: s3.bucket, Delete: { Objects: extra.slice(i, i + 1000).map((k) => ({ Key: s3.prefix + k })) } }));
    }
    s3.client.destroy();
  } else {
    const storage = path.join(env.DATA_DIR, 'storage');
    if (existsSync(storage)) renameSync(storage, `${storage}.before-restore-${stamp()}`);
    mkdirSync(storage, { recursive: true });
    cpSync(imagesDir, storage, { recursive: true });
  }
  return manifest;
}
