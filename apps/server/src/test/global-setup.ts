import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, PGLITE_EXTENSIONS, type Database } from '../db/client';
import { createLogger } from '../lib/logger';
import { createJobs } from '../modules/jobs/jobs';
import { SERVER_ROOT } from '../paths';
import { adminQuery } from './database';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** On PostgreSQL: the migrated database every test file's database is created from (`create database … template …`). */
    postgresTemplate: string;
    /** The start of the names of this run's compiled servers under apps/server (test/compiled.ts). */
    compiledPrefix: string;
  }
  /** The tags of vitest.config.ts. */
  export interface TestTags {
    tags: 'postgres';
  }
}

/**
 * The database every test file starts from, made once: migrated, with the job queue's schema and queues
 * (pg-boss creates them when it first starts, a few seconds of statements that every file using a job
 * repeated). On PGlite an in-memory database dumped to a file, which each file loads (about half a
 * second); on PostgreSQL (DATABASE_URL) a database each file's own is created from, see database.ts.
 */
async function prepare(database: Database) {
  await database.migrate();
  const jobs = createJobs(database.db, { logger: createLogger('silent') });
  await jobs.start();
  await jobs.stop();
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'curio-test-'));
  const file = path.join(dir, 'template.tar.gz');
  const url = process.env.DATABASE_URL;
  let template = '';
  if (!url) {
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    await prepare(openPglite(client));
    const dump = await client.dumpDataDir('gzip');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await client.close();
  } else {
    template = `curio_template_${process.pid}_${randomBytes(3).toString('hex')}`;
    await adminQuery(url, `create database ${template}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${template}`;
    const database = openPostgres(templateUrl.toString(), 2);
    try {
      await prepare(database);
    } finally {
      // No session may stay connected to a template that databases are created from.
      await database.close();
    }
  }
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', template);
  // Workers are stopped without running their exit handlers: this run removes its compiled servers itself,
  // and only its own (a PostgreSQL run beside it has its own prefix).
  const compiledPrefix = `dist-test-${process.pid}-`;
  project.provide('compiledPrefix', compiledPrefix);
  return async () => {
    if (template) await adminQuery(url!, `drop database if exists ${template} with (force)`);
    rmSync(dir, { recursive: true, force: true });
    for (const name of readdirSync(SERVER_ROOT)) if (name.startsWith(compiledPrefix)) rmSync(path.join(SERVER_ROOT, name), { recursive: true, force: true });
  };
}
