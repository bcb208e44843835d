/**
 * Backups of everything Curio keeps: the database (PostgreSQL through pg_dump/pg_restore, or the
 * embedded PGlite through its data-directory dump) and the images (the folder or the bucket).
 *
 * A backup is a folder: manifest.json, db.dump (PostgreSQL, custom format) or pglite.tar, images/
 * (one file per object, by key) and secrets/auth-secret (the secret generated into
 * DATA_DIR/.auth-secret; a secret given as AUTH_SECRET is not kept, only its fingerprint). Everything
 * in it is readable by its owner only (0700 folders, 0600 files). Restore first checks that the
 * backup is whole, that the secret will match and that the image store answers, and only then
 * brings the database and the store back to exactly that state: objects added since are deleted,
 * the previous PGlite directory, image folder and secret file are kept beside as
 * *.before-restore-{time}.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { accessSync, chmodSync, constants, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DeleteObjectsCommand, GetObjectCommand, HeadBucketCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from '../db/lock';
import type { Env } from '../env';
import { ownerOnlyDir } from '../lib/owner-only';
import { s3ConfigFromEnv } from '../storage/from-env';
import { s3ClientFor } from '../storage/s3-storage';

export interface Manifest {
  version: 2;
  createdAt: string;
  database: 'postgres' | 'pglite';
  images: 'folder' | 's3';
  objects: number;
  /**
   * The auth secret the backup was made with: generated into DATA_DIR (then kept in the backup, at
   * `file`, a secret) or given as AUTH_SECRET (then only its fingerprint is kept).
   */
  authSecret: { source: 'data-dir'; file: string; fingerprint: string } | { source: 'environment'; fingerprint: string };
  /** The backup's files that are secrets: keep them where only the operator can read them. */
  secrets: string[];
}

/** A backup that cannot be made or restored as asked; the message says why and what to do. */
export class BackupError extends Error {}

export interface RestoreOptions {
  /** Restores although the auth secret is missing from the backup or differs from this setup's. */
  ignoreAuthSecret?: boolean;
}

const SECRET_FILE = 'secrets/auth-secret';

/** Identifies a secret without revealing it (an HMAC keyed by the secret itself). */
export const fingerprintOf = (secret: string) => createHmac('sha256', secret).update('curio backup: auth secret fingerprint').digest('hex');

/** The generated secret in DATA_DIR/.auth-secret, when that is the one the environment uses. */
function generatedSecret(env: Env): string | null {
  const file = path.join(env.DATA_DIR, '.auth-secret');
  if (!existsSync(file)) return null;
  const secret = readFileSync(file, 'utf8').trim();
  return secret === env.AUTH_SECRET ? secret : null;
}

/** Makes every folder under `root` (and itself) 0700 and every file 0600. */
function lockDown(root: string) {
  chmodSync(root, 0o700);
  for (const name of readdirSync(root)) {
    const p = path.join(root, name);
    if (statSync(p).isDirectory()) lockDown(p);
    else chmodSync(p, 0o600);
  }
}

const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '');

/**
 * `base` with the time of now appended, made unique among what exists: two backups or restores within
 * one second get `-2`, `-3`… rather than collide with the first one's folder.
 */
function stamped(base: string): string {
  const first = `${base}${stamp()}`;
  if (!existsSync(first)) return first;
  for (let n = 2; ; n++) if (!existsSync(`${first}-${n}`)) return `${first}-${n}`;
}

function s3Of(env: Env) {
  const bucket = env.S3_BUCKET!;
  const client = s3ClientFor(s3ConfigFromEnv({ ...env, S3_BUCKET: bucket }));
  const prefix = env.S3_PREFIX ? env.S3_PREFIX.replace(/\/$/, '') + '/' : '';
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
  const dir = stamped(path.join(outDir, 'curio-'));
  // Owner-only from the start: nothing written inside is reachable by other users meanwhile.
  mkdirSync(outDir, { recursive: true, mode: 0o700 });
  mkdirSync(dir, { mode: 0o700 });
  chmodSync(dir, 0o700);
  let database: Manifest['database'];
  if (env.DATABASE_URL) {
    // A consistent snapshot (one transaction) of every schema: the application's and pg-boss's.
    execFileSync('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(dir, 'db.dump')}`, env.DATABASE_URL], {
      stdio: 'inherit',
    });
    database = 'postgres';
  } else {
    // Refuses while a server (or the admin tool) holds the data directory.
    const release = await lockDataDir(env.DATA_DIR);
    try {
      const client = await PGlite.create(path.join(env.DATA_DIR, 'pglite'));
      const dump = await client.dumpDataDir('none');
      await client.close();
      writeFileSync(path.join(dir, 'pglite.tar'), Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
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
  const fingerprint = fingerprintOf(env.AUTH_SECRET);
  let authSecret: Manifest['authSecret'] = { source: 'environment', fingerprint };
  const generated = generatedSecret(env);
  if (generated) {
    mkdirSync(path.join(dir, 'secrets'), { mode: 0o700 });
    writeFileSync(path.join(dir, SECRET_FILE), generated, { mode: 0o600 });
    authSecret = { source: 'data-dir', file: SECRET_FILE, fingerprint };
  }
  const manifest: Manifest = {
    version: 2,
    createdAt: new Date().toISOString(),
    database,
    images: env.S3_BUCKET ? 's3' : 'folder',
    objects,
    authSecret,
    secrets: generated ? [SECRET_FILE] : [],
  };
  writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n', { mode: 0o600 });
  lockDown(dir);
  return dir;
}

const CONTENT_TYPES: Record<string, string> = { '.webp': 'image/webp', '.png': 'image/png', '.jpg': 'image/jpeg' };

/** Brings the database and the images back to the backup's state. Run it with the servers stopped. */
export async function restore(env: Env, dir: string, opts: RestoreOptions = {}): Promise<Manifest> {
  if (!existsSync(path.join(dir, 'manifest.json'))) throw new BackupError(`${dir} is not a backup: it has no manifest.json.`);
  const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest | (Omit<Manifest, 'version' | 'authSecret'> & { version: 1 });
  const want = env.DATABASE_URL ? 'postgres' : 'pglite';
  if (manifest.database !== want) {
    throw new BackupError(
      `This backup holds a ${manifest.database} database; the environment names ${want === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'the embedded database'}.`,
    );
  }
  // Everything the restore needs is checked before anything is changed.
  const missing = [manifest.database === 'postgres' ? 'db.dump' : 'pglite.tar', 'images/'].filter((f) => !existsSync(path.join(dir, f)));
  if (manifest.version === 2 && manifest.authSecret.source === 'data-dir' && !existsSync(path.join(dir, manifest.authSecret.file)))
    missing.push(manifest.authSecret.file);
  if (missing.length) throw new BackupError(`The backup ${dir} is incomplete, nothing was restored: ${missing.join(', ')} missing.`);
  const secret = checkAuthSecret(env, dir, manifest, opts);
  await checkImageStore(env);

  if (env.DATABASE_URL) await restorePostgres(env.DATABASE_URL, path.join(dir, 'db.dump'));
  else {
    const release = await lockDataDir(env.DATA_DIR);
    try {
      const target = path.join(env.DATA_DIR, 'pglite');
      const tar = readFileSync(path.join(dir, 'pglite.tar'));
      const fresh = stamped(`${target}.restoring-`);
      const client = await PGlite.create(fresh, { loadDataDir: new Blob([tar]) });
      await client.query('select 1');
      await client.close();
      chmodSync(fresh, 0o700);
      if (existsSync(target)) renameSync(target, stamped(`${target}.before-restore-`));
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
        new PutObjectCommand({
          Bucket: s3.bucket,
          Key: s3.prefix + key,
          Body: readFileSync(path.join(imagesDir, key)),
          ContentType: CONTENT_TYPES[path.extname(key)],
        }),
      );
    }
    const extra = (await s3.keys()).filter((k) => !keep.has(k));
    for (let i = 0; i < extra.length; i += 1000) {
      await s3.client.send(new DeleteObjectsCommand({ Bucket: s3.bucket, Delete: { Objects: extra.slice(i, i + 1000).map((k) => ({ Key: s3.prefix + k })) } }));
    }
    s3.client.destroy();
  } else {
    const storage = path.join(env.DATA_DIR, 'storage');
    if (existsSync(storage)) renameSync(storage, stamped(`${storage}.before-restore-`));
    mkdirSync(storage, { recursive: true });
    cpSync(imagesDir, storage, { recursive: true });
  }
  if (secret !== null) {
    const file = path.join(env.DATA_DIR, '.auth-secret');
    if (existsSync(file) && readFileSync(file, 'utf8').trim() !== secret) renameSync(file, stamped(`${file}.before-restore-`));
    writeFileSync(file, secret, { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return manifest as Manifest;
}

/**
 * Refuses a restore after which the server would run with another auth secret than the backup was
 * made with (every session would fail and authenticator-app codes could not be checked), unless
 * `ignoreAuthSecret`. Returns the secret to write into DATA_DIR/.auth-secret, if the backup holds one.
 */
function checkAuthSecret(env: Env, dir: string, manifest: { version: number; authSecret?: Manifest['authSecret'] }, opts: RestoreOptions): string | null {
  const override = 'Pass --ignore-auth-secret to restore anyway (every session ends; people with an authenticator app cannot sign in).';
  if (!manifest.authSecret) {
    if (opts.ignoreAuthSecret) return null;
    throw new BackupError(
      `This backup was made by an older version and does not hold the auth secret (DATA_DIR/.auth-secret or AUTH_SECRET), nothing was restored. ${override}`,
    );
  }
  const current = generatedSecret(env) === null ? 'environment' : 'data-dir';
  const matches = fingerprintOf(env.AUTH_SECRET) === manifest.authSecret.fingerprint;
  if (manifest.authSecret.source === 'data-dir') {
    const secret = readFileSync(path.join(dir, manifest.authSecret.file), 'utf8').trim();
    if (fingerprintOf(secret) !== manifest.authSecret.fingerprint)
      throw new BackupError(`The backup's ${manifest.authSecret.file} does not match its manifest, nothing was restored.`);
    // The restored DATA_DIR/.auth-secret is used unless AUTH_SECRET overrides it.
    if (current === 'environment' && !matches && !opts.ignoreAuthSecret) {
      throw new BackupError(
        `AUTH_SECRET in the environment differs from the secret this backup was made with (kept in its ${manifest.authSecret.file}), nothing was restored. ` +
          `Unset AUTH_SECRET (the restored DATA_DIR/.auth-secret is then used) or set it to that secret. ${override}`,
      );
    }
    return secret;
  }
  if (!matches && !opts.ignoreAuthSecret) {
    throw new BackupError(
      'This backup was made with AUTH_SECRET from the environment, which a backup does not hold, and the AUTH_SECRET configured now is a different one, nothing was restored. ' +
        `Set AUTH_SECRET to the value the backup was made with. ${override}`,
    );
  }
  return null;
}

/** Fails, before anything is changed, when the image store cannot be reached or written. */
async function checkImageStore(env: Env): Promise<void> {
  if (env.S3_BUCKET) {
    const s3 = s3Of(env);
    const probe = `${s3.prefix}restore-probe-${stamp()}`;
    try {
      await s3.client.send(new HeadBucketCommand({ Bucket: s3.bucket }));
      await s3.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: probe, Body: 'probe' }));
      await s3.client.send(new DeleteObjectsCommand({ Bucket: s3.bucket, Delete: { Objects: [{ Key: probe }] } }));
    } catch (err) {
      throw new BackupError(
        `The image store (bucket ${s3.bucket}${env.S3_ENDPOINT ? ` at ${env.S3_ENDPOINT}` : ''}) cannot be reached or written: ${(err as Error).message || (err as Error).name}. Nothing was restored.`,
      );
    } finally {
      s3.client.destroy();
    }
  } else {
    try {
      ownerOnlyDir(env.DATA_DIR);
      accessSync(env.DATA_DIR, constants.W_OK);
      const storage = path.join(env.DATA_DIR, 'storage');
      if (existsSync(storage)) accessSync(storage, constants.W_OK);
    } catch (err) {
      throw new BackupError(`The image folder under ${env.DATA_DIR} cannot be written: ${(err as Error).message}. Nothing was restored.`);
    }
  }
}

/**
 * Replaces the database's contents with the dump's, in one transaction: every schema but the
 * system's is dropped (the application's, drizzle's migration records, pg-boss's partitioned job
 * tables, which `pg_restore --clean` cannot drop), then the dump's SQL is applied, and the
 * transaction is committed only when pg_restore read the whole dump and psql met no error. Anything
 * else rolls back to the database as it was.
 */
async function restorePostgres(url: string, dump: string): Promise<void> {
  const dropAll = `begin;
do $$ declare s text; begin
  for s in select nspname from pg_namespace where nspname not like 'pg\\_%' and nspname <> 'information_schema' loop
    execute format('drop schema %I cascade', s);
  end loop;
end $$;
create schema public;
`;
  const source = spawn('pg_restore', ['--no-owner', '--no-privileges', '--file=-', dump], { stdio: ['ignore', 'pipe', 'pipe'] });
  const target = spawn('psql', ['--no-psqlrc', '--quiet', '--set=ON_ERROR_STOP=1', `--dbname=${url}`], { stdio: ['pipe', 'ignore', 'pipe'] });
  let errors = '';
  source.stderr!.on('data', (d: Buffer) => (errors += d.toString()));
  target.stderr!.on('data', (d: Buffer) => (errors += d.toString()));
  // psql may stop early (an error): what is left of the dump has nowhere to go.
  target.stdin!.on('error', () => undefined);
  const closed = (child: ReturnType<typeof spawn>) => new Promise<number | null>((resolve, reject) => child.on('error', reject).on('close', resolve));
  const sourceDone = closed(source);
  const targetDone = closed(target);
  target.stdin!.write(dropAll);
  source.stdout!.pipe(target.stdin!, { end: false });
  const sourceCode = await sourceDone.catch(() => -1);
  // Without the commit psql ends with the transaction open, and PostgreSQL rolls it back.
  target.stdin!.end(sourceCode === 0 ? '\ncommit;\n' : '');
  const targetCode = await targetDone;
  if (sourceCode !== 0 || targetCode !== 0) {
    throw new BackupError(`Restoring the PostgreSQL database failed; it was left as it was.${errors ? `\n${errors.trim()}` : ''}`);
  }
}
