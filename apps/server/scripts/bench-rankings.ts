/**
 * Times the explore rankings on PostgreSQL at a given size: seeds ITEMS items (a user per five
 * items, 10% of them private; 2% of the items hidden, 5% NSFW, over 60 days) with about 20.6 likes,
 * 2 saves and 1 comment per item over the last 30 days, in SQL (generate_series; a bulk load: each
 * table's triggers off and its indexes built after its rows), builds the rank totals with the
 * roll-up job as of five minutes before, then runs each ranking as the server does once per
 * snapshot window (adding the rows since the roll-up), and times the job once more.
 *   npm run bench:rankings -- --items 100000 [--likes 2060000] [--legacy] [--write]
 *   BENCH_PG_URL=postgres://user@host:5432/db (the server; a database of its own is created and
 *   dropped; BENCH_KEEP=1 keeps it)
 * --legacy also builds the per-day aggregates and times the two former trending-7d queries (from
 * the per-day aggregates; counting the raw rows with numeric power()). */
import os from 'node:os';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres, type Database } from '../src/db/client';
import { exploreRepository, type RankQuery } from '../src/modules/explore/explore.repository';
import { writeBenchmarkSection } from './benchmark-doc';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const ITEMS = Number(arg('items') ?? 100_000);
const LIKES = Number(arg('likes') ?? Math.round(ITEMS * 20.6));
const USERS = Math.max(100, Math.round(ITEMS / 5));
const LEGACY = process.argv.includes('--legacy');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DAY = 86_400_000;
if (!Number.isInteger(ITEMS) || ITEMS < 100 || !Number.isInteger(LIKES) || LIKES > ITEMS * (USERS - 1)) {
  console.error('usage: bench:rankings -- --items N (≥ 100) [--likes M] [--legacy] [--write]');
  process.exit(1);
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);
const seconds = (t: number) => ((performance.now() - t) / 1000).toFixed(1);

async function seed(db: Database) {
  const t = performance.now();
  const run = async (label: string, q: string) => {
    const s = performance.now();
    await db.db.execute(sql.raw(q));
    console.log(`  ${label}: ${seconds(s)} s`);
  };
  /**
   * A bulk load into a table: its indexes (all but the primary key's when other tables point at it)
   * are dropped and its triggers (foreign keys, engagement aggregates) disabled while the rows are
   * written, then the indexes are built again in one sort each. The rows are consistent by
   * construction; the aggregates and totals are built from them afterwards.
   */
  const bulk = async (label: string, table: string, insert: string) => {
    const s = performance.now();
    const indexes = rowsOf<{ name: string; def: string; constraint: string | null; condef: string | null; referenced: boolean }>(
      await db.db.execute(sql`
        select i.indexname as name, i.indexdef as def, c.conname as "constraint", pg_get_constraintdef(c.oid) as condef,
               exists (select 1 from pg_constraint f where f.confrelid = ${table}::regclass and f.contype = 'f') as referenced
        from pg_indexes i left join pg_constraint c on c.conindid = to_regclass(i.indexname) and c.conrelid = ${table}::regclass
        where i.tablename = ${table} and i.schemaname = 'public'`),
    ).filter((i) => !(i.constraint && i.referenced));
    for (const i of indexes) {
      await db.db.execute(sql.raw(i.constraint ? `alter table ${table} drop constraint ${i.constraint}` : `drop index ${i.name}`));
    }
    await db.db.execute(sql.raw(`alter table ${table} disable trigger all`));
    await db.db.execute(sql.raw(insert));
    await db.db.execute(sql.raw(`alter table ${table} enable trigger all`));
    const loaded = seconds(s);
    for (const i of indexes) {
      await db.db.execute(
        sql.raw(`set maintenance_work_mem = '512MB'; ${i.constraint ? `alter table ${table} add constraint ${i.constraint} ${i.condef}` : i.def}`),
      );
    }
    console.log(`  ${label}: ${seconds(s)} s (rows ${loaded} s, then ${indexes.length} indexes)`);
  };
  await run(
    'users',
    `insert into users (id, name, email, email_verified) select 'bench-u-' || g, 'u' || g, 'u' || g || '@bench.test', true from generate_series(1, ${USERS}) g`,
  );
  await run(
    'profiles',
    `insert into profiles (user_id, handle, display_name, public) select 'bench-u-' || g, 'bench_' || g, 'Bench ' || g, (g % 10 <> 0) from generate_series(1, ${USERS}) g`,
  );
  await run('shelves', `insert into shelves (user_id) select 'bench-u-' || g from generate_series(1, ${USERS}) g`);
  await run(
    'image',
    `insert into images (id, kind, master_format, width, height, bytes) values ('benchimage00000000000000', 'composite', 'jpg', 1200, 1500, 1)`,
  );
  // Item k has the id md5(k) and its chosen composite md5('c' || k): rows name them without a lookup.
  await bulk(
    'items',
    'items',
    `insert into items (id, shelf_id, user_id, title, tags, nsfw, hidden, created_at, chosen_composite_id)
    select md5(g::text)::uuid, s.id, s.user_id, 'Bench item ' || g, array[(array['robots','anime','cars','dolls','lego'])[1 + g % 5]],
           (g % 20 = 0), (g % 50 = 0), now() - ((g::bigint * 7793) % 86400 * 60 + g % 60) * interval '1 second', md5('c' || g)::uuid
    from generate_series(1, ${ITEMS}) g join shelves s on s.user_id = 'bench-u-' || (1 + g % ${USERS})`,
  );
  await bulk(
    'composites',
    'composites',
    `insert into composites (id, item_id, image_id, style, variant_no, generation_id)
    select md5('c' || g)::uuid, md5(g::text)::uuid, 'benchimage00000000000000', 'bookshelf_hero', 1, gen_random_uuid() from generate_series(1, ${ITEMS}) g`,
  );
  // Like g goes to item 1 + g mod N from user (g div N)·7919 + item mod U: never twice the same pair.
  // An item gets no engagement before it was created.
  const engagement = (table: string, n: number, columns = '', values = '') => `
    insert into ${table} (user_id, item_id, created_at${columns})
    select 'bench-u-' || (1 + ((g / ${ITEMS})::bigint * 7919 + k) % ${USERS}), md5(k::text)::uuid,
           now() - least(((g::bigint * 104729) % 2592000), (k::bigint * 7793) % 86400 * 60 + k % 60) * interval '1 second'${values}
    from (select g, 1 + g % ${ITEMS} as k from generate_series(0, ${n - 1}) g) x`;
  await bulk(`likes (${LIKES.toLocaleString('en')})`, 'likes', engagement('likes', LIKES));
  await bulk('saves', 'bookmarks', engagement('bookmarks', Math.round(LIKES / 10)));
  await bulk('comments', 'comments', engagement('comments', Math.round(LIKES / 20), ', body, hidden', `, 'Lovely', (g % 40 = 0)`));
  await run('item stats', `insert into item_stats (item_id, like_count) select item_id, count(*) from likes group by item_id`);
  // The per-day aggregates (the former rankings' source, kept by the same triggers) only for --legacy.
  if (LEGACY) {
    await run(
      'aggregates',
      `insert into item_engagement_daily (item_id, day, likes, comments, saves, views)
      select item_id, case when grouping(day) = 1 then '-infinity'::date else day end, sum(likes), sum(comments), sum(saves), sum(views)
      from (
        select item_id, (created_at at time zone 'UTC')::date as day, 1 as likes, 0 as comments, 0 as saves, 0 as views from likes
        union all select item_id, (created_at at time zone 'UTC')::date, 0, 1, 0, 0 from comments where not hidden
        union all select item_id, (created_at at time zone 'UTC')::date, 0, 0, 1, 0 from bookmarks
      ) e
      group by grouping sets ((item_id, day), (item_id))`,
    );
  }
  await run('vacuum analyze', `vacuum analyze`);
  // The rank totals built by the first roll-up (from nothing), five minutes ago: every ranking then
  // adds five minutes of rows, as between two runs of the job on a live site.
  const repo = exploreRepository(db.db);
  const s = performance.now();
  await repo.rollUp(new Date(Date.now() - 5 * 60_000));
  const build = (performance.now() - s) / 1000;
  console.log(`  first roll-up (building the totals): ${build.toFixed(1)} s`);
  await run('analyze totals', `analyze item_rank_totals`);
  const [row] = rowsOf<{ items: number; likes: number; days: number }>(
    await db.db.execute(
      sql`select (select count(*) from items)::int as items, (select count(*) from likes)::int as likes, (select count(*) from item_engagement_daily)::int as days`,
    ),
  );
  console.log(
    `seeded ${row!.items.toLocaleString('en')} items, ${row!.likes.toLocaleString('en')} likes (${row!.days.toLocaleString('en')} aggregate rows) in ${seconds(t)} s`,
  );
  return { seconds: (performance.now() - t) / 1000, aggregateRows: row!.days, build };
}

/** The former query (raw rows, numeric power()), for comparison with --legacy. */
function legacyQuery(q: RankQuery): SQL {
  const snap = sql`${q.snapshot.toISOString()}::timestamptz`;
  const from = sql`${(q.from ?? new Date(0)).toISOString()}::timestamptz`;
  const inRange = (col: string) => sql`${sql.raw(col)} > ${from} and ${sql.raw(col)} <= ${snap}`;
  return sql`
    with e as (select i.id, i.created_at from items i join profiles p on p.user_id = i.user_id
      where p.public and not i.hidden and i.chosen_composite_id is not null and not i.nsfw and i.created_at <= ${snap}),
    l as (select item_id, count(*) as n from likes where ${inRange('created_at')} group by item_id),
    c as (select item_id, count(*) as n from comments where not hidden and ${inRange('created_at')} group by item_id),
    s as (select item_id, count(*) as n from bookmarks where ${inRange('created_at')} group by item_id),
    v as (select item_id, count(*) as n from item_views where ${inRange('created_at')} group by item_id)
    select e.id from e left join l on l.item_id = e.id left join c on c.item_id = e.id
      left join s on s.item_id = e.id left join v on v.item_id = e.id
    order by (3 * coalesce(l.n, 0) + 2 * coalesce(c.n, 0) + 2 * coalesce(s.n, 0) + 0.1 * coalesce(v.n, 0))
      / power(extract(epoch from (${snap} - e.created_at)) / 3600.0 + 2, 1.5) desc, e.created_at desc, e.id desc
    limit 3000`;
}

/** The load averages (1, 5, 15 minutes) as /proc/loadavg has them. */
const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function measure(db: Database) {
  const repo = exploreRepository(db.db);
  const RANGES = { '24h': DAY, '7d': 7 * DAY, '30d': 30 * DAY, all: null } as const;
  const cases: { label: string; q: (snapshot: Date) => RankQuery }[] = [];
  for (const [range, length] of Object.entries(RANGES)) {
    cases.push({
      label: `trending ${range}`,
      q: (s) => ({ sort: 'trending', from: length === null ? null : new Date(s.getTime() - length), snapshot: s, includeNsfw: false, max: 3000 }),
    });
  }
  cases.push({ label: 'top 7d', q: (s) => ({ sort: 'top', from: new Date(s.getTime() - 7 * DAY), snapshot: s, includeNsfw: false, max: 3000 }) });
  cases.push({ label: 'top all', q: (s) => ({ sort: 'top', from: null, snapshot: s, includeNsfw: false, max: 3000 }) });
  cases.push({
    label: 'trending 7d, tag "anime", NSFW included',
    q: (s) => ({ sort: 'trending', from: new Date(s.getTime() - 7 * DAY), snapshot: s, includeNsfw: true, tag: 'anime', max: 3000 }),
  });
  cases.push({ label: 'new', q: (s) => ({ sort: 'new', from: null, snapshot: s, includeNsfw: false, max: 3000 }) });
  const results: { label: string; ms: number; max: number; load: string }[] = [];
  for (const c of cases) {
    const times: number[] = [];
    // Each run a new snapshot window, as the server computes them (30 s apart).
    for (let i = 0; i < RUNS; i++) {
      const snapshot = new Date(Math.floor(Date.now() / 30_000) * 30_000 - i * 30_000);
      const t = performance.now();
      const ids = await repo.rank(c.q(snapshot));
      times.push(performance.now() - t);
      if (ids.length !== Math.min(3000, ITEMS)) console.warn(`  ${c.label}: ${ids.length} ids`);
    }
    const ms = median(times.slice(1));
    results.push({ label: c.label, ms, max: Math.max(...times.slice(1)), load: loadavg() });
    console.log(`${c.label}: median ${ms.toFixed(1)} ms (max ${Math.max(...times.slice(1)).toFixed(1)} ms, first ${times[0]!.toFixed(1)} ms)`);
  }
  // The job's work: a roll-up over the last minutes (the seed's newest rows), then aged heat lowered.
  let t0 = performance.now();
  const rolled = await repo.rollUp();
  const rollUpMs = performance.now() - t0;
  t0 = performance.now();
  const cooled = await repo.coolDown();
  const coolDownMs = performance.now() - t0;
  console.log(`roll-up job: roll-up ${rollUpMs.toFixed(0)} ms (${rolled?.items ?? 0} items), cool-down ${coolDownMs.toFixed(0)} ms (${cooled} items)`);
  let legacy: number | null = null;
  let days: number | null = null;
  if (LEGACY) {
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const snapshot = new Date(Math.floor(Date.now() / 30_000) * 30_000 - i * 30_000);
      const t = performance.now();
      await repo.rankFromDays({ sort: 'trending', from: new Date(snapshot.getTime() - 7 * DAY), snapshot, includeNsfw: false, max: 3000 });
      times.push(performance.now() - t);
    }
    days = median(times);
    console.log(`per-day aggregates trending 7d query: median ${days.toFixed(1)} ms`);
  }
  if (LEGACY) {
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const snapshot = new Date(Date.now() - i * 30_000);
      const t = performance.now();
      await db.db.execute(legacyQuery({ sort: 'trending', from: new Date(snapshot.getTime() - 7 * DAY), snapshot, includeNsfw: false, max: 3000 }));
      times.push(performance.now() - t);
    }
    legacy = median(times);
    console.log(`former trending 7d query: median ${legacy.toFixed(1)} ms`);
  }
  return { results, legacy, days, rollUpMs, coolDownMs };
}

const startLoad = loadavg();
// BENCH_DB=<name>: measure again on a database kept by an earlier run (BENCH_KEEP=1), without seeding.
const reuse = process.env.BENCH_DB;
const name = reuse ?? `curio_bench_${Date.now().toString(36)}`;
if (!reuse) {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
}
const url = new URL(PG_URL);
url.pathname = `/${name}`;
const database = openPostgres(url.toString(), 2);
let output: Awaited<ReturnType<typeof measure>> & { seed: Awaited<ReturnType<typeof seed>> | null };
try {
  let seeded = null;
  if (!reuse) {
    await database.migrate();
    seeded = await seed(database);
  }
  output = { ...(await measure(database)), seed: seeded };
} finally {
  await database.close();
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  if (process.env.BENCH_KEEP || reuse) console.log(`kept database ${name}`);
  else await c.query(`drop database if exists ${name} with (force)`);
  await c.end();
}

if (process.argv.includes('--write')) {
  const [server] = rowsOf<{ server_version: string }>(
    await (async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      const r = await c.query('show server_version');
      await c.end();
      return r;
    })(),
  );
  const heading = `Explore rankings, ${ITEMS.toLocaleString('en')} items`;
  writeBenchmarkSection(
    heading,
    `## ${heading} (\`npm run bench:rankings -- --items ${ITEMS}${LEGACY ? ' --legacy' : ''} --write\`)

Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), PostgreSQL ${server?.server_version ?? ''} on 127.0.0.1 (default settings); load averages (\`/proc/loadavg\`) ${startLoad} at the start, ${loadavg()} at the end.
${ITEMS.toLocaleString('en')} items, ${USERS.toLocaleString('en')} users, ${LIKES.toLocaleString('en')} likes, ${Math.round(LIKES / 10).toLocaleString('en')} saves and ${Math.round(LIKES / 20).toLocaleString('en')} comments over 30 days,
${output.seed ? `seeded in ${output.seed.seconds.toFixed(0)} s, of which ${output.seed.build.toFixed(0)} s the first roll-up (building the per-item range totals from nothing, as after the upgrade).` : `measured again on the database an earlier run seeded and kept (\`BENCH_KEEP=1\`, then \`BENCH_DB=<name>\`).`}
Time of one ranking query (the 3,000 ids of a ranking, computed once per snapshot window and filter, with the rows of
the five minutes since the roll-up added), median of ${RUNS - 1} windows after a first one. Goal: ≤ 100 ms at 100,000 items, ≤ 400 ms at 1,000,000.

| Ranking | median ms | max ms | load averages after it |
| --- | --- | --- | --- |
${output.results.map((r) => `| ${r.label} | ${r.ms.toFixed(1)} | ${r.max.toFixed(1)} | ${r.load} |`).join('\n')}

The roll-up job (every five minutes) afterwards: roll-up ${output.rollUpMs.toFixed(0)} ms, lowering aged heat ${output.coolDownMs.toFixed(0)} ms.
${output.days === null ? '' : `On the same data, the former trending-7d queries: ${output.days.toFixed(0)} ms from the per-day aggregates, ${output.legacy!.toFixed(0)} ms counting the raw rows (numeric \`power()\`).\n`}`,
  );
}
