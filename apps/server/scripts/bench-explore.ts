/**
 * Seeds 10,000 items, 2,000 users and 200,000 likes, then measures explore-list (trending 7d, pages
 * 0 and 5, as a guest and signed in with the viewer's overlay) and item-get (guest and signed in)
 * with autocannon (32 connections) against the compiled server process, on PGlite and on the
 * PostgreSQL server, beside the bare SQL and a bare Hono route answering the same JSON in the same run.
 *   npm run bench:explore                  (both databases; writes docs/benchmarks.md)
 *   BENCH_PG_URL=postgres://… npm run bench:explore
 *   npm run bench:explore -- --items 100000   (another size: users a fifth of the items, 20.6 likes per item)
 */
import { type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { writeBenchmarkSection } from './benchmark-doc';
import type { Database } from '../src/db/client';
import { exploreRepository } from '../src/modules/explore/explore.repository';
import { readRepository } from '../src/modules/read/read.repository';
import {
  arg,
  benchDatabase,
  buildServer,
  CONNECTIONS,
  load as loadWith,
  seed,
  seedSize,
  signedInViewer,
  startBareServer,
  startServer,
  stop,
} from './bench-support';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const SIZE = seedSize(Number(arg('items') ?? 10_000));
const load = (url: string, paths: string[], headers: Record<string, string> = {}) => loadWith(url, paths, { seconds: DURATION, headers });

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

async function benchOne(kind: 'pglite' | 'postgres', entry: string) {
  const { database, serverEnv, drop: cleanup } = await benchDatabase(kind);
  const { itemIds, likes } = await seed(database, SIZE);
  const bare = await bareSql(database);
  console.log(`${kind}: bare SQL trending 7d ranking ${bare.rank.toFixed(1)} ms, cards for 30 ids ${bare.cards.toFixed(1)} ms`);
  await database.close();

  const { child, url } = await startServer(entry, serverEnv);
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
    await stop(bareServer);
    await stop(child);
    await cleanup();
  }
}

// The benchmark measures what `npm start` runs: the compiled server.
const entry = await buildServer();

const only = process.env.BENCH_DB;
const runs = [];
if (!only || only === 'pglite') runs.push(await benchOne('pglite', entry));
if (!only || only === 'postgres') runs.push(await benchOne('postgres', entry));

type Load = { rps: number; p50: number; p95: number; p99: number };
const row = (label: string, r: Load, bareRps: number) =>
  `| ${label} | ${r.rps.toFixed(0)} | ${(r.rps / bareRps).toFixed(2)} | ${r.p50} | ${r.p95} | ${r.p99} |`;
const section = `## Explore and item pages (\`npm run bench:explore\`)

Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}:
${SIZE.items.toLocaleString('en')} items (2% hidden, 5% NSFW), ${SIZE.users.toLocaleString('en')} users (10% private), ${runs[0]?.likes.toLocaleString('en') ?? '200,000'} likes; autocannon with ${CONNECTIONS} connections for ${DURATION} s
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
