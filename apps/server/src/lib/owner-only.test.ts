import { chmodSync, mkdirSync, mkdtempSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openConfiguredDatabase } from '../bootstrap';
import { lockDataDir } from '../db/lock';
import { parseEnv, resolveEnv } from '../env';
import { createLogger } from './logger';

// The data directory holds the database files and the generated auth secret: nobody but its owner
// may read them, on a new installation and on one made before (whose folders were 0755).
const modeOf = (p: string) => statSync(p).mode & 0o777;

describe('owner-only data directory', () => {
  it('creates DATA_DIR 0700 with the generated auth secret 0600', () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'curio-owner-')), 'data');
    resolveEnv(parseEnv({ DATA_DIR: dataDir, DATABASE_URL: '' }));
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(path.join(dataDir, '.auth-secret'))).toBe(0o600);
  });

  it('narrows an existing DATA_DIR and its PGlite folder to 0700 when the database opens', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'curio-owner-'));
    mkdirSync(path.join(dataDir, 'pglite'));
    chmodSync(dataDir, 0o755);
    chmodSync(path.join(dataDir, 'pglite'), 0o755);
    const release = await lockDataDir(dataDir);
    expect(modeOf(dataDir)).toBe(0o700);
    await release();

    const env = resolveEnv(parseEnv({ DATA_DIR: dataDir, DATABASE_URL: '', AUTH_SECRET: 'owner-only-test-secret-long-enough-0123456789' }));
    const database = await openConfiguredDatabase(env, createLogger('silent'));
    try {
      expect(modeOf(path.join(dataDir, 'pglite'))).toBe(0o700);
    } finally {
      await database.close();
    }
  }, 60_000);
});
