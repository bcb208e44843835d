import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../paths';
import { createTestDatabase } from '../test/database';
import { openDatabase, type Database } from './client';
import { codeMigrations, SchemaNewerError, schemaStatus } from './schema-version';
import { closed, compiledServer } from '../test/compiled';

/** Records a migration no version of the code has: what a newer version leaves behind. */
async function addNewerMigration(database: Database) {
  const latest = codeMigrations().at(-1)!.when;
  await database.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-version', ${latest + 86_400_000})`);
}

describe('schema version', { tags: ['postgres'] }, () => {
  it("reports a migrated database as up to date with the code's latest migration", async () => {
    const database = await createTestDatabase();
    try {
      await database.migrate();
      const status = await schemaStatus(database.db);
      const entries = codeMigrations();
      expect(status).toMatchObject({
        code: { migrations: entries.length, latest: entries.at(-1)!.tag },
        database: { migrations: entries.length, latest: entries.at(-1)!.tag },
        pending: 0,
        unknown: 0,
      });
    } finally {
      await database.close();
    }
  });

  it('refuses to migrate a database that a newer version migrated, saying so', async () => {
    const database = await createTestDatabase();
    try {
      await database.migrate();
      await addNewerMigration(database);
      expect((await schemaStatus(database.db)).unknown).toBe(1);
      const err = await database.migrate().then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(SchemaNewerError);
      expect((err as Error).message).toMatch(/^The database schema is newer than this version of Curio: it has 1 migration this version does not know/);
      expect((err as Error).message).toContain('Downgrades are not supported');
    } finally {
      await database.close();
    }
  });

  it('stops the server at start-up with one line when the database is newer than the code', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'curio-schema-'));
    const database = await openDatabase({ dataDir });
    await database.migrate();
    await addNewerMigration(database);
    await database.close();

    const child = spawn(process.execPath, compiledServer('main'), {
      cwd: path.join(REPO_ROOT, 'apps/server'),
      env: {
        ...process.env,
        DATABASE_URL: '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PORT: String(20000 + Math.floor(Math.random() * 20000)),
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const exited = closed(child);
    const deadline = Date.now() + 80_000;
    while (child.exitCode === null && child.signalCode === null && !stdout.includes('is listening') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    expect(await exited).toBe(1);
    expect(stderr).toContain('The database schema is newer than this version of Curio');
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stdout).not.toContain('is listening');
  }, 120_000);
});
