import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** Both drivers expose the same query builder; the node-postgres type stands for both. */
export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export function openPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    ping: () => ping(db),
    close: () => client.close(),
  };
}

export function openPostgres(connectionString: string, max = 10, onError: (err: Error) => void = defaultPoolError): Database {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client whose connection the server ends (a restart, a dropped database) emits an error
  // through the pool; without a listener that would crash the process. The pool replaces the client.
  pool.on('error', onError);
  const db = drizzlePg(pool, { schema });
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }),
    ping: () => ping(db),
    close: () => pool.end(),
  };
}

function defaultPoolError(err: Error) {
  console.warn(`PostgreSQL connection lost: ${err.message}`);
}

/** PostgreSQL when a URL is given, otherwise embedded PGlite files under `dataDir/pglite`. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; onPoolError?: (err: Error) => void }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, 10, opts.onPoolError);
  const dir = path.join(opts.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir);
  return openPglite(client);
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

export { schema };
