import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, openPostgres } from './client';

const url = process.env.DATABASE_URL;
let dbUrl = '';
let name = '';

async function admin<T>(fn: (c: pg.Client) => Promise<T>) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

describe.skipIf(!url)('migrations on PostgreSQL', { tags: ['postgres'] }, () => {
  beforeAll(async () => {
    name = `curio_migrate_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    await admin((c) => c.query(`create database ${name}`));
    const u = new URL(url!);
    u.pathname = `/${name}`;
    dbUrl = u.toString();
  });
  afterAll(() => admin((c) => c.query(`drop database if exists ${name} with (force)`)));

  it('lets processes that boot together migrate one fresh database at once: both succeed, each migration applied once', async () => {
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    const dbs = [openPostgres(dbUrl, 2), openPostgres(dbUrl, 2), openPostgres(dbUrl, 2)];
    try {
      const results = await Promise.allSettled(dbs.map((d) => d.migrate()));
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
      const applied = await dbs[0]!.db.execute('select count(*)::int as n from drizzle.__drizzle_migrations' as never);
      expect((applied as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(journal.entries.length);
      // The lock is released: a later start migrates (nothing to do) without waiting.
      const started = Date.now();
      await dbs[1]!.migrate();
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await Promise.all(dbs.map((d) => d.close()));
    }
  }, 60_000);
});
