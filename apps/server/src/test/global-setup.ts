import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../db/client';
import { SERVER_ROOT } from '../paths';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** The start of the names of this run's compiled servers under apps/server (test/compiled.ts). */
    compiledPrefix: string;
  }
  /** The tags of vitest.config.ts. */
  export interface TestTags {
    tags: 'postgres';
  }
}

/**
 * Migrates one in-memory PGlite database and dumps it; every test file starts from a copy of that
 * dump (about half a second) instead of migrating again. On PostgreSQL (DATABASE_URL) each test
 * file makes its own database instead, see database.ts.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'curio-test-'));
  const file = path.join(dir, 'template.tar.gz');
  if (!process.env.DATABASE_URL) {
    const client = await PGlite.create();
    const db = openPglite(client);
    await db.migrate();
    const dump = await client.dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await client.close();
  }
  project.provide('pgliteTemplate', file);
  // Workers are stopped without running their exit handlers: this run removes its compiled servers itself,
  // and only its own (a PostgreSQL run beside it has its own prefix).
  const compiledPrefix = `dist-test-${process.pid}-`;
  project.provide('compiledPrefix', compiledPrefix);
  return () => {
    rmSync(dir, { recursive: true, force: true });
    for (const name of readdirSync(SERVER_ROOT)) if (name.startsWith(compiledPrefix)) rmSync(path.join(SERVER_ROOT, name), { recursive: true, force: true });
  };
}
