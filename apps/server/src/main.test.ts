import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from './db/lock';
import { REPO_ROOT } from './env';

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
});
