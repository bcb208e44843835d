/**
 * Discovery at a million items: seeds PostgreSQL with 1,000,000 items and 100,000 collectors (bulk SQL,
 * not the API), a viewer who follows 500 of them, and measures the compiled server's `search` (a title
 * word, a handle prefix) and `feed-list` page 0 (when the server has it), one request at a time: p50 and
 * p99 per round, the median of the rounds. Then the same at 100,000 items on the embedded database. The
 * query plans (EXPLAIN ANALYZE) of the search statements go into docs/benchmarks.md with the figures.
 *   npm run bench:discovery                       (both databases; writes docs/benchmarks.md)
 *   BENCH_DB=postgres npm run bench:discovery -- --items 1000000
 * The seeded database is dropped at the end; with BENCH_KEEP=1 a PostgreSQL one is kept (its address printed) for
 * plans taken by hand.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { writeBenchmarkSection } from './benchmark-doc';
import type { Database } from '../src/db/client';
import { rowsOf } from '../src/db/rows';
import { textArraySql } from '../src/db/sql-values';
import { parseSearchQuery } from '../src/modules/search/search-query';
import { feedQueries } from '../src/modules/discovery/discovery.repository';
import { searchQueries } from '../src/modules/search/search.repository';
import { arg, benchDatabase, buildServer, startServer, stop } from './bench-support';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const FOLLOWED = 500;

/** Words of the titles: a franchise, a descriptor and a kind (the benchmark searches the franchises). */
const FRANCHISES = [
  'gundam',
  'zaku',
  'evangelion',
  'totoro',
  'pikachu',
  'transformers',
  'godzilla',
  'ultraman',
  'macross',
  'gunpla',
  'sailor',
  'dragonball',
  'naruto',
  'onepiece',
  'bleach',
  'starwars',
  'batman',
  'spiderman',
  'marvel',
  'lego',
  'hotwheels',
  'barbie',
  'pokemon',
  'digimon',
  'yugioh',
  'kamen',
  'mazinger',
  'voltron',
  'robotech',
  'patlabor',
  'akira',
  'ghibli',
  'miku',
  'hololive',
  'genshin',
  'zelda',
  'mario',
  'sonic',
  'metroid',
  'kirby',
  'tamagotchi',
  'furby',
  'smurf',
  'snoopy',
  'hellokitty',
  'sanrio',
  'rilakkuma',
  'doraemon',
  'conan',
  'lupin',
];
const DESCRIPTORS = ['vintage', 'mint', 'boxed', 'limited', 'custom', 'rare', 'signed', 'repainted', 'loose', 'sealed', 'damaged', 'complete'];
const KINDS = ['figure', 'model kit', 'plush', 'statue', 'card', 'poster', 'keychain', 'diorama', 'bust', 'badge'];
const CJK_TITLES = ['高达模型', '扎古手办', '龙猫毛绒', '皮卡丘卡牌', '奥特曼雕像', '初音未来手办', '哆啦A梦钥匙扣', '海贼王模型', '火影忍者手办', '乐高积木'];
const NAMES = [
  'akira',
  'yuki',
  'hana',
  'kenji',
  'mei',
  'li',
  'wei',
  'chen',
  'anna',
  'lucas',
  'emma',
  'noah',
  'mia',
  'leo',
  'sara',
  'omar',
  'ines',
  'tom',
  'zoe',
  'max',
];
const CJK_NAMES = ['山田', '李娜', '王伟', '张敏', '陈杰', '刘洋', '佐藤', '高桥'];
const TAG_WORDS = ['mecha', 'anime', 'retro', 'plastic', 'resin', 'vinyl', 'die-cast', 'tcg', 'kawaii', 'robot', 'kaiju', 'sci-fi', 'fantasy', 'game', 'manga'];

const arr = (xs: readonly string[]) => `array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`;

async function seed(db: Database, size: { items: number; users: number }) {
  const t0 = performance.now();
  const run = async (label: string, q: string) => {
    const t = performance.now();
    await db.db.execute(sql.raw(q));
    console.log(`  ${label}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  const { items: N, users: U } = size;
  await run('seed', `select setseed(0.42)`);
  await run(
    'users',
    `insert into users (id, name, email, email_verified) select 'disc-u-' || g, 'u' || g, 'u' || g || '@bench.test', true from generate_series(1, ${U}) g`,
  );
  // Handles: a first name and the number (akira_123); display names Latin, one in five Chinese; 10% private, 1% hidden.
  await run(
    'profiles',
    `insert into profiles (user_id, handle, display_name, public, hidden)
     select 'disc-u-' || g, (${arr(NAMES)})[1 + g % ${NAMES.length}] || '_' || g,
       case when g % 5 = 0 then (${arr(CJK_NAMES)})[1 + g % ${CJK_NAMES.length}] || g
            else initcap((${arr(NAMES)})[1 + g % ${NAMES.length}]) || ' Collector ' || g end,
       random() >= 0.1, random() < 0.01
     from generate_series(1, ${U}) g`,
  );
  await run(
    'profile stats',
    `insert into profile_stats (user_id, followers_count, following_count) select 'disc-u-' || g, (random() * random() * 5000)::int, 0 from generate_series(1, ${U}) g`,
  );
  await run('shelves', `insert into shelves (user_id) select 'disc-u-' || g from generate_series(1, ${U}) g`);
  await run(
    'image',
    `insert into images (id, kind, master_format, width, height, bytes) values ('benchimage00000000000000', 'composite', 'jpg', 1200, 1500, 1)`,
  );
  // The items table's indexes are built after the rows (as a bulk load does), not row by row.
  const indexes = rowsOf<{ name: string; def: string }>(
    await db.db.execute(
      sql`select indexname as name, indexdef as def from pg_indexes where tablename = 'items' and indexname not in (select conname from pg_constraint)`,
    ),
  );
  for (const ix of indexes) await db.db.execute(sql.raw(`drop index ${ix.name}`));
  // Titles: franchise + descriptor + kind (Latin), one in ten Chinese; two tags; a year of ages; 2% hidden, 5% NSFW
  // (each drawn at random, so that no rule lines up with another: a franchise's items are spread over everyone).
  await run(
    `${N} items`,
    `insert into items (shelf_id, user_id, title, tags, nsfw, hidden, created_at)
     select s.id, s.user_id,
       case when x.cjk then (${arr(CJK_TITLES)})[1 + x.c] || ' ' || x.n
            else initcap((${arr(FRANCHISES)})[1 + x.f]) || ' ' || (${arr(DESCRIPTORS)})[1 + x.d] || ' ' || (${arr(KINDS)})[1 + x.k] || ' ' || x.n end,
       array[(${arr(FRANCHISES)})[1 + x.f], (${arr(TAG_WORDS)})[1 + x.t] || '-' || (x.n % 40)],
       random() < 0.05, random() < 0.02, now() - random() * interval '365 days'
     from (
       select g, random() < 0.1 as cjk, floor(random() * ${CJK_TITLES.length})::int as c, floor(random() * ${FRANCHISES.length})::int as f,
         floor(random() * ${DESCRIPTORS.length})::int as d, floor(random() * ${KINDS.length})::int as k, floor(random() * ${TAG_WORDS.length})::int as t,
         floor(random() * 997)::int as n, 1 + floor(random() * ${U})::int as u
       from generate_series(1, ${N}) g
     ) x join shelves s on s.user_id = 'disc-u-' || x.u`,
  );
  await run(
    'composites',
    `insert into composites (item_id, image_id, style, variant_no, generation_id) select id, 'benchimage00000000000000', 'bookshelf_hero', 1, gen_random_uuid() from items`,
  );
  await run('chosen composites', `update items i set chosen_composite_id = c.id from composites c where c.item_id = i.id`);
  await run('item stats', `insert into item_stats (item_id, like_count) select id, (random() * random() * 200)::int from items`);
  await run('maintenance_work_mem', `set maintenance_work_mem = '256MB'`);
  for (const ix of indexes) await run(`index ${ix.name}`, ix.def);
  await run('analyze', `analyze`);
  console.log(`seeded ${N} items and ${U} users in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

/**
 * The viewer's 500 followings: public collectors, read before the server starts (the embedded database has one
 * process at a time).
 */
async function followees(db: Database): Promise<string[]> {
  return rowsOf<{ id: string }>(
    await db.db.execute(
      sql`select p.user_id as id from profiles p where p.public and not p.hidden and p.user_id like 'disc-u-%' order by p.user_id limit ${FOLLOWED}`,
    ),
  ).map((r) => r.id);
}

/** Signs the viewer up and onboards them, then has them follow the given collectors (through the API). */
async function viewer(url: string, follow: string[]) {
  const origin = { origin: url, 'content-type': 'application/json' };
  const email = `viewer${Date.now()}@bench.test`;
  const res = await fetch(`${url}/auth/v1/sign-up/email`, {
    method: 'POST',
    headers: origin,
    body: JSON.stringify({ email, password: 'bench password 1234', name: 'viewer' }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const call = async (name: string, body: unknown) => {
    const r = await fetch(`${url}/functions/v1/${name}`, { method: 'POST', headers: { ...origin, cookie }, body: JSON.stringify(body) });
    if (!r.ok) throw new Error(`${name} failed: ${r.status} ${await r.text()}`);
  };
  await call('onboarding-complete', { handle: 'bench_viewer', displayName: 'Bench Viewer', public: true });
  for (const targetUserId of follow) await call('social-follow-toggle', { targetUserId, following: true });
  return { cookie };
}

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;
const median = (xs: number[]) => percentile(xs, 50);

/** `REQUESTS` requests one at a time per round, cycling through the paths; the median of the rounds' p50 and p99. */
async function measure(url: string, paths: string[], headers: Record<string, string>) {
  const rounds: { p50: number; p99: number }[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const t = performance.now();
      const res = await fetch(url + paths[i % paths.length]!, { headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${paths[i % paths.length]}: ${res.status}`);
      times.push(performance.now() - t);
    }
    rounds.push({ p50: percentile(times, 50), p99: percentile(times, 99) });
  }
  return { p50: median(rounds.map((r) => r.p50)), p99: median(rounds.map((r) => r.p99)) };
}

const TITLE_WORDS = ['gundam', 'totoro', 'pikachu', 'godzilla', 'macross'];
const HANDLE_PREFIXES = ['akira_1', 'yuki_2', 'mei_3', 'lucas_4', 'zoe_5'];
const search = (q: string, type: string) => `/functions/v1/search?q=${encodeURIComponent(q)}&type=${type}&limit=24`;

/** The collector whose home feed's plan is taken: a seeded one, made to follow the same collectors as the viewer. */
const PLAN_VIEWER = 'disc-u-1';

async function plans(db: Database, follow: string[]) {
  await db.db.execute(sql`insert into follows (follower_id, followee_id)
    select ${PLAN_VIEWER}, f from unnest(${textArraySql(follow)}) f where f <> ${PLAN_VIEWER} on conflict do nothing`);
  const explain = async (label: string, query: ReturnType<typeof searchQueries.items>) => {
    const rows = rowsOf<Record<string, string>>(await db.db.execute(sql`explain (analyze, costs off, timing on, summary on) ${query}`));
    return `${label}\n\n\`\`\`\n${rows.map((r) => Object.values(r)[0]).join('\n')}\n\`\`\``;
  };
  const guest = { id: null, includeNsfw: false };
  return [
    await explain(
      'Items for a title word ("gundam"), first page of 25, the past week (a common word is answered from its newest window):',
      searchQueries.items(parseSearchQuery('gundam'), guest, { offset: 0, limit: 25 }, { mode: 'exact', since: '7 days' }),
    ),
    await explain(
      'The same over all time, at most 2,000 candidates (what a word that is not common is ranked from):',
      searchQueries.items(parseSearchQuery('gundam'), guest, { offset: 0, limit: 25 }),
    ),
    await explain(
      'People for a handle prefix ("akira_1"), first page of 25:',
      searchQueries.people(parseSearchQuery('akira_1'), guest, { offset: 0, limit: 25 }),
    ),
    await explain('Items for a Chinese word ("高达"), first page of 25:', searchQueries.items(parseSearchQuery('高达'), guest, { offset: 0, limit: 25 })),
    await explain(
      `The home feed's page 0 (30 and one more) of a collector following ${follow.length}, no tags followed:`,
      feedQueries.page(PLAN_VIEWER, { after: null, limit: 30, tags: { followed: [], muted: [] } }),
    ),
  ].join('\n\n');
}

async function benchOne(kind: 'pglite' | 'postgres', entry: string, items: number) {
  const users = Math.round(items / 10);
  const { database, serverEnv, drop } = await benchDatabase(kind);
  const keep = kind === 'postgres' && process.env.BENCH_KEEP === '1';
  try {
    await seed(database, { items, users });
    const follow = await followees(database);
    const plan = await plans(database, follow);
    await database.close();
    const { child, url } = await startServer(entry, serverEnv);
    try {
      const v = await viewer(url, follow);
      const results: Record<string, { p50: number; p99: number } | null> = {
        title: await measure(
          url,
          TITLE_WORDS.map((w) => search(w, 'all')),
          v,
        ),
        titleItems: await measure(
          url,
          TITLE_WORDS.map((w) => search(w, 'items')),
          v,
        ),
        handle: await measure(
          url,
          HANDLE_PREFIXES.map((w) => search(w, 'people')),
          v,
        ),
        cjk: await measure(url, [search('高达', 'all'), search('手办', 'all')], v),
      };
      const probe = await fetch(`${url}/functions/v1/feed-list?limit=30`, { headers: v });
      await probe.arrayBuffer();
      if (probe.status === 404) {
        console.log(`${kind}: feed-list answered 404 (this server has no such function): not measured`);
        results.feed = null;
      } else {
        results.feed = await measure(url, ['/functions/v1/feed-list?limit=30'], v);
      }
      for (const [name, r] of Object.entries(results))
        console.log(`${kind} ${name}: ${r ? `p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms` : 'not measured'}`);
      return { kind, items, users, results, plan };
    } finally {
      await stop(child);
    }
  } finally {
    await database.close().catch(() => undefined);
    if (keep) console.log(`kept the seeded database: ${serverEnv.DATABASE_URL}`);
    else await drop();
  }
}

const entry = await buildServer();
const only = process.env.BENCH_DB;
const runs: Awaited<ReturnType<typeof benchOne>>[] = [];
if (!only || only === 'postgres') runs.push(await benchOne('postgres', entry, Number(arg('items') ?? 1_000_000)));
if (!only || only === 'pglite') runs.push(await benchOne('pglite', entry, Number(arg('pglite-items') ?? 100_000)));

/** Each row's p99 against its goal on PostgreSQL, and the embedded database's p99 as a multiple of PostgreSQL's. */
function verdict(): string {
  const pg = runs.find((r) => r.kind === 'postgres');
  const lite = runs.find((r) => r.kind === 'pglite');
  const rows = [
    ['title', 'a title word (all)', 100],
    ['titleItems', 'a title word (items)', 100],
    ['handle', 'a handle prefix', 100],
    ['cjk', 'a Chinese word', 100],
    ['feed', 'the feed', 50],
  ] as const;
  const lines = rows.map(([key, label, goal]) => {
    const p = pg?.results[key];
    const l = lite?.results[key];
    const met = p ? `${p.p99 <= goal ? 'met' : '**not met**'} (${p.p99.toFixed(1)} ms ≤ ${goal})` : 'not measured';
    const ratio = p && l ? `, embedded ${(l.p99 / p.p99).toFixed(1)}×${l.p99 / p.p99 <= 3 ? '' : ' (**over 3×**)'}` : '';
    return `${label}: ${met}${ratio}`;
  });
  return `\nIn this run, at p99 — ${lines.join('; ')}.`;
}

const ms = (r: { p50: number; p99: number } | null | undefined) => (r ? `${r.p50.toFixed(1)} | ${r.p99.toFixed(1)}` : 'not measured (404) | –');
const section = `## Discovery at a million items

\`npm run bench:discovery\` (\`BENCH_DB=postgres\` or \`pglite\` for one database). Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores
(${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, against the compiled server as \`npm start\` runs it. Seeded with bulk SQL
(generate_series): titles of a franchise word, a descriptor and a kind (50 franchises, so a franchise word matches
2% of the items), one in ten Chinese; two tags each; 2% hidden, 5% NSFW; collectors 10% private, 1% hidden, one in five
with a Chinese display name. The viewer (signed in) follows ${FOLLOWED} collectors. Each row: ${REQUESTS} requests one at a time,
cycling through 5 queries (title words: ${TITLE_WORDS.join(', ')}; handle prefixes: ${HANDLE_PREFIXES.join(', ')}), p50 and p99 of a round,
the median of ${ROUNDS} rounds. Goals: p99 ≤ 100 ms for search and ≤ 50 ms for the feed on PostgreSQL, the embedded
database within 3× of it.${verdict()}

${runs
  .map(
    (
      r,
    ) => `### ${r.kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL 15 (127.0.0.1)'}: ${r.items.toLocaleString('en')} items, ${r.users.toLocaleString('en')} collectors

| Request | p50 ms | p99 ms |
| --- | --- | --- |
| search, a title word, type all (items, people and tags) | ${ms(r.results.title)} |
| search, a title word, type items | ${ms(r.results.titleItems)} |
| search, a handle prefix, type people | ${ms(r.results.handle)} |
| search, a Chinese word, type all | ${ms(r.results.cjk)} |
| feed-list page 0 (limit 30), following ${FOLLOWED} | ${ms(r.results.feed)} |
${r.plan ? `\nQuery plans (EXPLAIN ANALYZE; search as a guest, the feed as the collector it is for):\n\n${r.plan}\n` : ''}`,
  )
  .join('\n')}`;
writeBenchmarkSection('Discovery at a million items', section);
