import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../test/database';
import { discoverable } from '../read/read.repository';
import { exploreRepository, type RankQuery } from './explore.repository';

/**
 * The rankings read per-day aggregates that triggers keep: the aggregates must equal the rows they
 * summarize after any write, and the rankings must order exactly as the formula over the raw rows
 * did (DECISIONS.md "Explore": trending, top, time ranges, NSFW, tags, visibility).
 */
let database: Database;
const run = (q: string) => database.db.execute(sql.raw(q));
const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[]));
const HOUR = 3600_000;
const DAY = 24 * HOUR;
// A fixed "now" in the middle of a UTC day, so the seeded days and edges are the same every run.
const NOW = Date.UTC(2026, 5, 15, 14, 25, 7, 123);
const at = (ms: number) => `'${new Date(ms).toISOString()}'::timestamptz`;

/** The ranking query as it was before the aggregates: counts of the raw rows, numeric power(). */
async function legacyRank(q: RankQuery): Promise<string[]> {
  const snap = sql`${q.snapshot.toISOString()}::timestamptz`;
  const from = sql`${(q.from ?? new Date(0)).toISOString()}::timestamptz`;
  const inRange = (col: string) => sql`${sql.raw(col)} > ${from} and ${sql.raw(col)} <= ${snap}`;
  const eligible = sql`
    select i.id, i.created_at from items i join profiles p on p.user_id = i.user_id
    where ${discoverable({ includeNsfw: q.includeNsfw })} and i.created_at <= ${snap}
      ${q.tag ? sql`and ${q.tag} = any(i.tags)` : sql``}`;
  let query: SQL;
  if (q.sort === 'top') {
    query = sql`
      with e as (${eligible}),
      l as (select item_id, count(*) as n from likes where ${inRange('created_at')} group by item_id)
      select e.id from e left join l on l.item_id = e.id
      order by coalesce(l.n, 0) desc, e.created_at desc, e.id desc limit ${q.max}`;
  } else {
    query = sql`
      with e as (${eligible}),
      l as (select item_id, count(*) as n from likes where ${inRange('created_at')} group by item_id),
      c as (select item_id, count(*) as n from comments where not hidden and ${inRange('created_at')} group by item_id),
      s as (select item_id, count(*) as n from bookmarks where ${inRange('created_at')} group by item_id),
      v as (select item_id, count(*) as n from item_views where ${inRange('created_at')} group by item_id)
      select e.id from e
      left join l on l.item_id = e.id left join c on c.item_id = e.id
      left join s on s.item_id = e.id left join v on v.item_id = e.id
      order by
        (3 * coalesce(l.n, 0) + 2 * coalesce(c.n, 0) + 2 * coalesce(s.n, 0) + 0.1 * coalesce(v.n, 0))
          / power(extract(epoch from (${snap} - e.created_at)) / 3600.0 + 2, 1.5) desc,
        e.created_at desc, e.id desc
      limit ${q.max}`;
  }
  return rowsOf<{ id: string }>(await database.db.execute(query)).map((r) => r.id);
}

/** Rows of item_engagement_daily that differ from a count of the engagement rows (none when exact). */
async function aggregateMismatches() {
  return rowsOf<Record<string, unknown>>(
    await run(`
      with raw as (
        select item_id, day, sum(likes)::int as likes, sum(comments)::int as comments, sum(saves)::int as saves, sum(views)::int as views
        from (
          select item_id, (created_at at time zone 'UTC')::date as day, 1 as likes, 0 as comments, 0 as saves, 0 as views from likes
          union all select item_id, (created_at at time zone 'UTC')::date, 0, 1, 0, 0 from comments where not hidden
          union all select item_id, (created_at at time zone 'UTC')::date, 0, 0, 1, 0 from bookmarks
          union all select item_id, (created_at at time zone 'UTC')::date, 0, 0, 0, 1 from item_views
        ) x
        group by grouping sets ((item_id, day), (item_id))
      ),
      expected as (select item_id, coalesce(day, '-infinity'::date) as day, likes, comments, saves, views from raw),
      actual as (select * from item_engagement_daily where likes <> 0 or comments <> 0 or saves <> 0 or views <> 0)
      select coalesce(e.item_id, a.item_id) as item_id, coalesce(e.day, a.day)::text as day,
             e.likes as want_likes, a.likes as likes, e.comments as want_comments, a.comments as comments,
             e.saves as want_saves, a.saves as saves, e.views as want_views, a.views as views
      from expected e full join actual a on a.item_id = e.item_id and a.day = e.day
      where e.item_id is null or a.item_id is null
         or (e.likes, e.comments, e.saves, e.views) is distinct from (a.likes, a.comments, a.saves, a.views)
      limit 5`),
  );
}

beforeAll(async () => {
  database = await createTestDatabase();
  // 300 users (every 7th private), 600 items over 40 days (some hidden, NSFW, without a composite),
  // and likes, comments (some hidden), saves and views over the last 35 days, some on the very
  // instants the rankings below use as range edges.
  await run(`select setseed(0.1234)`);
  await run(`insert into users (id, name, email, email_verified) select 'rk-u-' || g, 'u' || g, 'rk' || g || '@example.com', true from generate_series(1, 300) g`);
  await run(`insert into profiles (user_id, handle, display_name, public) select 'rk-u-' || g, 'rk_' || g, 'Rk ' || g, (g % 7 <> 0) from generate_series(1, 300) g`);
  await run(`insert into shelves (user_id) select 'rk-u-' || g from generate_series(1, 300) g`);
  await run(`insert into images (id, kind, master_format, width, height, bytes) values ('rankimage000000000000000', 'composite', 'jpg', 1200, 1500, 1)`);
  await run(`insert into items (shelf_id, user_id, title, tags, nsfw, hidden, created_at)
    select s.id, s.user_id, 'Item ' || g, array[(array['robots','anime','cars'])[1 + g % 3], (array['tin','vinyl'])[1 + g % 2]],
           (g % 11 = 0), (g % 13 = 0), ${at(NOW)} - random() * interval '40 days'
    from generate_series(1, 600) g join shelves s on s.user_id = 'rk-u-' || (1 + g % 300)`);
  await run(`insert into composites (item_id, image_id, style, variant_no, generation_id)
    select id, 'rankimage000000000000000', 'bookshelf_hero', 1, gen_random_uuid() from items where title not like '%7'`);
  await run(`update items i set chosen_composite_id = c.id from composites c where c.item_id = i.id`);
  const engagement = (table: string, n: number, extra = '') => `
    with its as (select id, created_at, row_number() over (order by id) as rn from items)
    insert into ${table} (user_id, item_id, created_at${extra ? ', ' + extra.split('|')[0] : ''})
    select 'rk-u-' || (1 + floor(random() * 300)::int), its.id,
           greatest(its.created_at, ${at(NOW)} - random() * interval '35 days')${extra ? ', ' + extra.split('|')[1] : ''}
    from generate_series(1, ${n}) g join its on its.rn = 1 + floor(power(random(), 2) * 600)::int
    on conflict do nothing`;
  await run(engagement('likes', 9000));
  await run(engagement('bookmarks', 2500));
  await run(engagement('comments', 3000, 'body, hidden|\'nice\', random() < 0.1'));
  await run(`
    insert into item_views (item_id, day, viewer, created_at)
    select id, (t at time zone 'UTC')::date, 'v' || g, t
    from (select i.id, g, greatest(i.created_at, ${at(NOW)} - random() * interval '35 days') as t
          from generate_series(1, 20000) g join (select id, created_at, row_number() over (order by id) as rn from items) i
            on i.rn = 1 + floor(random() * 600)::int) x
    on conflict do nothing`);
}, 120_000);
afterAll(() => database?.close());

describe('engagement aggregates', () => {
  it('hold exactly the counts of the seeded rows (kept by the triggers as they were inserted)', async () => {
    expect(await aggregateMismatches()).toEqual([]);
    const [total] = rowsOf<{ n: number }>(await run(`select sum(likes)::int as n from item_engagement_daily where day = '-infinity'`));
    const [likes] = rowsOf<{ n: number }>(await run(`select count(*)::int as n from likes`));
    expect(total!.n).toBe(likes!.n);
    expect(likes!.n).toBeGreaterThan(300);
  });

  it('follow deletes, moves between days and items, comments hidden and shown, and item deletion', async () => {
    await run(`delete from likes where ctid in (select ctid from likes order by id limit 300)`);
    await run(`update likes set created_at = created_at - interval '3 days' where ctid in (select ctid from likes order by id limit 200)`);
    await run(`update bookmarks set created_at = created_at + interval '20 hours' where ctid in (select ctid from bookmarks order by id limit 100)`);
    await run(`update comments set hidden = not hidden where ctid in (select ctid from comments order by id limit 250)`);
    await run(`delete from comments where ctid in (select ctid from comments order by id desc limit 100)`);
    await run(`delete from item_views where ctid in (select ctid from item_views order by viewer limit 500)`);
    await run(`update item_views set item_id = (select id from items order by id limit 1), viewer = viewer || '-moved-' || ctid::text where ctid in (select ctid from item_views order by viewer desc limit 50)`);
    expect(await aggregateMismatches()).toEqual([]);
    // Deleting an item removes its engagement rows and their aggregates together.
    await run(`delete from items where id = (select item_id from likes group by item_id order by count(*) desc limit 1)`);
    expect(await aggregateMismatches()).toEqual([]);
  });
});

describe('rankings from the aggregates', () => {
  // Snapshots early and late in a UTC day (both ways of handling a range's first, partial day),
  // one right on midnight, and the present; engagement exists after each of them.
  const snapshots = [NOW, Date.UTC(2026, 5, 14, 3, 10, 0), Date.UTC(2026, 5, 13, 21, 45, 30), Date.UTC(2026, 5, 12), NOW - 8 * DAY];
  const ranges = { '24h': DAY, '7d': 7 * DAY, '30d': 30 * DAY, all: null } as const;

  it('orders every sort, range, NSFW choice and tag exactly as the formula over the raw rows', async () => {
    // Engagement right on the edges: at a snapshot (counted) and at the start of its range (not).
    for (const s of snapshots.slice(0, 3)) {
      await run(`insert into likes (user_id, item_id, created_at) select 'rk-u-' || (10 + g), (select id from items where not hidden order by id offset g limit 1), ${at(s)} from generate_series(1, 3) g on conflict do nothing`);
      await run(`insert into likes (user_id, item_id, created_at) select 'rk-u-' || (20 + g), (select id from items where not hidden order by id offset 40 + g limit 1), ${at(s - DAY)} from generate_series(1, 3) g on conflict do nothing`);
    }
    expect(await aggregateMismatches()).toEqual([]);
    const repo = exploreRepository(database.db);
    let compared = 0;
    for (const snapshot of snapshots) {
      for (const [range, length] of Object.entries(ranges)) {
        for (const sort of ['trending', 'top'] as const) {
          for (const includeNsfw of [false, true]) {
            for (const tag of [undefined, 'anime', 'vinyl']) {
              const q: RankQuery = { sort, from: length === null ? null : new Date(snapshot - length), snapshot: new Date(snapshot), includeNsfw, tag, max: 3000 };
              const [now, before] = [await repo.rank(q), await legacyRank(q)];
              expect(now, `${sort} ${range} nsfw=${includeNsfw} tag=${tag} at ${new Date(snapshot).toISOString()}`).toEqual(before);
              compared++;
            }
          }
        }
      }
    }
    expect(compared).toBe(snapshots.length * 4 * 2 * 2 * 3);
    // The comparison means something: rankings differ between ranges and from "new".
    const q = (from: number | null): RankQuery => ({ sort: 'trending', from: from === null ? null : new Date(NOW - from), snapshot: new Date(NOW), includeNsfw: false, max: 50 });
    expect(await repo.rank(q(DAY))).not.toEqual(await repo.rank(q(30 * DAY)));
    const top = await repo.rank({ sort: 'top', from: null, snapshot: new Date(NOW), includeNsfw: false, max: 3000 });
    expect(top).not.toEqual(await repo.rank({ sort: 'new', from: null, snapshot: new Date(NOW), includeNsfw: false, max: 3000 }));
  }, 120_000);

  it('knows which tags visible items carry', async () => {
    const repo = exploreRepository(database.db);
    expect(await repo.tagInUse('anime', false)).toBe(true);
    expect(await repo.tagInUse('no-such-tag', true)).toBe(false);
    // A tag only on a hidden item is not in use.
    await run(`update items set tags = array['only-hidden'] where id = (select id from items where hidden limit 1)`);
    expect(await repo.tagInUse('only-hidden', true)).toBe(false);
  });
});
