import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from './db/lock';
import { REPO_ROOT } from './env';
import { LOCAL_S3_KEYS, startLocalS3 } from './storage/local-s3';
import { createTestDatabase } from './test/database';

const startServer = (env: Record<string, string>) =>
  spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/main.ts')], {
    cwd: path.join(REPO_ROOT, 'apps/server'),
    env: { ...process.env, DATABASE_URL: '', NODE_ENV: 'test', LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
  });

describe('server process', () => {
  it('stops a bad configuration at start-up, naming the variable', async () => {
    const child = startServer({ PORT: 'eighty', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'curio-main-')) });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    expect(await new Promise((r) => child.on('exit', r))).toBe(1);
    expect(stderr).toContain('PORT:');
  }, 30_000);

  it('shuts down on SIGTERM after serving, closing the database and releasing the data directory', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'curio-main-'));
    const port = 20000 + Math.floor(Math.random() * 20000);
    const child = startServer({ PORT: String(port), DATA_DIR: dir });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    const exited = new Promise<number | null>((r) => child.on('exit', r));
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
    expect(await new Promise((r) => child.on('exit', r))).toBe(1);
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
    const exited = new Promise<number | null>((r) => child.on('exit', r));
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

  it.runIf(process.env.DATABASE_URL)('starts on PostgreSQL with images in DATA_DIR when LOCAL_STORAGE_SHARED=true', async () => {
    await startsOnPostgres({ LOCAL_STORAGE_SHARED: 'true' });
  }, 90_000);

  it.runIf(process.env.DATABASE_URL)('starts on PostgreSQL with images in an S3-compatible bucket', async () => {
    const s3 = await startLocalS3({ directory: mkdtempSync(path.join(os.tmpdir(), 'curio-main-s3-')), bucket: 'curio-main' });
    try {
      await startsOnPostgres({ S3_BUCKET: 'curio-main', S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY_ID: LOCAL_S3_KEYS.accessKeyId, S3_SECRET_ACCESS_KEY: LOCAL_S3_KEYS.secretAccessKey });
    } finally {
      await s3.close();
    }
  }, 90_000);
});
