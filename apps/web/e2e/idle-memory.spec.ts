import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { npmStartEnv } from '../../server/src/lib/runtime';
import { spareServerPort } from './support/ports';

/**
 * An idle web process, started as `npm start` starts it (the compiled server, production defaults: the
 * segmentation model runs in a worker, never in the web process), stays under 400 MB resident on the
 * embedded database and under 300 MB on PostgreSQL. On the embedded database both the first start (which
 * creates the data directory: initdb grows a WebAssembly heap of its own to some 700 MB, which must be
 * let go) and a restart are measured. PostgreSQL: `E2E_PG_URL`, by default the one CI runs; skipped
 * where none answers, except in CI (`CI` set), where that fails.
 */
const PG_URL = process.env.E2E_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REPO = path.resolve(import.meta.dirname, '../../..');
const EMBEDDED_LIMIT_MB = 400;
const POSTGRES_LIMIT_MB = 300;

function residentMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return Math.round(kb / 1024);
}

/** Starts the compiled server, serves what a first visit asks for, waits, and answers its resident memory; then stops it. */
async function idleResidentMb(env: Record<string, string>): Promise<number> {
  // One server at a time (each stops before the next starts): the worker's first spare port.
  const port = spareServerPort(0);
  const base = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, [path.join(REPO, 'apps/server/dist/main.js')], {
    cwd: REPO,
    env: { ...process.env, ...npmStartEnv(), PORT: String(port), PUBLIC_URL: base, STATIC_DIR: path.join(REPO, 'apps/web/dist'), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} while starting`);
      if (Date.now() > deadline) throw new Error('the server did not become ready');
      const ok = await fetch(`${base}/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    for (const p of ['/', '/explore', '/health', '/functions/v1/public-site-settings', '/functions/v1/explore-list', '/functions/v1/explore-top-tags']) {
      expect((await fetch(`${base}${p}`)).status, p).toBe(200);
    }
    await new Promise((r) => setTimeout(r, 3_000));
    return residentMb(child.pid!);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

test.describe('an idle web process', () => {
  test.setTimeout(240_000);

  test(`stays under ${EMBEDDED_LIMIT_MB} MB resident on the embedded database`, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'curio-e2e-memory-'));
    const first = await idleResidentMb({ DATA_DIR: dataDir });
    const again = await idleResidentMb({ DATA_DIR: dataDir });
    console.log(`embedded database: ${first} MB after the first start (new data directory), ${again} MB after a restart`);
    expect(first).toBeLessThan(EMBEDDED_LIMIT_MB);
    expect(again).toBeLessThan(EMBEDDED_LIMIT_MB);
  });

  test(`stays under ${POSTGRES_LIMIT_MB} MB resident on PostgreSQL`, async () => {
    const name = `curio_e2e_memory_${Date.now().toString(36)}`;
    try {
      const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3_000 });
      await c.connect();
      await c.query(`create database ${name}`);
      await c.end();
    } catch (err) {
      if (process.env.CI) throw new Error(`PostgreSQL at ${PG_URL} is needed in CI: ${String(err)}`);
      test.skip(true, `no PostgreSQL at ${PG_URL}`);
    }
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    try {
      const mb = await idleResidentMb({
        DATABASE_URL: url.toString(),
        AUTH_SECRET: 'idle-memory-e2e-secret-that-is-long-enough',
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'curio-e2e-memory-pg-')),
        LOCAL_STORAGE_SHARED: 'true', // one server (and its worker child) on one DATA_DIR: images stay in it
      });
      console.log(`PostgreSQL: ${mb} MB`);
      expect(mb).toBeLessThan(POSTGRES_LIMIT_MB);
    } finally {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    }
  });
});
