/**
 * Seeds 10,000 items, 2,000 users and 200,000 likes, then measures explore-list (trending 7d, pages
 * 0 and 5, as a guest and signed in with the viewer's overlay) and item-get (guest and signed in)
 * with autocannon (32 connections) against the compiled server process, on PGlite and on the
 * PostgreSQL server, beside the bare SQL and a bare Hono route answering the same JSON in the same run.
 *   npm run bench:explore                  (both databases; writes docs/benchmarks.md)
 *   BENCH_PG_URL=postgres://… npm run bench:explore
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { writeBenchmarkSection } from './benchmark-doc';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../src/db/client';
import { REPO_ROOT } from '../src/env';
import { exploreRepository } from '../src/modules/explore/explore.repository';
import { readRepository } from '../src/modules/read/read.repository';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function seed(db: Database) {
  const t = performance.now();
  const run = (q: string) => db.db.execute(sql.raw(q));
  await run(`select setseed(0.42)`);
  await run(`insert into users (id, name, email, email_verified) select 'bench-u-' || g, 'u' || g, 'u' || g || '@bench.test', true from generate_series(1, 2000) g`);
  await run(`insert into profiles (user_id, handle, display_name, public) select 'bench-u-' || g, 'bench_' || g, 'Bench ' || g, (g % 10 <> 0) from generate_series(1, 2000) g`);
  await run(`insert into shelves (user_id) select 'bench-u-' || g from generate_series(1, 2000) g`);
  await run(`insert into images (id, kind, master_format, width, height, bytes) values ('benchimage00000000000000', 'composite', 'jpg', 1200, 1500, 1)`);
  await run(`insert into items (shelf_id, user_id, title, tags, nsfw, hidden, created_at)
    select s.id, s.user_id, 'Bench item ' || g, array[(array['robots','anime','cars','dolls','lego'])[1 + g % 5]],
           (g % 20 = 0), (g % 50 = 0), now() - random() * interval '60 days'
    from generate_series(1, 10000) g join shelves s on s.user_id = 'bench-u-' || (1 + g % 2000)`);
  await run(`insert into composites (item_id, image_id, style, variant_no, generation_id)
    select id, 'benchimage00000000000000', 'bookshelf_hero', 1, gen_random_uuid() from items`);
  await run(`update items i set chosen_composite_id = c.id from composites c where c.item_id = i.id`);
  await run(`with its as (select id, row_number() over (order by id) as rn from items)
    insert into likes (user_id, item_id, created_at)
    select 'bench-u-' || (1 + (g::bigint * 7919) % 2000), its.id, now() - random() * interval '30 days'
    from generate_series(1, 206000) g join its on its.rn = 1 + ((g::bigint * 104729 + g / 2000) % 10000)
    on conflict do nothing`);
  await run(`insert into item_stats (item_id, like_count) select item_id, count(*) from likes group by item_id`);
  await run(`analyze`);
  const counts = await db.db.execute(sql`select (select count(*) from items)::int as items, (select count(*) from users)::int as users, (select count(*) from likes)::int as likes`);
  const row = ((counts as any).rows ?? counts)[0];
  console.log(`seeded ${row.items} items, ${row.users} users, ${row.likes} likes in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const ids = await db.db.execute(sql`select i.id from items i join profiles p on p.user_id = i.user_id where p.public and not i.hidden order by i.id limit 200`);
  return { likes: row.likes as number, itemIds: (((ids as any).rows ?? ids) as { id: string }[]).map((r) => r.id) };
}

async function bareSql(db: Database) {
  const repo = exploreRepository(db.db);
  const read = readRepository(db.db);
  const times = { rank: [] as number[], cards: [] as number[] };
  let ids: string[] = [];
  for (let i = 0; i < 7; i++) {
    const snapshot = new Date(Date.now() - i * 1000);
    let t = performance.now();
    ids = await repo.rank({ sort: 'trending', from: new Date(snapshot.getTime() - 7 * 86_400_000), snapshot, includeNsfw: false, max: 3000 });
    times.rank.push(performance.now() - t);
    t = performance.now();
    await read.hydrate(ids.slice(0, 30));
    times.cards.push(performance.now() - t);
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return { rank: med(times.rank.slice(1)), cards: med(times.cards.slice(1)) };
}

const SERVER_DIR = path.join(REPO_ROOT, 'apps/server');

function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(SERVER_DIR, 'dist/main.js')], {
    cwd: SERVER_DIR,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', CUTOUT: 'simple', WORKERS: '0', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return waitReady(child, `http://127.0.0.1:${port}`, '/ready');
}

/** The bare Hono route serving the given JSON answers at /bare/0, /bare/1, … */
function startBareServer(bodies: string[]): Promise<{ child: ChildProcess; url: string }> {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'curio-bench-bare-'));
  const files = bodies.map((body, i) => {
    const file = path.join(dir, `${i}.json`);
    writeFileSync(file, body);
    return file;
  });
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(SERVER_DIR, 'scripts/bare-server.ts')], {
    cwd: SERVER_DIR,
    env: { ...process.env, PORT: String(port), BARE_JSON_FILES: files.join(',') },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return waitReady(child, `http://127.0.0.1:${port}`, '/bare/0');
}

function waitReady(child: ChildProcess, url: string, probe: string): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 60_000;
    const poll = async () => {
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

async function load(url: string, paths: string[], headers: Record<string, string> = {}) {
  let i = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length]! }) }],
  });
  if (result.non2xx) throw new Error(`${result.non2xx} non-2xx answers`);
  return { rps: result.requests.average, p50: result.latency.p50, p95: result.latency.p97_5 ?? 0, p99: result.latency.p99 };
}

async function benchOne(kind: 'pglite' | 'postgres') {
  let database: Database;
  let serverEnv: Record<string, string>;
  let cleanup = async () => {};
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'curio-bench-explore-'));
    const client = await PGlite.create(path.join(dir, 'pglite'));
    database = openPglite(client);
    serverEnv = { DATA_DIR: dir, DATABASE_URL: '' };
  } else {
    const name = `curio_bench_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(PG_URL);
    u.pathname = `/${name}`;
    database = openPostgres(u.toString(), 4);
    serverEnv = {
      DATABASE_URL: u.toString(),
      AUTH_SECRET: 'bench-secret-that-is-long-enough-0123456789',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'curio-bench-explore-')),
    };
    cleanup = async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  await database.migrate();
  const { itemIds, likes } = await seed(database);
  const bare = await bareSql(database);
  console.log(`${kind}: bare SQL trending 7d ranking ${bare.rank.toFixed(1)} ms, cards for 30 ids ${bare.cards.toFixed(1)} ms`);
  await database.close();

  const { child, url } = await startServer(serverEnv);
  let bareServer: ChildProcess | null = null;
  try {
    const viewer = await signedInViewer(url, itemIds);
    const q = (page: number) => `/functions/v1/explore-list?sort=trending&timeRange=7d&page=${page}&pageSize=30&includeNSFW=false`;
    const itemPaths = itemIds.map((id) => `/functions/v1/item-get?itemId=${id}`);
    // The bare route answers the very bytes the real functions answer to the signed-in viewer.
    const answers = [await (await fetch(url + q(0), { headers: viewer })).text(), await (await fetch(url + itemPaths[0]!, { headers: viewer })).text()];
    const started = await startBareServer(answers);
    bareServer = started.child;
    const results = {
      bareExplore: await load(started.url, ['/bare/0']),
      page0: await load(url, [q(0)]),
      page0SignedIn: await load(url, [q(0)], viewer),
      page5: await load(url, [q(5)]),
      bareItem: await load(started.url, ['/bare/1']),
      itemGet: await load(url, itemPaths),
      itemGetSignedIn: await load(url, itemPaths, viewer),
    };
    for (const [name, r] of Object.entries(results)) {
      console.log(`${kind} ${name}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p97.5 ${r.p95} ms, p99 ${r.p99} ms`);
    }
    return { kind, likes, bare, results };
  } finally {
    bareServer?.kill('SIGTERM');
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await cleanup();
  }
}

/** Signs a collector up, likes and saves a few of the items, and returns their cookie header. */
async function signedInViewer(url: string, itemIds: string[]): Promise<Record<string, string>> {
  const origin = { origin: url, 'content-type': 'application/json' };
  const res = await fetch(`${url}/auth/v1/sign-up/email`, {
    method: 'POST',
    headers: origin,
    body: JSON.stringify({ email: `viewer${Date.now()}@bench.test`, password: 'bench password 1234', name: 'viewer' }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  for (const itemId of itemIds.slice(0, 20)) {
    for (const [fn, body] of [['social-like-toggle', { itemId, liked: true }], ['social-bookmark-toggle', { itemId, saved: true }]] as const) {
      const r = await fetch(`${url}/functions/v1/${fn}`, { method: 'POST', headers: { ...origin, cookie }, body: JSON.stringify(body) });
      if (!r.ok) throw new Error(`${fn} failed: ${r.status} ${await r.text()}`);
    }
  }
  return { cookie };
}

// The benchmark measures what `npm start` runs: the compiled server.
await new Promise<void>((resolve, reject) =>
  spawn(process.execPath, [path.join(SERVER_DIR, 'scripts/build.mjs')], { stdio: 'inherit' }).once('exit', (code) => (code === 0 ? resolve() : reject(new Error('build failed')))),
);

const only = process.env.BENCH_DB;
const runs = [];
if (!only || only === 'pglite') runs.push(await benchOne('pglite'));
if (!only || only === 'postgres') runs.push(await benchOne('postgres'));

type Load = { rps: number; p50: number; p95: number; p99: number };
const row = (label: string, r: Load, bareRps: number) =>
  `| ${label} | ${r.rps.toFixed(0)} | ${(r.rps / bareRps).toFixed(2)} | ${r.p50} | ${r.p95} | ${r.p99} |`;
const section = `## Explore and item pages (\`npm run bench:explore\`)

Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}:
10,000 items (2% hidden, 5% NSFW), 2,000 users (10% private), ${runs[0]?.likes.toLocaleString('en') ?? '200,000'} likes; autocannon with ${CONNECTIONS} connections for ${DURATION} s
per row against the compiled server process (\`NODE_ENV=production\`, log level info), the load generator on
the same 2 cores. "Signed in" sends a session cookie of a collector who liked and saved 20 of the items,
so explore cards carry the viewer's overlay and item-get the viewer's state. "Ratio" is the row's
requests/s over a bare Hono route on @hono/node-server answering the same JSON bytes in the same run.
Target on PostgreSQL: explore-list ≥ 1,000 requests/s with p99 under 100 ms.

${runs
  .map(
    (r) => `### ${r.kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL 15 (127.0.0.1)'}

Bare SQL in the same run: trending-7d ranking ${r.bare.rank.toFixed(1)} ms (computed once per snapshot window and cached), cards for a page of 30 ${r.bare.cards.toFixed(1)} ms.

| Request | req/s | ratio | p50 ms | p97.5 ms | p99 ms |
| --- | --- | --- | --- | --- | --- |
${row('bare Hono route, the explore page-0 JSON', r.results.bareExplore, r.results.bareExplore.rps)}
${row('explore-list trending 7d, page 0, guest', r.results.page0, r.results.bareExplore.rps)}
${row('explore-list trending 7d, page 0, signed in', r.results.page0SignedIn, r.results.bareExplore.rps)}
${row('explore-list trending 7d, page 5, guest', r.results.page5, r.results.bareExplore.rps)}
${row('bare Hono route, the item-get JSON', r.results.bareItem, r.results.bareItem.rps)}
${row('item-get (200 different items), guest', r.results.itemGet, r.results.bareItem.rps)}
${row('item-get (200 different items), signed in', r.results.itemGetSignedIn, r.results.bareItem.rps)}
`,
  )
  .join('\n')}`;
writeBenchmarkSection('Explore and item pages', section);
