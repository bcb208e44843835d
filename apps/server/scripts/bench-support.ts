/**
 * What the server benchmarks share: the seeded site (items, users, likes), a fresh database of
 * either kind, the compiled server and the bare Hono route as child processes, and autocannon.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, cpSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPglite, openPostgres, PGLITE_EXTENSIONS, type Database } from '../src/db/client';
import { npmStartEnv } from '../src/lib/runtime';
import { REPO_ROOT } from '../src/paths';
import { build } from 'esbuild';

export const CONNECTIONS = 32;
export const SERVER_DIR = path.join(REPO_ROOT, 'apps/server');
export const BENCH_PG_URL = process.env.BENCH_PG_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A new empty PostgreSQL database (`<prefix>_<time>`) on the server of `adminUrl`: its URL, and `drop`,
 * which removes it whoever is still connected.
 */
export async function scratchDatabase(adminUrl: string, prefix: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return { name, url: u.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** The process ids of a process's children (its worker, the cut-out child). */
export function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    try {
      return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)])
        .toString()
        .split('\n')
        .map((line) => Number(line.trim()))
        .filter(Boolean);
    } catch {
      return [];
    }
  }
}

/** The size of the seeded site: by default the 10,000 items, 2,000 users and 206,000 likes. */
export interface SeedSize {
  items: number;
  users: number;
  likes: number;
}
export function seedSize(items = 10_000): SeedSize {
  return { items, users: Math.max(50, Math.round(items / 5)), likes: Math.round(items * 20.6) };
}

/** `--name value` or `--name=value` from the command line. */
export function arg(name: string): string | undefined {
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === `--${name}`) return argv[i + 1];
    if (argv[i]!.startsWith(`--${name}=`)) return argv[i]!.slice(name.length + 3);
  }
  return undefined;
}
export const flag = (name: string) => process.argv.slice(2).includes(`--${name}`);

/**
 * Seeds collectors with public profiles (10 % private), items (2 % hidden, 5 % NSFW, five tags, a
 * chosen composite each) and likes spread over the last 30 days; returns up to 200 ids of items
 * anyone may see.
 */
export async function seed(db: Database, size: SeedSize = seedSize()) {
  const t = performance.now();
  const { items: N, users: U, likes: L } = size;
  const run = (q: string) => db.db.execute(sql.raw(q));
  await run(`select setseed(0.42)`);
  await run(
    `insert into users (id, name, email, email_verified) select 'bench-u-' || g, 'u' || g, 'u' || g || '@bench.test', true from generate_series(1, ${U}) g`,
  );
  await run(
    `insert into profiles (user_id, handle, display_name, public) select 'bench-u-' || g, 'bench_' || g, 'Bench ' || g, (g % 10 <> 0) from generate_series(1, ${U}) g`,
  );
  await run(`insert into shelves (user_id) select 'bench-u-' || g from generate_series(1, ${U}) g`);
  await run(`insert into images (id, kind, master_format, width, height, bytes) values ('benchimage00000000000000', 'composite', 'jpg', 1200, 1500, 1)`);
  await run(`insert into items (shelf_id, user_id, title, tags, nsfw, hidden, created_at)
    select s.id, s.user_id, 'Bench item ' || g, array[(array['robots','anime','cars','dolls','lego'])[1 + g % 5]],
           (g % 20 = 0), (g % 50 = 0), now() - random() * interval '60 days'
    from generate_series(1, ${N}) g join shelves s on s.user_id = 'bench-u-' || (1 + g % ${U})`);
  await run(`insert into composites (item_id, image_id, style, variant_no, generation_id)
    select id, 'benchimage00000000000000', 'bookshelf_hero', 1, gen_random_uuid() from items`);
  await run(`update items i set chosen_composite_id = c.id from composites c where c.item_id = i.id`);
  await run(`with its as (select id, row_number() over (order by id) as rn from items)
    insert into likes (user_id, item_id, created_at)
    select 'bench-u-' || (1 + (g::bigint * 7919) % ${U}), its.id, now() - random() * interval '30 days'
    from generate_series(1, ${L}) g join its on its.rn = 1 + ((g::bigint * 104729 + g / ${U}) % ${N})
    on conflict do nothing`);
  await run(`insert into item_stats (item_id, like_count) select item_id, count(*) from likes group by item_id
    on conflict (item_id) do update set like_count = excluded.like_count`);
  await run(`analyze`);
  const counts = await db.db.execute(
    sql`select (select count(*) from items)::int as items, (select count(*) from users)::int as users, (select count(*) from likes)::int as likes`,
  );
  const row = ((counts as any).rows ?? counts)[0];
  const seconds = (performance.now() - t) / 1000;
  console.log(`seeded ${row.items} items, ${row.users} users, ${row.likes} likes in ${seconds.toFixed(1)} s`);
  const ids = await db.db.execute(
    sql`select i.id from items i join profiles p on p.user_id = i.user_id where p.public and not i.hidden order by i.id limit 200`,
  );
  return {
    items: row.items as number,
    users: row.users as number,
    likes: row.likes as number,
    seconds,
    itemIds: (((ids as any).rows ?? ids) as { id: string }[]).map((r) => r.id),
  };
}

/** A fresh, migrated database: a PGlite directory, or a new database on the PostgreSQL server (dropped by `drop`). */
export async function benchDatabase(kind: 'pglite' | 'postgres') {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'curio-bench-'));
    const database = openPglite(await PGlite.create(path.join(dir, 'pglite'), { extensions: PGLITE_EXTENSIONS }));
    await database.migrate();
    return {
      database,
      serverEnv: { DATA_DIR: dir, DATABASE_URL: '' } as Record<string, string>,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const scratch = await scratchDatabase(BENCH_PG_URL, 'curio_bench');
  const database = openPostgres(scratch.url, 4);
  await database.migrate();
  return {
    database,
    serverEnv: {
      DATABASE_URL: scratch.url,
      AUTH_SECRET: 'bench-secret-that-is-long-enough-0123456789',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'curio-bench-')),
      LOCAL_STORAGE_SHARED: 'true', // one server: its images stay in its DATA_DIR
    } as Record<string, string>,
    drop: scratch.drop,
  };
}

/**
 * Compiles the server as `npm start` runs it and keeps a copy of its own (apps/server/.bench/dist),
 * so that another build of dist/ during the run cannot change what is measured.
 */
export async function buildServer(): Promise<string> {
  await new Promise<void>((resolve, reject) =>
    spawn(process.execPath, [path.join(SERVER_DIR, 'scripts/build.mjs')], { stdio: 'inherit' }).once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error('build failed')),
    ),
  );
  // (a directory named dist: ignored by git like the build itself)
  const run = path.join(SERVER_DIR, '.bench', String(process.pid));
  const copy = path.join(run, 'dist');
  cpSync(path.join(SERVER_DIR, 'dist'), copy, { recursive: true });
  process.once('exit', () => rmSync(run, { recursive: true, force: true }));
  return path.join(copy, 'main.js');
}

/**
 * The compiled server as `npm start` starts it (production, its own defaults: on the embedded database the cut-out
 * child too), log level info unless LOG_LEVEL says otherwise, ready to serve.
 */
export function startServer(entry: string, env: Record<string, string>, nodeArgs: string[] = []): Promise<{ child: ChildProcess; url: string }> {
  const port = 20000 + Math.floor(Math.random() * 20000);
  // The log goes to a file (as a terminal or a log collector would take it), not into the benchmark's output.
  const logFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'curio-bench-log-')), 'server.log');
  const log = openSync(logFile, 'w');
  const child = spawn(process.execPath, [...nodeArgs, '--enable-source-maps', entry], {
    cwd: SERVER_DIR,
    // npm start's own settings (apps/server/package.json): production, glibc's memory arenas at two, V8's memory settings.
    env: { ...process.env, ...npmStartEnv(), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', log, 'inherit'],
  });
  closeSync(log);
  console.log(`server log: ${logFile}`);
  return waitReady(child, `http://127.0.0.1:${port}`, '/ready');
}

/**
 * The bare route compiled to JavaScript like the server (esbuild, the same externals), so that both run on plain
 * node: through tsx the bare route answered about a fifth fewer requests, which flattered every ratio.
 */
async function compiledBareServer(): Promise<string> {
  // Under apps/server (like the server's copy), so that node finds the packages it leaves external.
  const outdir = path.join(SERVER_DIR, '.bench', `bare-${process.pid}`);
  await build({
    absWorkingDir: SERVER_DIR,
    entryPoints: { 'bare-server': 'scripts/bare-server.ts' },
    outdir,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
  });
  process.once('exit', () => rmSync(outdir, { recursive: true, force: true }));
  return path.join(outdir, 'bare-server.mjs');
}

/** The bare Hono route serving the given JSON bodies at /bare/0, /bare/1, …, compiled, on plain node. */
export async function startBareServer(bodies: string[]): Promise<{ child: ChildProcess; url: string }> {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'curio-bench-bare-'));
  const files = bodies.map((body, i) => {
    const file = path.join(dir, `${i}.json`);
    writeFileSync(file, body);
    return file;
  });
  const child = spawn(process.execPath, [await compiledBareServer()], {
    cwd: SERVER_DIR,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), BARE_JSON_FILES: files.join(',') },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return waitReady(child, `http://127.0.0.1:${port}`, '/bare/0');
}

export async function stop(child: ChildProcess | null | undefined) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

function waitReady(child: ChildProcess, url: string, probe: string): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 120_000;
    const poll = async () => {
      if (child.exitCode !== null) return reject(new Error(`server exited with ${child.exitCode} while starting`));
      try {
        if ((await fetch(`${url}${probe}`)).ok) return resolve({ child, url });
      } catch {
        /* not up yet */
      }
      if (Date.now() > deadline) return reject(new Error('server did not start'));
      setTimeout(poll, 250);
    };
    void poll();
  });
}

export interface LoadResult {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Requests answered in the measured run. */
  requests: number;
}

/** CPU time (user + system, ms) a process has used so far, from /proc (0 where there is no /proc). */
export function cpuMs(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
/** The kernel's clock ticks per second (USER_HZ; 100 on Linux everywhere but in exotic builds). */
const CLOCK_TICKS = 100;

/** CPU time (ms) used so far by the PostgreSQL server's processes (the backends the app talks to); 0 where there is no /proc. */
export function postgresCpuMs(): number {
  let total = 0;
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim().startsWith('postgres')) total += cpuMs(Number(entry));
      } catch {
        // a process that ended meanwhile
      }
    }
  } catch {
    return 0;
  }
  return total;
}

/** autocannon with {@link CONNECTIONS} connections for `seconds`, cycling through the paths; any non-2xx answer fails the run. */
/**
 * `connections` requests at a time for `seconds`, cycling through `paths` (GET), or POSTing `body(i)` (JSON) to them
 * when a body is given.
 */
export async function load(
  url: string,
  paths: string[],
  opts: { seconds: number; headers?: Record<string, string>; body?: (i: number) => string },
): Promise<LoadResult> {
  let i = 0;
  const { body } = opts;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: opts.seconds,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...opts.headers },
    requests: [
      {
        method: body ? 'POST' : 'GET',
        setupRequest: (req) => {
          const n = i++;
          return { ...req, path: paths[n % paths.length]!, ...(body ? { body: body(n) } : {}) };
        },
      },
    ],
  });
  if (result.non2xx) throw new Error(`${result.non2xx} non-2xx answers from ${url}${paths[0]}`);
  if (result.errors) throw new Error(`${result.errors} errors (${result.timeouts} time-outs) from ${url}${paths[0]}`);
  return { rps: result.requests.average, p50: result.latency.p50, p95: result.latency.p97_5 ?? 0, p99: result.latency.p99, requests: result.requests.total };
}

/** Signs a collector up, likes and saves a few of the items, and returns their cookie header. */
export async function signedInViewer(url: string, itemIds: string[]): Promise<Record<string, string>> {
  const origin = { origin: url, 'content-type': 'application/json' };
  const res = await fetch(`${url}/auth/v1/sign-up/email`, {
    method: 'POST',
    headers: origin,
    body: JSON.stringify({ email: `viewer${Date.now()}@bench.test`, password: 'bench password 1234', name: 'viewer' }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  for (const itemId of itemIds.slice(0, 20)) {
    for (const [fn, body] of [
      ['social-like-toggle', { itemId, liked: true }],
      ['social-bookmark-toggle', { itemId, saved: true }],
    ] as const) {
      const r = await fetch(`${url}/functions/v1/${fn}`, { method: 'POST', headers: { ...origin, cookie }, body: JSON.stringify(body) });
      if (!r.ok) throw new Error(`${fn} failed: ${r.status} ${await r.text()}`);
    }
  }
  return { cookie };
}

/** The machine's load while the benchmark ran (1-minute load average, as /proc/loadavg says). */
export function loadAverage(): number {
  try {
    return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  } catch {
    return os.loadavg()[0]!;
  }
}
