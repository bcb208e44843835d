import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createTestDatabase } from '../../test/database';
import { discoverable } from '../../db/visibility';
import { exploreRepository, type RankQuery } from './explore.repository';
import { rowsOf } from '../../db/rows';

/**
 * The rankings read per-day aggregates that triggers keep: the aggregates must equal the rows they
 * summarize after any write, and the rankings must order exactly as the formula over the raw rows
 * did (DECISIONS.md "Explore": trending, top, time ranges, NSFW, tags, visibility).
 */
let database: Database;
const run = (q: string) => database.db.execute(sql.raw(q));
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
  await run(
    `insert into users (id, name, email, email_verified) select 'rk-u-' || g, 'u' || g, 'rk' || g || '@example.com', true from generate_series(1, 300) g`,
  );
  await run(
    `insert into profiles (user_id, handle, display_name, public) select 'rk-u-' || g, 'rk_' || g, 'Rk ' || g, (g % 7 <> 0) from generate_series(1, 300) g`,
  );
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
  await run(engagement('comments', 3000, "body, hidden|'nice', random() < 0.1"));
  await run(`
    insert into item_views (item_id, day, viewer, created_at)
    select id, (t at time zone 'UTC')::date, 'v' || g, t
    from (select i.id, g, greatest(i.created_at, ${at(NOW)} - random() * interval '35 days') as t
          from generate_series(1, 20000) g join (select id, created_at, row_number() over (order by id) as rn from items) i
            on i.rn = 1 + floor(random() * 600)::int) x
    on conflict do nothing`);
}, 120_000);
afterAll(() => database?.close());

describe('engagement aggregates', { tags: ['postgres'] }, () => {
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
    await run(
      `update item_views set item_id = (select id from items order by id limit 1), viewer = viewer || '-moved-' || ctid::text where ctid in (select ctid from item_views order by viewer desc limit 50)`,
    );
    expect(await aggregateMismatches()).toEqual([]);
    // Deleting an item removes its engagement rows and their aggregates together.
    await run(`delete from items where id = (select item_id from likes group by item_id order by count(*) desc limit 1)`);
    expect(await aggregateMismatches()).toEqual([]);
  });
});

describe('rankings from the aggregates', { tags: ['postgres'] }, () => {
  // Snapshots early and late in a UTC day (both ways of handling a range's first, partial day),
  // one right on midnight, and the present; engagement exists after each of them.
  const snapshots = [NOW, Date.UTC(2026, 5, 14, 3, 10, 0), Date.UTC(2026, 5, 13, 21, 45, 30), Date.UTC(2026, 5, 12), NOW - 8 * DAY];
  const ranges = { '24h': DAY, '7d': 7 * DAY, '30d': 30 * DAY, all: null } as const;
  /**
   * The filters (NSFW choice × tag) to compare in cell `cell` of snapshot × range × sort: two per cell, in rotation, so
   * that every filter meets every snapshot, range and sort across the cells (all of them in every cell took three
   * times as long and found nothing more: the filters narrow the candidates, the cells move the time window).
   */
  const filtersFor = (cell: number, tags: readonly (string | undefined)[]) => {
    const all = [false, true].flatMap((includeNsfw) => tags.map((tag) => ({ includeNsfw, tag })));
    return [all[cell % all.length]!, all[(cell + Math.ceil(all.length / 2)) % all.length]!];
  };

  it('orders every sort, range, NSFW choice and tag exactly as the formula over the raw rows', async () => {
    // Engagement right on the edges: at a snapshot (counted) and at the start of its range (not).
    for (const s of snapshots.slice(0, 3)) {
      await run(
        `insert into likes (user_id, item_id, created_at) select 'rk-u-' || (10 + g), (select id from items where not hidden order by id offset g limit 1), ${at(s)} from generate_series(1, 3) g on conflict do nothing`,
      );
      await run(
        `insert into likes (user_id, item_id, created_at) select 'rk-u-' || (20 + g), (select id from items where not hidden order by id offset 40 + g limit 1), ${at(s - DAY)} from generate_series(1, 3) g on conflict do nothing`,
      );
    }
    expect(await aggregateMismatches()).toEqual([]);
    const repo = exploreRepository(database.db);
    let compared = 0;
    let cell = 0;
    const seen = new Set<string>();
    for (const snapshot of snapshots) {
      for (const [range, length] of Object.entries(ranges)) {
        for (const sort of ['trending', 'top'] as const) {
          for (const { includeNsfw, tag } of filtersFor(cell++, [undefined, 'anime', 'vinyl'])) {
            const q: RankQuery = {
              sort,
              from: length === null ? null : new Date(snapshot - length),
              snapshot: new Date(snapshot),
              includeNsfw,
              tag,
              max: 3000,
            };
            const [now, before] = [await repo.rank(q), await legacyRank(q)];
            expect(now, `${sort} ${range} nsfw=${includeNsfw} tag=${tag} at ${new Date(snapshot).toISOString()}`).toEqual(before);
            expect(await repo.rankFromDays(q), `per-day aggregates: ${sort} ${range}`).toEqual(before);
            seen.add(`${includeNsfw} ${tag} ${sort}`);
            compared++;
          }
        }
      }
    }
    expect(compared).toBe(snapshots.length * 4 * 2 * 2);
    expect(seen.size, 'every filter with both sorts').toBe(2 * 3 * 2);
    // The comparison means something: rankings differ between ranges and from "new". Whole rankings, not
    // the first 50: the seeded rows are random (the items' ids too), and once the first 50 of a day's and
    // a month's trending came out the same.
    const q = (from: number | null): RankQuery => ({
      sort: 'trending',
      from: from === null ? null : new Date(NOW - from),
      snapshot: new Date(NOW),
      includeNsfw: false,
      max: 3000,
    });
    expect(await repo.rank(q(DAY))).not.toEqual(await repo.rank(q(30 * DAY)));
    const top = await repo.rank({ sort: 'top', from: null, snapshot: new Date(NOW), includeNsfw: false, max: 3000 });
    expect(top).not.toEqual(await repo.rank({ sort: 'new', from: null, snapshot: new Date(NOW), includeNsfw: false, max: 3000 }));
  }, 120_000);

  /** Rows of item_rank_totals that differ from a count of the engagement rows as of the roll-up (none when exact). */
  async function totalsMismatches() {
    const w = (h: number | null) => (h === null ? 'true' : `created_at > r - interval '${h} hours'`);
    const sums = (h: number | null, k: string) =>
      `sum(l) filter (where ${w(h)})::int as likes_${k}, coalesce(sum(pt) filter (where ${w(h)}), 0)::int as points_${k}`;
    return rowsOf<Record<string, unknown>>(
      await run(`
        with r as (select rolled_at as r from item_rank_rollup),
        raw as (
          select item_id, created_at, 1 as l, 30 as pt from likes
          union all select item_id, created_at, 0, 20 from comments where not hidden
          union all select item_id, created_at, 0, 20 from bookmarks
          union all select item_id, created_at, 0, 1 from item_views
        ),
        expected as (
          select item_id, ${sums(24, '24h')}, ${sums(168, '7d')}, ${sums(720, '30d')}, ${sums(null, 'all')}
          from raw, r where created_at <= r group by item_id
        ),
        actual as (select * from item_rank_totals)
        select coalesce(e.item_id, a.item_id) as item_id, row(e.likes_24h, e.likes_7d, e.likes_30d, e.likes_all, e.points_24h, e.points_7d, e.points_30d, e.points_all)::text as want,
               row(a.likes_24h, a.likes_7d, a.likes_30d, a.likes_all, a.points_24h, a.points_7d, a.points_30d, a.points_all)::text as got
        from expected e full join actual a on a.item_id = e.item_id
        where row(coalesce(e.likes_24h, 0), coalesce(e.likes_7d, 0), coalesce(e.likes_30d, 0), coalesce(e.likes_all, 0),
                  coalesce(e.points_24h, 0), coalesce(e.points_7d, 0), coalesce(e.points_30d, 0), coalesce(e.points_all, 0))
          is distinct from row(coalesce(a.likes_24h, 0), coalesce(a.likes_7d, 0), coalesce(a.likes_30d, 0), coalesce(a.likes_all, 0),
                  coalesce(a.points_24h, 0), coalesce(a.points_7d, 0), coalesce(a.points_30d, 0), coalesce(a.points_all, 0))
        limit 5`),
    );
  }
  /** Items whose heat is below their trending score at the roll-up (none: heat bounds the score). */
  async function heatBelowScore() {
    return rowsOf<Record<string, unknown>>(
      await run(`
        select t.item_id from item_rank_totals t join items i on i.id = t.item_id, item_rank_rollup r
        where t.heat_24h < item_rank_heat(t.points_24h, i.created_at, r.rolled_at) or t.heat_7d < item_rank_heat(t.points_7d, i.created_at, r.rolled_at)
           or t.heat_30d < item_rank_heat(t.points_30d, i.created_at, r.rolled_at) or t.heat_all < item_rank_heat(t.points_all, i.created_at, r.rolled_at)
        limit 5`),
    );
  }

  /** Every snapshot, range and sort, with two NSFW choice and tag pairs each, ranked from the totals and by the formula over the raw rows. */
  async function compareAll(label: string, tags: (string | undefined)[] = [undefined, 'vinyl']) {
    const repo = exploreRepository(database.db);
    let compared = 0;
    let cell = 0;
    for (const snapshot of snapshots) {
      for (const [range, length] of Object.entries(ranges)) {
        for (const sort of ['trending', 'top'] as const) {
          for (const { includeNsfw, tag } of filtersFor(cell++, tags)) {
            const q: RankQuery = {
              sort,
              from: length === null ? null : new Date(snapshot - length),
              snapshot: new Date(snapshot),
              includeNsfw,
              tag,
              max: 3000,
            };
            const [now, before] = [await repo.rank(q), await legacyRank(q)];
            expect(now, `${label}: ${sort} ${range} nsfw=${includeNsfw} tag=${tag} at ${new Date(snapshot).toISOString()}`).toEqual(before);
            // A short ranking (the candidates' threshold matters there) as well.
            const short = { ...q, max: 40 };
            expect(await repo.rank(short), `${label}: ${sort} ${range} max 40`).toEqual(await legacyRank(short));
            compared++;
          }
        }
      }
    }
    return compared;
  }

  it('order exactly as the formula from totals rolled up before, between and after the snapshots', async () => {
    const repo = exploreRepository(database.db);
    // Rolled up once, at moments around the snapshots (the corrections go both ways).
    for (const at of [NOW - 5 * 60_000, NOW + 3 * HOUR, Date.UTC(2026, 5, 13, 22, 0, 0)]) {
      await repo.resetTotals();
      expect(await repo.rollUp(new Date(at))).not.toBeNull();
      expect(await totalsMismatches()).toEqual([]);
      expect(await heatBelowScore()).toEqual([]);
      expect(await compareAll(`rolled up at ${new Date(at).toISOString()}`)).toBe(snapshots.length * 4 * 2 * 2);
    }
  }, 300_000);

  it('stay exact as the roll-up moves forward and older engagement changes after it', async () => {
    const repo = exploreRepository(database.db);
    await repo.resetTotals();
    // Step by step from 40 days before to after the last snapshot: rows enter and leave the ranges.
    for (const at of [NOW - 40 * DAY, NOW - 9 * DAY, NOW - 8 * DAY + 7 * HOUR, Date.UTC(2026, 5, 12, 23, 59), NOW - HOUR, NOW - 60_000]) {
      expect(await repo.rollUp(new Date(at))).not.toBeNull();
      expect(await totalsMismatches(), new Date(at).toISOString()).toEqual([]);
    }
    expect(await repo.rollUp(new Date(NOW - 2 * HOUR))).toBeNull(); // never backwards
    // Engagement at or before the roll-up changes afterwards: the triggers keep the totals.
    await run(`delete from likes where ctid in (select ctid from likes order by id limit 150)`);
    await run(`update likes set created_at = created_at - interval '5 days' where ctid in (select ctid from likes order by id desc limit 100)`);
    await run(`update bookmarks set created_at = created_at + interval '30 hours' where ctid in (select ctid from bookmarks order by id limit 80)`);
    await run(`update comments set hidden = not hidden where ctid in (select ctid from comments order by id limit 120)`);
    await run(
      `insert into likes (user_id, item_id, created_at) select 'rk-u-' || (100 + g), (select id from items where not hidden order by id offset 7 limit 1), ${at(NOW - 3 * HOUR)} - g * interval '1 hour' from generate_series(1, 30) g on conflict do nothing`,
    );
    await run(`update items set created_at = created_at - interval '1 hour' where id = (select item_id from item_rank_totals order by heat_24h desc limit 1)`);
    await run(
      `update items set created_at = created_at + interval '2 hours' where id = (select item_id from item_rank_totals order by heat_7d desc offset 3 limit 1)`,
    );
    expect(await totalsMismatches()).toEqual([]);
    expect(await heatBelowScore()).toEqual([]);
    // Heat that aged (here: twice the score) is lowered to the score at the roll-up, and stays a bound.
    await run(
      `update item_rank_totals set heat_7d = heat_7d * 2 where item_id in (select item_id from item_rank_totals where heat_7d > 0 order by item_id limit 3)`,
    );
    expect(await repo.coolDown()).toBeGreaterThanOrEqual(3);
    expect(await repo.coolDown()).toBe(0);
    expect(await heatBelowScore()).toEqual([]);
    expect(await compareAll('rolled up step by step', [undefined, 'anime'])).toBe(snapshots.length * 4 * 2 * 2);
    // Deleting an item takes its totals with it.
    await run(`delete from items where id = (select item_id from item_rank_totals order by likes_all desc limit 1)`);
    expect(await totalsMismatches()).toEqual([]);
  }, 300_000);

  it('knows which tags visible items carry', async () => {
    const repo = exploreRepository(database.db);
    expect(await repo.tagInUse('anime', false)).toBe(true);
    expect(await repo.tagInUse('no-such-tag', true)).toBe(false);
    // A tag only on a hidden item is not in use.
    await run(`update items set tags = array['only-hidden'] where id = (select id from items where hidden limit 1)`);
    expect(await repo.tagInUse('only-hidden', true)).toBe(false);
  });
});

describe('a trending ranking cut short', { tags: ['postgres'] }, () => {
  let fresh: Database;
  beforeAll(async () => {
    fresh = await createTestDatabase();
  }, 60_000);
  afterAll(() => fresh?.close());

  it('finds the item that overtakes the last candidate after the roll-up, even when its heat was only a hair lower', async () => {
    const exec = (q: string) => fresh.db.execute(sql.raw(q));
    const rolled = NOW - 2 * HOUR;
    await exec(`insert into users (id, name, email, email_verified) values ('ot-u', 'u', 'ot@example.com', true)`);
    await exec(`insert into profiles (user_id, handle, display_name, public) values ('ot-u', 'ot_u', 'Ot', true)`);
    await exec(`insert into shelves (user_id) values ('ot-u')`);
    await exec(`insert into images (id, kind, master_format, width, height, bytes) values ('otimage00000000000000000', 'composite', 'jpg', 1200, 1500, 1)`);
    // A: one hour old at the roll-up, one like (30 points): heat 30 / 3^1.5. B: ten hours and 18 s old,
    // eight likes (240 points): a heat 0.06 % lower. An hour later B scores higher (older items cool slower).
    await exec(`insert into items (shelf_id, user_id, title, tags, created_at)
      select s.id, s.user_id, x.title, array['vinyl'], ${at(rolled)} - x.age from shelves s,
        (values ('A', interval '1 hour'), ('B', interval '10 hours 18 seconds')) as x(title, age)`);
    await exec(`insert into composites (item_id, image_id, style, variant_no, generation_id)
      select id, 'otimage00000000000000000', 'bookshelf_hero', 1, gen_random_uuid() from items`);
    await exec(`update items i set chosen_composite_id = c.id from composites c where c.item_id = i.id`);
    const fans = Array.from({ length: 8 }, (_, n) => `('ot-f${n}', 'f', 'ot-f${n}@example.com', true)`).join(', ');
    await exec(`insert into users (id, name, email, email_verified) values ${fans}`);
    await exec(`insert into likes (user_id, item_id, created_at)
      select f.id, i.id, ${at(rolled)} - interval '30 minutes' from items i join users f on f.id like 'ot-f%'
      where i.title = 'B' or f.id = 'ot-f0'`);
    const repo = exploreRepository(fresh.db);
    expect(await repo.rollUp(new Date(rolled))).not.toBeNull();
    const ids = Object.fromEntries(rowsOf<{ id: string; title: string }>(await exec(`select id, title from items`)).map((r) => [r.title, r.id]));
    const heats = rowsOf<{ title: string; heat: number }>(
      await exec(`select i.title, t.heat_all as heat from item_rank_totals t join items i on i.id = t.item_id`),
    );
    const heat = Object.fromEntries(heats.map((h) => [h.title, Number(h.heat)]));
    expect(heat.B).toBeLessThan(heat.A!);
    expect(heat.B! / heat.A!).toBeGreaterThan(0.9993);
    const q = (max: number, tag?: string): RankQuery => ({ sort: 'trending', from: null, snapshot: new Date(rolled + HOUR), includeNsfw: false, tag, max });
    expect(await repo.rank(q(1))).toEqual([ids.B]);
    expect(await repo.rank(q(1, 'vinyl'))).toEqual([ids.B]);
    expect(await repo.rank(q(2))).toEqual([ids.B, ids.A]);
  }, 60_000);
});
