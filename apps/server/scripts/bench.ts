/**
 * `npm run bench`: request throughput of the compiled server against a bare Hono route on
 * @hono/node-server answering the same JSON bytes, in the same run, 32 connections (autocannon):
 * `/health`, explore-list page 0 (from the snapshot cache), item-get as a guest and signed in, and a like toggle
 * (a write: a like or an unlike of one of 200 items, by one signed-in collector).
 *
 *   npm run bench                          the embedded database (as `npm start` runs it), or PostgreSQL when DATABASE_URL is set
 *   npm run bench -- --db both             both (PostgreSQL at BENCH_PG_URL, DATABASE_URL or 127.0.0.1:5432)
 *   npm run bench -- --items 2000          a smaller site for a quick run (default 10,000 items, 2,000 users, 206,000 likes)
 *   npm run bench -- --seconds 5           per round (default 10, after a 2 s warm-up)
 *   npm run bench -- --rounds 3            rounds per row, bare route and server in turn (default 3; the row is the median round)
 *   npm run bench -- --write               writes the figures into docs/benchmarks.md
 *   npm run bench -- --only health,explore   some of the rows (health, explore, itemGuest, itemSignedIn, like)
 *   npm run bench -- --profile             the server writes a CPU profile (.cpuprofile) per database into a temp directory
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeBenchmarkSection } from './benchmark-doc';
import {
  arg,
  benchDatabase,
  buildServer,
  CONNECTIONS,
  cpuMs,
  flag,
  load,
  loadAverage,
  postgresCpuMs,
  seed,
  seedSize,
  signedInViewer,
  startBareServer,
  startServer,
  stop,
  type LoadResult,
} from './bench-support';

type Kind = 'pglite' | 'postgres';
const SECONDS = Number(arg('seconds') ?? process.env.BENCH_SECONDS ?? 10);
const WARMUP = 2;
/** Rounds per row (`--rounds`); the row shows the round of the median ratio. */
const ROUNDS = Math.max(1, Number(arg('rounds') ?? 3));
const SIZE = seedSize(Number(arg('items') ?? 10_000));
const dbArg = arg('db') ?? (process.env.DATABASE_URL ? 'postgres' : 'pglite');
/** `--only health,itemGuest`: some rows (health, explore, itemGuest, itemSignedIn, like). */
const ONLY = arg('only')?.split(',') ?? null;
const KINDS: Kind[] = dbArg === 'both' ? ['pglite', 'postgres'] : dbArg === 'postgres' || dbArg === 'pg' ? ['postgres'] : ['pglite'];

/** The issue's goals: ratio to the bare route, per database. */
const GOAL: Record<RowName, number> = { health: 0.85, explore: 0.6, itemGuest: 0.5, itemSignedIn: 0.35, like: 0.03 };
const GOALS: Record<Kind, Record<RowName, number>> = { postgres: GOAL, pglite: GOAL };
type RowName = 'health' | 'explore' | 'itemGuest' | 'itemSignedIn' | 'like';
const LABELS: Record<RowName, string> = {
  health: '`/health`',
  explore: 'explore-list trending 7d, page 0, guest (snapshot cache)',
  itemGuest: 'item-get as a guest (200 different items)',
  itemSignedIn: 'item-get signed in (200 different items, viewer liked and saved 20)',
  like: 'social-like-toggle signed in (a like or an unlike of one of 200 items: a write)',
};

interface Row {
  name: RowName;
  bare: LoadResult;
  real: LoadResult;
  ratio: number;
  /** CPU µs per request: the bare route's process, the server's process, and PostgreSQL's processes during the server's run. */
  cpu: { bare: number; server: number; database: number };
  /** Every round's ratio, in the order run (the row's figures are the median round's). */
  rounds: number[];
}

async function benchOne(kind: Kind, entry: string) {
  const { database, serverEnv, drop } = await benchDatabase(kind);
  const seeded = await seed(database, SIZE);
  await database.close();
  const profileDir = flag('profile') ? mkdtempSync(path.join(os.tmpdir(), `curio-profile-${kind}-`)) : null;
  const server = await startServer(entry, serverEnv, profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []);
  let bare: Awaited<ReturnType<typeof startBareServer>> | null = null;
  const loadBefore = loadAverage();
  try {
    const { url } = server;
    const viewer = await signedInViewer(url, seeded.itemIds);
    const explore = `/functions/v1/explore-list?sort=trending&timeRange=7d&page=0&pageSize=30&includeNSFW=false`;
    const itemPaths = seeded.itemIds.map((id) => `/functions/v1/item-get?itemId=${id}`);
    const likePath = '/functions/v1/social-like-toggle';
    const likeHeaders = { ...viewer, origin: url };
    const likeBody = (i: number) => JSON.stringify({ itemId: seeded.itemIds[i % seeded.itemIds.length] });
    const text = async (p: string, headers: Record<string, string> = {}, body?: string) => {
      const res = await fetch(url + p, body ? { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body } : { headers });
      if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
      return res.text();
    };
    // The bare route answers the very bytes the server answers for each row.
    const wanted = (name: RowName) => !ONLY || ONLY.includes(name);
    const bodies = [
      wanted('health') ? await text('/health') : '{}',
      wanted('explore') ? await text(explore) : '{}',
      wanted('itemGuest') ? await text(itemPaths[0]!) : '{}',
      wanted('itemSignedIn') ? await text(itemPaths[0]!, viewer) : '{}',
      wanted('like') ? await text(likePath, likeHeaders, likeBody(0)) : '{}',
    ];
    bare = await startBareServer(bodies);
    const rows: Row[] = [];
    const measure = async (name: RowName, n: number, paths: string[], headers?: Record<string, string>, body?: (i: number) => string) => {
      if (!wanted(name)) return;
      await load(bare!.url, [`/bare/${n}`], { seconds: WARMUP, body });
      await load(url, paths, { seconds: WARMUP, headers, body });
      // ROUNDS rounds of the bare route and the server one after the other; the row is the round of the median ratio.
      const rounds: Row[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const bareCpu = cpuMs(bare!.child.pid);
        const b = await load(bare!.url, [`/bare/${n}`], { seconds: SECONDS, body });
        const bareUs = ((cpuMs(bare!.child.pid) - bareCpu) * 1000) / b.requests;
        const [serverCpu, dbCpu] = [cpuMs(server.child.pid), kind === 'postgres' ? postgresCpuMs() : 0];
        const r = await load(url, paths, { seconds: SECONDS, headers, body });
        const cpu = {
          bare: bareUs,
          server: ((cpuMs(server.child.pid) - serverCpu) * 1000) / r.requests,
          database: kind === 'postgres' ? ((postgresCpuMs() - dbCpu) * 1000) / r.requests : 0,
        };
        rounds.push({ name, bare: b, real: r, ratio: r.rps / b.rps, cpu, rounds: [] });
      }
      const sorted = [...rounds].sort((x, y) => x.ratio - y.ratio);
      const row = { ...sorted[Math.floor((sorted.length - 1) / 2)]!, rounds: rounds.map((x) => x.ratio) };
      const { real: r, bare: b, cpu } = row;
      console.log(
        `${kind} ${name}: ${r.rps.toFixed(0)} req/s vs bare ${b.rps.toFixed(0)} req/s: ratio ${row.ratio.toFixed(2)} (rounds ${row.rounds.map((x) => x.toFixed(2)).join(' / ')}; goal ${GOALS[kind][name]}), p50 ${r.p50} ms, p99 ${r.p99} ms; ` +
          `CPU per request: bare ${cpu.bare.toFixed(0)} µs, server ${cpu.server.toFixed(0)} µs${kind === 'postgres' ? ` + PostgreSQL ${cpu.database.toFixed(0)} µs` : ''}`,
      );
      rows.push(row);
    };
    await measure('health', 0, ['/health']);
    await measure('explore', 1, [explore]);
    await measure('itemGuest', 2, itemPaths);
    await measure('itemSignedIn', 3, itemPaths, viewer);
    await measure('like', 4, [likePath], likeHeaders, likeBody);
    return { kind, seeded, rows, load: [loadBefore, loadAverage()] as const };
  } finally {
    await stop(bare?.child);
    await stop(server.child);
    if (profileDir) console.log(`${kind}: CPU profile of the server in ${profileDir}`);
    await drop();
  }
}

const entry = await buildServer();
const results: Awaited<ReturnType<typeof benchOne>>[] = [];
for (const kind of KINDS) results.push(await benchOne(kind, entry));

const table = (r: (typeof results)[number]) =>
  [
    `| Request | bare route req/s | server req/s | ratio (each round) | goal | server p50 / p99 ms | CPU µs per request: bare / server${r.kind === 'postgres' ? ' / PostgreSQL' : ''} |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...r.rows.map(
      (x) =>
        `| ${LABELS[x.name]} | ${x.bare.rps.toFixed(0)} | ${x.real.rps.toFixed(0)} | **${x.ratio.toFixed(2)}** (${x.rounds.map((v) => v.toFixed(2)).join(' / ')}) | ≥ ${GOALS[r.kind][x.name].toFixed(2)}${x.ratio >= GOALS[r.kind][x.name] ? '' : ' (missed)'} | ${x.real.p50} / ${x.real.p99} | ${x.cpu.bare.toFixed(0)} / ${x.cpu.server.toFixed(0)}${r.kind === 'postgres' ? ` / ${x.cpu.database.toFixed(0)}` : ''} |`,
    ),
  ].join('\n');

for (const r of results) {
  console.log(`\n${r.kind}, load average ${r.load[0]} → ${r.load[1]}\n${table(r)}`);
}

if (flag('write')) {
  for (const r of results) {
    const title = r.kind === 'postgres' ? 'Request throughput on PostgreSQL' : 'Request throughput on the embedded database';
    const db = r.kind === 'postgres' ? 'PostgreSQL 15 on 127.0.0.1' : 'PGlite, the embedded database `npm start` uses without DATABASE_URL';
    const command = `npm run bench -- --db ${r.kind}${SIZE.items === 10_000 ? '' : ` --items ${SIZE.items}`}${SECONDS === 10 ? '' : ` --seconds ${SECONDS}`}${ROUNDS === 3 ? '' : ` --rounds ${ROUNDS}`} --write`;
    writeBenchmarkSection(
      title,
      `## ${title} (\`npm run bench\`)

\`${command}\` (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}).
${db}; ${r.seeded.items.toLocaleString('en')} items, ${r.seeded.users.toLocaleString('en')} users, ${r.seeded.likes.toLocaleString('en')} likes (seeded in ${r.seeded.seconds.toFixed(0)} s).
The compiled server as \`npm start\` runs it (\`NODE_ENV=production\` and npm start's other defaults, log level info) against a
bare Hono route on @hono/node-server, compiled to JavaScript and run on plain \`node\` like the server, answering the
same JSON bytes (the like row's reads its JSON body first): autocannon, ${CONNECTIONS} connections, ${ROUNDS} rounds of
${SECONDS} s per row (the bare route, then the server) after a ${WARMUP} s warm-up of each; a row shows the round of the
median ratio, and every round's ratio. The load generator runs on the same cores. The machine's load (1-minute average
${r.load[0]} before, ${r.load[1]} after) moves both figures of a round together.

${table(r)}
`,
    );
  }
}
