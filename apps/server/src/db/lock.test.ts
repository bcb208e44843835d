import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { REPO_ROOT } from '../env';
import { DataDirLockedError, lockDataDir } from './lock';
import { closed, compiledServer } from '../test/compiled';

describe('data directory lock', () => {
  it('refuses a second lock on the same directory until the first is released', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'curio-lock-'));
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    await release();
    const again = await lockDataDir(dir);
    await again();
  });

  it('stops a second server process on a locked data directory at once, with a clear message', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'curio-lock-'));
    const release = await lockDataDir(dir);
    try {
      const child = spawn(process.execPath, compiledServer('main'), {
        cwd: path.join(REPO_ROOT, 'apps/server'),
        env: { ...process.env, DATA_DIR: dir, PORT: '39999', DATABASE_URL: '', NODE_ENV: 'test', LOG_LEVEL: 'silent' },
      });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      const code = await closed(child);
      expect(code).toBe(1);
      expect(stderr).toContain('is in use by another Curio process');
      expect(stderr).toContain('DATABASE_URL');
    } finally {
      await release();
    }
  }, 30_000);
});

describe('PostgreSQL pool', () => {
  it.runIf(Boolean(process.env.DATABASE_URL))('survives the server ending an idle connection', { tags: ['postgres'] }, async () => {
    const { openPostgres } = await import('./client');
    const pg = (await import('pg')).default;
    const errors: Error[] = [];
    const appName = `curio_pool_test_${Date.now()}`;
    const url = new URL(process.env.DATABASE_URL!);
    url.searchParams.set('application_name', appName);
    const db = openPostgres(url.toString(), 2, (err) => errors.push(err));
    expect(await db.ping()).toBe(true);
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    // End this pool's sessions only (other test files run at the same time).
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [appName]);
    await admin.end();
    // The pool reports its ended connections.
    await vi.waitFor(() => expect(errors.length).toBeGreaterThan(0), { timeout: 2_000, interval: 20 });
    expect(await db.ping()).toBe(true);
    await db.close();
  });
});
