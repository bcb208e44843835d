import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths';
import * as schema from './schema';
import { installPooledTransactionFix } from './pooled-transaction';
import { refuseNewerSchema } from './schema-version';

export { MIGRATIONS_DIR };

import type { Db } from './types';

export type { Db };

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the code's migrations; a database that a newer version migrated is refused (a SchemaNewerError). */
  migrate(): Promise<void>;
  /**
   * Runs `fn` while no other process on this database runs one (or migrates): a session advisory
   * lock on PostgreSQL, for start-up steps that create shared objects; on PGlite it simply runs.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  ping(): Promise<boolean>;
  /**
   * Receives the NOTIFY payloads of a channel: on PostgreSQL over a connection of its own that is
   * re-opened with back-off when it drops (`onReconnect` then runs, to catch up on what was missed);
   * on PGlite within its one process. Resolves to a function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  /**
   * How many connections listen on a channel now, counting every process on PostgreSQL (their
   * listening connections carry the channel in their application name); null on PGlite, whose one
   * process is the only listener.
   */
  listenerCount(channel: string): Promise<number | null>;
  /**
   * On PGlite, where every listener is in this process: hands a payload to the channel's listeners
   * directly (after the current turn, as a NOTIFY arrives), without a statement. A NOTIFY outside any
   * transaction (a hint) has nothing to wait for. Absent on PostgreSQL.
   */
  announce?(channel: string, payload: string): void;
  close(): Promise<void>;
}

export function openPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  // The listeners of each channel, for `announce`.
  const local = new Map<string, Set<(payload: string) => void>>();
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await refuseNewerSchema(db);
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
    },
    exclusive: (fn) => fn(),
    ping: () => ping(db),
    async listen(channel, onPayload) {
      const stop = await client.listen(channel, onPayload);
      const listeners = local.get(channel) ?? new Set();
      local.set(channel, listeners.add(onPayload));
      return () => {
        listeners.delete(onPayload);
        return stop();
      };
    },
    listenerCount: async () => null,
    announce(channel, payload) {
      const listeners = [...(local.get(channel) ?? [])];
      setImmediate(() => listeners.forEach((onPayload) => onPayload(payload)));
    },
    close: () => client.close(),
  };
}

export function openPostgres(connectionString: string, max = 10, onError: (err: Error) => void = defaultPoolError): Database {
  // A database that does not answer fails requests after 5 s (503) instead of holding them.
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 5000 });
  // An idle client whose connection the server ends (a restart, a dropped database) emits an error
  // through the pool; without a listener that would crash the process. The pool replaces the client.
  pool.on('error', onError);
  // A client that is checked out (in a transaction, between two of its statements) has no such
  // listener: its connection ending would throw an uncaught exception and end the process. The
  // statement under way fails on its own (503); the pool drops the client when it is released.
  pool.on('connect', (client) => client.on('error', onError));
  installPooledTransactionFix();
  const db = drizzlePg(pool, { schema });
  const listeners = new Set<() => Promise<void>>();
  async function exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const lock = new pg.Client({ connectionString });
    await lock.connect();
    try {
      await lock.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
      return await fn();
    } finally {
      await lock.end(); // ending the session releases the lock
    }
  }
  return {
    db,
    kind: 'postgres',
    // Processes booting together take turns: a session-level advisory lock on a connection of its
    // own, held around the migrator (which runs on the pool). The next one finds nothing to apply.
    // A database migrated by a newer version is refused (a SchemaNewerError) before anything is applied.
    migrate: () =>
      exclusive(async () => {
        await refuseNewerSchema(db);
        await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
      }),
    exclusive,
    ping: () => ping(db),
    async listen(channel, onPayload, onReconnect) {
      const stop = await listenPostgres(connectionString, channel, onPayload, onReconnect, onError);
      listeners.add(stop);
      return async () => {
        listeners.delete(stop);
        await stop();
      };
    },
    async listenerCount(channel) {
      const { rows } = await pool.query<{ n: string }>(
        'select count(*) as n from pg_stat_activity where datname = current_database() and application_name = $1',
        [listenerName(channel)],
      );
      return Number(rows[0]?.n ?? 0);
    },
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      listeners.clear();
      await pool.end();
    },
  };
}

/** Any fixed number shared by every Curio process: the key of the start-up (migration) lock. */
const STARTUP_LOCK_KEY = 720_415_009;

/** The application name of a connection listening on a channel (PostgreSQL keeps 63 bytes of it). */
const listenerName = (channel: string) => `curio listens ${channel}`.slice(0, 63);

/**
 * LISTENs on a dedicated client, named after the channel (so {@link Database.listenerCount} finds it). When the connection ends unexpectedly it is opened again after
 * 0.25 s, doubling up to 15 s, and `onReconnect` runs once it listens again.
 */
async function listenPostgres(
  connectionString: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect: (() => void) | undefined,
  onError: (err: Error) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let delay = 250;
  const quoted = `"${channel.replace(/"/g, '""')}"`;

  const url = new URL(connectionString);
  url.searchParams.set('application_name', listenerName(channel));
  async function connect() {
    const c = new pg.Client({ connectionString: url.toString() });
    c.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload);
    });
    c.on('error', (err) => {
      onError(err);
      dropped(c);
    });
    c.on('end', () => dropped(c));
    await c.connect();
    await c.query(`LISTEN ${quoted}`);
    return c;
  }
  function dropped(c: pg.Client) {
    if (stopped || client !== c) return;
    client = null;
    c.end().catch(() => undefined);
    schedule();
  }
  function schedule() {
    if (stopped || timer) return;
    timer = setTimeout(() => void reconnect(), delay);
    timer.unref();
  }
  /** One attempt to listen again (every failure is handled here: it tries again later). */
  async function reconnect() {
    timer = undefined;
    try {
      const c = await connect();
      if (stopped) {
        await c.end().catch(() => undefined);
        return;
      }
      client = c;
      delay = 250;
      onReconnect?.();
    } catch (err) {
      onError(err as Error);
      delay = Math.min(delay * 2, 15_000);
      schedule();
    }
  }

  client = await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const c = client;
    client = null;
    await c?.end().catch(() => undefined);
  };
}

/**
 * The extensions the migrations create (pg_trgm, for search: 0026_search): an embedded instance has only
 * those it was created with, so every instance that opens the app's database is created with these.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** PGlite's settings: PostgreSQL's default 128 MB of shared buffers live in the WebAssembly heap; 32 MB serve an embedded site and keep the process about 110 MB smaller. */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * Creates a new embedded cluster with the app's tables in a child process. Creating it (initdb) grows a
 * WebAssembly heap to some 700 MB and the migrations by more; a heap is never given back while the
 * process lives, and even a closed instance's leaves the allocator holding memory: the first start of a
 * new site stayed at 400-450 MB resident, against about 300 for every start after it.
 */
async function createCluster(dir: string) {
  const script = `
    import { PGlite } from ${JSON.stringify(import.meta.resolve('@electric-sql/pglite'))};
    import { drizzle } from ${JSON.stringify(import.meta.resolve('drizzle-orm/pglite'))};
    import { migrate } from ${JSON.stringify(import.meta.resolve('drizzle-orm/pglite/migrator'))};
    import { pg_trgm } from ${JSON.stringify(import.meta.resolve('@electric-sql/pglite/contrib/pg_trgm'))};
    const client = await PGlite.create(${JSON.stringify(dir)}, { startParams: ${JSON.stringify(PGLITE_START_PARAMS)}, extensions: { pg_trgm } });
    await migrate(drizzle(client), { migrationsFolder: ${JSON.stringify(MIGRATIONS_DIR)} });
    await client.close();`;
  await new Promise<void>((resolve, reject) => {
    execFile(process.execPath, ['--input-type=module', '-e', script], { env: {} }, (err, _stdout, stderr) =>
      err ? reject(new Error(`could not create the embedded database in ${dir}: ${stderr || err.message}`)) : resolve(),
    );
  });
}

function defaultPoolError(err: Error) {
  console.warn(`PostgreSQL connection lost: ${err.message}`);
}

/** PostgreSQL when a URL is given, otherwise embedded PGlite files under `dataDir/pglite`. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; onPoolError?: (err: Error) => void }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, 10, opts.onPoolError);
  const dir = path.join(opts.dataDir, 'pglite');
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    // Created beside it and renamed into place: a start stopped half-way leaves no half-made cluster.
    const fresh = `${dir}.new-${process.pid}`;
    rmSync(fresh, { recursive: true, force: true });
    mkdirSync(fresh, { recursive: true });
    await createCluster(fresh);
    rmSync(dir, { recursive: true, force: true });
    renameSync(fresh, dir);
  }
  const client = await PGlite.create(dir, { startParams: PGLITE_START_PARAMS, extensions: PGLITE_EXTENSIONS });
  return openPglite(client);
}

/** One `select 1`: resolves when the database answers, throws the driver's error when it does not. */
export async function probe(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

async function ping(db: Db): Promise<boolean> {
  try {
    await probe(db);
    return true;
  } catch {
    return false;
  }
}

export { schema };
