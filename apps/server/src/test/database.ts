import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../db/client';

/**
 * A fresh, migrated database for one test file: a copy of the PGlite template, or, when
 * DATABASE_URL is set, a new PostgreSQL database of its own made from the template database (dropped
 * on close) so that parallel files and runs never collide.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dump = readFileSync(inject('pgliteTemplate'));
    const client = await PGlite.create({ loadDataDir: new Blob([dump]) });
    return openPglite(client);
  }
  const name = `curio_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  // A copy of the migrated template (global-setup.ts): a file copy, where migrating took a second or more.
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  // The database is dropped with its connections at the end: idle clients' errors are expected then.
  const database = openPostgres(dbUrl.toString(), 5, () => undefined);
  return {
    ...database,
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
