import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from './db/lock';
import { REPO_ROOT } from './env';
import { LOCAL_S3_KEYS, startLocalS3 } from './storage/local-s3';
import { createTestDatabase } from './test/database';
import { closed, compiledServer } from './test/compiled';

const startServer = (env: Record<string, string>) =>
  spawn(process.execPath, compiledServer('main'), {
    cwd: path.join(REPO_ROOT, 'apps/server'),
    env: { ...process.env, DATABASE_URL: '', NODE_ENV: 'test', LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
  });

describe('server process', () => {
  it('stops a bad configuration at start-up, naming the variable', async () => {
    const child = startServer({ PORT: 'eighty', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'curio-main-')) });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    expect(await closed(child)).toBe(1);
    expect(stderr).toContain('PORT:');
  }, 30_000);

  it('checks the settings before it loads the rest of the server: the entry imports only the version check and the settings', () => {
    // Everything else (the database, the image library, the app) comes from server.ts once the settings passed, so a
    // wrong setting is reported at once instead of after some two seconds of loading.
    const entry = readFileSync(path.join(REPO_ROOT, 'apps/server/src/main.ts'), 'utf8');
    const staticImports = [...entry.matchAll(/^import\s+(?:[^'"]*from\s+)?'([^']+)'/gm)].map((m) => m[1]);
    expect(staticImports).toEqual(['./supported-node', './env']);
    expect(entry).toContain("await import('./server')");
  });

  /**
   * Starts the server with `env` and waits for it to exit (a server that starts listening instead, or
   * is still running after 25 s, is killed: its code is then null); answers its exit code and output.
   */
  async function refusedStart(env: Record<string, string>) {
    const child = startServer({
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'curio-main-')),
      PORT: String(20000 + Math.floor(Math.random() * 20000)),
      ...env,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const exited = closed(child);
    const deadline = Date.now() + 25_000;
    while (child.exitCode === null && child.signalCode === null && !stdout.includes('is listening') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    const code = await exited;
    return { code, stdout, stderr };
  }

  it.each([
    ['an empty PORT', { PORT: '' }, 'PORT: must be a port number 1–65535'],
    ['PORT=0', { PORT: '0' }, 'PORT: must be a port number 1–65535'],
    ['the AUTH_SECRET of deploy/env.example', { AUTH_SECRET: 'change-me-to-a-random-string-of-32-or-more-characters' }, 'AUTH_SECRET: is an example value'],
    ['an S3_ENDPOINT without a scheme', { S3_BUCKET: 'curio', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT: must be an http:// or https:// URL'],
    ['an SMTP_URL without a scheme', { SMTP_URL: 'smtp.example.org:587' }, 'SMTP_URL: must be an smtp:// or smtps:// URL'],
    ['an https SMTP_URL', { SMTP_URL: 'https://smtp.example.org' }, 'SMTP_URL: must be an smtp:// or smtps:// URL'],
  ])(
    'stops %s at start-up with one line naming the variable',
    async (_, env, message) => {
      const { code, stdout, stderr } = await refusedStart(env);
      expect(code).toBe(1);
      expect(stderr).toContain(message);
      expect(stderr).not.toMatch(/\n\s+at /); // no stack trace
      expect(stdout).not.toContain('is listening');
    },
    30_000,
  );

  it('stops at start-up when the bucket does not exist, naming S3_BUCKET, before it listens', async () => {
    const s3 = await startLocalS3({ directory: mkdtempSync(path.join(os.tmpdir(), 'curio-main-s3-')) }); // no bucket made
    try {
      const { code, stdout, stderr } = await refusedStart({
        S3_BUCKET: 'curio-missing',
        S3_ENDPOINT: s3.endpoint,
        S3_ACCESS_KEY_ID: LOCAL_S3_KEYS.accessKeyId,
        S3_SECRET_ACCESS_KEY: LOCAL_S3_KEYS.secretAccessKey,
      });
      expect(code).toBe(1);
      expect(stderr).toContain(`S3_BUCKET: the bucket "curio-missing" does not exist at S3_ENDPOINT ${s3.endpoint}`);
      expect(stderr).not.toMatch(/\n\s+at /);
      expect(stdout).not.toContain('is listening');
    } finally {
      await s3.close();
    }
  }, 30_000);

  it('stops at start-up when S3_ENDPOINT does not answer, naming it', async () => {
    const { code, stdout, stderr } = await refusedStart({
      S3_BUCKET: 'curio',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    });
    expect(code).toBe(1);
    expect(stderr).toContain('S3_ENDPOINT: cannot reach http://127.0.0.1:9 to check the bucket "curio" (S3_BUCKET): ECONNREFUSED');
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(stdout).not.toContain('is listening');
  }, 30_000);

  it('stops at start-up when the database does not answer, naming DATABASE_URL without its password', async () => {
    const { code, stdout, stderr } = await refusedStart({
      DATABASE_URL: 'postgres://curio:s3cret-pw@127.0.0.1:9/curio',
      AUTH_SECRET: 'x'.repeat(40),
      LOCAL_STORAGE_SHARED: 'true',
      S3_BUCKET: '',
    });
    expect(code).toBe(1);
    expect(stderr).toContain('DATABASE_URL: cannot use the PostgreSQL database at postgres://curio:***@127.0.0.1:9/curio: ');
    expect(stderr).toContain('ECONNREFUSED');
    expect(stderr).not.toContain('s3cret-pw');
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(stdout).not.toContain('is listening');
  }, 30_000);

  it('shuts down on SIGTERM after serving, closing the database and releasing the data directory', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'curio-main-'));
    const port = 20000 + Math.floor(Math.random() * 20000);
    const child = startServer({ PORT: String(port), DATA_DIR: dir });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    const exited = closed(child);
    // A new embedded data directory (initdb), the migrations and tsx's first compile: seconds on a quiet
    // machine, close to a minute on a busy 2-core one (the CI runs the PostgreSQL suite beside this one).
    const deadline = Date.now() + 90_000;
    try {
      while (!stdout.includes('is listening') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(stdout).toContain('is listening');
      const res = await fetch(`http://127.0.0.1:${port}/ready`);
      expect(res.status).toBe(200);
    } catch (err) {
      child.kill('SIGKILL'); // a failed start leaves no server running after the test
      throw err;
    }
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stdout).toContain('stopped');
    const release = await lockDataDir(dir); // free again
    await release();
  }, 120_000);

  it('refuses PostgreSQL with images in its own DATA_DIR, naming S3_BUCKET and LOCAL_STORAGE_SHARED', async () => {
    // Refused before the database is opened: the address need not answer.
    const child = startServer({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:9/none',
      AUTH_SECRET: 'x'.repeat(40),
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'curio-main-')),
      S3_BUCKET: '',
      LOCAL_STORAGE_SHARED: '',
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    expect(await closed(child)).toBe(1);
    expect(stderr).toContain('S3_BUCKET: required when DATABASE_URL is set');
    expect(stderr).toContain('LOCAL_STORAGE_SHARED=true');
  }, 30_000);

  /** Starts the server on a fresh PostgreSQL database with `env`, checks /ready, and stops it. */
  async function startsOnPostgres(env: Record<string, string>) {
    const database = await createTestDatabase();
    const url = ((database.db as unknown as { $client: pg.Pool }).$client.options as { connectionString: string }).connectionString;
    const port = 20000 + Math.floor(Math.random() * 20000);
    const child = startServer({
      DATABASE_URL: url,
      AUTH_SECRET: 'x'.repeat(40),
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'curio-main-')),
      CUTOUT: 'simple',
      WORKERS: '0',
      ...env,
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = closed(child);
    try {
      const deadline = Date.now() + 60_000;
      while (!output.includes('is listening') && child.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(output).toContain('is listening');
      expect((await fetch(`http://127.0.0.1:${port}/ready`)).status).toBe(200);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
      await database.close();
    }
  }

  it.runIf(process.env.DATABASE_URL)(
    'starts on PostgreSQL with images in DATA_DIR when LOCAL_STORAGE_SHARED=true',
    { tags: ['postgres'], timeout: 90_000 },
    async () => {
      await startsOnPostgres({ LOCAL_STORAGE_SHARED: 'true' });
    },
  );

  it.runIf(process.env.DATABASE_URL)('starts on PostgreSQL with images in an S3-compatible bucket', { tags: ['postgres'], timeout: 90_000 }, async () => {
    const s3 = await startLocalS3({ directory: mkdtempSync(path.join(os.tmpdir(), 'curio-main-s3-')), bucket: 'curio-main' });
    try {
      await startsOnPostgres({
        S3_BUCKET: 'curio-main',
        S3_ENDPOINT: s3.endpoint,
        S3_ACCESS_KEY_ID: LOCAL_S3_KEYS.accessKeyId,
        S3_SECRET_ACCESS_KEY: LOCAL_S3_KEYS.secretAccessKey,
      });
    } finally {
      await s3.close();
    }
  });
});
