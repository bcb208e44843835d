import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../env';
import { DataDirLockedError, lockDataDir } from './lock';

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
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/main.ts')], {
        cwd: path.join(REPO_ROOT, 'apps/server'),
        env: { ...process.env, DATA_DIR: dir, PORT: '0', DATABASE_URL: '', NODE_ENV: 'test', LOG_LEVEL: 'silent' },
      });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain('is in use by another Curio process');
      expect(stderr).toContain('DATABASE_URL');
    } finally {
      await release();
    }
  }, 30_000);
});
