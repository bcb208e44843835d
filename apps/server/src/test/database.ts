import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, PGLITE_EXTENSIONS, type Database } from '../db/client';

/**
 * A fresh, migrated database for one test file: a copy of the PGlite template, or, when
 * DATABASE_URL is set, a new PostgreSQL database of its own made from the template database (dropped
 * on close) so that parallel files and runs never collide.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dump = readFileSync(inject('pgliteTemplate'));
    const client = await PGlite.create({ loadDataDir: new Blob([dump]), extensions: PGLITE_EXTENSIONS });
    return openPglite(client);
  }
  const name = `curio_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  // A copy of the migrated template (global-setup.ts): a file copy, where migrating took a second or more.
  await adminQuery(url, `create database ${name} template ${inject('postgresTemplate')}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  // The database is dropped with its connections at the end: idle clients' errors are expected then.
  const database = openPostgres(dbUrl.toString(), 5, () => undefined);
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(url, `drop database if exists ${name} with (force)`);
    },
  };
}

/** One statement on its own connection to the PostgreSQL server (creating and dropping databases). */
export async function adminQuery(url: string, sql: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
