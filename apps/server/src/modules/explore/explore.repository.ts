import { sql, type SQL } from 'drizzle-orm';
import type { ExploreSort } from '@curio/contract';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Executor } from '../../db/types';
import { discoverable } from '../../db/visibility';

interface RankBase {
  sort: ExploreSort;
  /** Start of the time range (exclusive); null for all time. */
  from: Date | null;
  /** Everything is ranked as of this moment: later items and engagement are not counted. */
  snapshot: Date;
  includeNsfw: boolean;
  tag?: string;
  max: number;
}

/** What a ranking may be narrowed to: a tag, and an item's maker, line or character (case-insensitive, exact). */
export interface ExploreFilter {
  tag?: string;
  maker?: string;
  line?: string;
  character?: string;
}
export type RankQuery = RankBase & ExploreFilter;

/**
 * The filter as SQL on items `i`, each part led by `and`: a tag through the GIN index on tags, a fact through
 * the index on its lower-cased column and the item's creation (migration 0027_item_fact_indexes).
 */
function matches(f: ExploreFilter): SQL {
  const parts: SQL[] = [];
  if (f.tag) parts.push(sql`and i.tags @> array[${f.tag}]::text[]`);
  if (f.maker) parts.push(sql`and lower(i.maker) = lower(${f.maker})`);
  if (f.line) parts.push(sql`and lower(i.line) = lower(${f.line})`);
  if (f.character) parts.push(sql`and lower(i.character_name) = lower(${f.character})`);
  return sql.join(parts, sql` `);
}

/** Items anyone may see in discovery (the rules of read/visibility.ts, as SQL). */
function eligible(q: Pick<RankQuery, 'snapshot' | 'includeNsfw'> & ExploreFilter): SQL {
  return sql`
    select i.id, i.created_at
    from items i
    join profiles p on p.user_id = i.user_id
    where ${discoverable({ includeNsfw: q.includeNsfw })}
      and i.created_at <= ${q.snapshot.toISOString()}::timestamptz
      ${matches(q)}`;
}

const DAY_MS = 86_400_000;
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const day = (ms: number) => sql`${new Date(ms).toISOString().slice(0, 10)}::date`;

/** Where each kind of engagement is stored, and which counter of the aggregates it feeds. */
const SOURCES = [
  { table: 'likes', where: '', column: 'likes' },
  { table: 'comments', where: 'not hidden and ', column: 'comments' },
  { table: 'bookmarks', where: '', column: 'saves' },
  { table: 'item_views', where: '', column: 'views' },
] as const;
const COLUMNS = SOURCES.map((s) => s.column);

/**
 * Engagement per item with `created_at` in (from, snapshot], one row per item (item_id, likes,
 * comments, saves, views): whole UTC days summed from item_engagement_daily (the all-time row for
 * "all"), corrected at the edges by the raw rows of the partial days, which are at most twelve
 * hours at the start of the range and the moments since the snapshot at its end. So the sums are
 * exactly the rows' counts, and the work grows with the range in days, not with the rows.
 */
function engagement(q: { from: Date | null; snapshot: Date; columns: readonly string[] }): SQL {
  const used = (c: string) => q.columns.includes(c);
  const counters = (sign: '' | '-', source: string) => sql.raw(COLUMNS.map((c) => `${c === source ? `${sign}1` : '0'} as ${c}`).join(', '));
  /** Raw rows between the bounds, added or taken away. */
  const raw = (sign: '' | '-', lo: SQL, loOp: '>' | '>=', hi: SQL, hiOp: '<' | '<=') =>
    SOURCES.filter((s) => used(s.column)).map(
      (s) =>
        sql`select item_id, ${counters(sign, s.column)} from ${sql.raw(s.table)} where ${sql.raw(s.where)}created_at ${sql.raw(loOp)} ${lo} and created_at ${sql.raw(hiOp)} ${hi}`,
    );
  const sums = (prefix: string) => sql.raw(COLUMNS.map((c) => (used(c) ? `sum(${prefix}${c})::int as ${c}` : `0 as ${c}`)).join(', '));
  const daysBetween = (lo: number, hi: number) =>
    sql`select item_id, ${sums('')} from item_engagement_daily where day between ${day(lo)} and ${day(hi)} group by item_id`;
  const snap = q.snapshot.getTime();
  const snapDay = Math.floor(snap / DAY_MS) * DAY_MS;
  // Everything after the snapshot that the last day's aggregates hold is taken away again.
  const tail = () => raw('-', ts(q.snapshot), '>', day(snapDay + DAY_MS) /* midnight */, '<');
  let days: SQL | null;
  let edges: SQL[];
  if (q.from === null) {
    days = sql`select item_id, ${sql.raw(COLUMNS.map((c) => (used(c) ? c : `0 as ${c}`)).join(', '))} from item_engagement_daily where day = '-infinity'::date`;
    edges = raw('-', ts(q.snapshot), '>', sql`'infinity'::timestamptz`, '<');
  } else {
    const from = q.from.getTime();
    const fromDay = Math.floor(from / DAY_MS) * DAY_MS;
    if (fromDay === snapDay) {
      days = null;
      edges = raw('', ts(q.from), '>', ts(q.snapshot), '<=');
    } else if (from - fromDay <= DAY_MS / 2) {
      // The first day whole, less its part up to `from`.
      days = daysBetween(fromDay, snapDay);
      edges = [...raw('-', ts(new Date(fromDay)), '>=', ts(q.from), '<='), ...tail()];
    } else {
      // The first day's part after `from`, then whole days.
      days = daysBetween(fromDay + DAY_MS, snapDay);
      edges = [...raw('', ts(q.from), '>', ts(new Date(fromDay + DAY_MS)), '<'), ...tail()];
    }
  }
  const edgeSums = sql`select item_id, ${sums('x.')} from (${sql.join(edges, sql` union all `)}) x group by item_id`;
  if (!days) return edgeSums;
  const add = sql.raw(COLUMNS.map((c) => `coalesce(d.${c}, 0) + coalesce(x.${c}, 0) as ${c}`).join(', '));
  return sql`select coalesce(d.item_id, x.item_id) as item_id, ${add} from (${days}) d full join (${edgeSums}) x on x.item_id = d.item_id`;
}

/** The ranges item_rank_totals holds, by the suffix of their columns, in hours (null: all time). */
const RANGE_HOURS = { '24h': 24, '7d': 168, '30d': 720, all: null } as const;
type RangeKey = keyof typeof RANGE_HOURS;
const RANGE_KEYS = Object.keys(RANGE_HOURS) as RangeKey[];
/** What each kind of engagement adds to an item's trending points (DECISIONS.md "Explore", scaled by ten). */
const WEIGHTS: Record<(typeof SOURCES)[number]['column'], number> = { likes: 30, comments: 20, saves: 20, views: 1 };
/** Serialises the roll-up with the engagement triggers (migration 0021_item_rank_totals). */
const ROLLUP_LOCK = sql`hashtext('explore.rank-totals')`;

export function rangeKeyOf(from: Date | null, snapshot: Date): RangeKey {
  if (from === null) return 'all';
  const hours = (snapshot.getTime() - from.getTime()) / 3_600_000;
  const key = RANGE_KEYS.find((k) => RANGE_HOURS[k] === hours);
  if (!key) throw new Error(`no rolled-up range of ${hours} hours`);
  return key;
}

/**
 * The engagement rows that enter or leave each range when its end moves from `from` to `to`
 * (either way), as rows (item_id, likes_<range>, points_<range>) to be summed per item: +1 like /
 * +weight points for a row that enters, −1 / −weight for one that leaves. From null (nothing
 * rolled up yet), every row up to `to` is read once and counted in the ranges it falls in;
 * otherwise every scan is an index range scan on (created_at) of an engagement table.
 */
function moves(q: { from: SQL | null; to: SQL; ranges: readonly RangeKey[]; likesOnly?: boolean }): SQL {
  const sources = q.likesOnly ? SOURCES.filter((s) => s.column === 'likes') : SOURCES;
  const columns = (source: (typeof SOURCES)[number], sign: SQL, only?: RangeKey) =>
    sql.join(
      q.ranges.flatMap((k) => {
        const on = !only || only === k;
        return [
          sql`${on && source.column === 'likes' ? sign : sql`0`} as ${sql.raw(`likes_${k}`)}`,
          sql`${on ? sql`${sign} * ${sql.raw(String(WEIGHTS[source.column]))}` : sql`0`} as ${sql.raw(`points_${k}`)}`,
        ];
      }),
      sql`, `,
    );
  const select = (source: (typeof SOURCES)[number], sign: SQL, lo: SQL | null, hi: SQL, only?: RangeKey) =>
    sql`select item_id, ${columns(source, sign, only)} from ${sql.raw(source.table)} where ${sql.raw(source.where)}${lo ? sql`created_at > ${lo} and ` : sql``}created_at <= ${hi}`;
  const hours = (k: RangeKey) => sql.raw(`interval '${RANGE_HOURS[k]} hours'`);
  const parts: SQL[] = [];
  for (const s of sources) {
    if (q.from === null) {
      // One pass over the rows up to `to`, each counted in the ranges it falls in.
      const inRange = (k: RangeKey) => (RANGE_HOURS[k] === null ? sql`1` : sql`(case when created_at > ${q.to} - ${hours(k)} then 1 else 0 end)`);
      const cols = sql.join(
        q.ranges.flatMap((k) => [
          sql`${s.column === 'likes' ? inRange(k) : sql`0`} as ${sql.raw(`likes_${k}`)}`,
          sql`${inRange(k)} * ${sql.raw(String(WEIGHTS[s.column]))} as ${sql.raw(`points_${k}`)}`,
        ]),
        sql`, `,
      );
      parts.push(sql`select item_id, ${cols} from ${sql.raw(s.table)} where ${sql.raw(s.where)}created_at <= ${q.to}`);
      continue;
    }
    const lo = sql`least(${q.from}, ${q.to})`;
    const hi = sql`greatest(${q.from}, ${q.to})`;
    const sign = sql`(case when ${q.to} >= ${q.from} then 1 else -1 end)`;
    parts.push(select(s, sign, lo, hi));
    for (const k of q.ranges) {
      if (RANGE_HOURS[k] !== null) parts.push(select(s, sql`-${sign}`, sql`${lo} - ${hours(k)}`, sql`${hi} - ${hours(k)}`, k));
    }
  }
  return sql.join(parts, sql` union all `);
}

/** The moves summed per item. */
function movesPerItem(q: Parameters<typeof moves>[0]): SQL {
  const sums = sql.raw(q.ranges.flatMap((k) => [`sum(likes_${k})::int as likes_${k}`, `sum(points_${k})::int as points_${k}`]).join(', '));
  return sql`select item_id, ${sums} from (${moves(q)}) m group by item_id`;
}

/** The rankings' order: score, then newest (microseconds), then id, all descending, as PostgreSQL sorts them. */
function byRank(a: { id: string; us: string; score: string }, b: { id: string; us: string; score: string }): number {
  const d = Number(b.score) - Number(a.score);
  if (d !== 0) return d;
  const ua = BigInt(a.us);
  const ub = BigInt(b.us);
  if (ua !== ub) return ub > ua ? 1 : -1;
  return a.id === b.id ? 0 : b.id > a.id ? 1 : -1;
}

export function exploreRepository(db: Executor) {
  /**
   * One ranking from item_rank_totals as of the last roll-up (r), corrected by the raw rows that
   * entered or left the range between r and the snapshot (the set C, usually minutes of rows).
   * The result is exactly the order of the formula over the raw rows:
   * - every item outside C has its rolled-up engagement, so the first `max` outside C in the
   *   order of an index (top: count, then newest; trending: heat), C itself and the newest `max`
   *   (items without engagement, newest first) are the candidates, scored exactly;
   * - top: those hold the whole ranking;
   * - trending: an item's heat bounds its score from above from r on (and within a factor M for a
   *   snapshot before r), so the score θ of the max-th candidate bounds what any other item can
   *   reach: only items with heat ≥ θ / M are scored besides (none when θ is 0: then every item
   *   with a score above 0 is a candidate already).
   * r and the totals are read in one snapshot (a repeatable-read transaction); r is a literal in the
   * queries, so the planner knows how few rows C holds.
   */
  async function rankFromTotals(q: RankQuery): Promise<string[]> {
    const k = rangeKeyOf(q.from, q.snapshot);
    const snap = ts(q.snapshot);
    const top = q.sort === 'top';
    const likes = sql.raw(`likes_${k}`);
    const points = sql.raw(`points_${k}`);
    const heat = sql.raw(`heat_${k}`);
    const ok = sql`${discoverable({ includeNsfw: q.includeNsfw })} and i.created_at <= ${snap} ${matches(q)}`;
    /** The exact score from the totals (t) and the corrections (c, null outside C). */
    const score = top
      ? sql`(coalesce(t.${likes}, 0) + coalesce(c.${likes}, 0))::float8`
      : sql`(coalesce(t.${points}, 0) + coalesce(c.${points}, 0))::float8 / power(extract(epoch from (${snap} - i.created_at))::float8 / 3600 + 2, 1.5)`;
    const fields = sql`i.id, (extract(epoch from i.created_at) * 1000000)::bigint::text as us, (${score})::text as score`;
    const join = sql`join profiles p on p.user_id = i.user_id`;
    /** No corrections: for items outside C (the candidates hold every eligible item in C). */
    const noC = sql`(select null::uuid as item_id, 0 as ${likes}, 0 as ${points})`;
    type Row = { id: string; us: string; score: string; heat?: string | null };
    const read = async (tx: Executor): Promise<Row[]> => {
      const [state] = rowsOf<{ at: string; finite: boolean }>(
        await tx.execute(sql`select rolled_at::text as at, rolled_at > '-infinity' as finite from item_rank_rollup`),
      );
      const rolled = state?.finite ? new Date(state.at) : null;
      const c = movesPerItem({ from: rolled ? sql`${state!.at}::timestamptz` : null, to: snap, ranges: [k], likesOnly: top });
      const outsideC = sql`t.item_id <> all(array(select item_id from c))`;
      const candidates = rowsOf<Row>(
        await tx.execute(sql`
          with c as materialized (${c})
          select ${fields}, null::text as heat from c join items i on i.id = c.item_id ${join} left join item_rank_totals t on t.item_id = i.id where ${ok}
          union all
          (select ${fields}, ${top ? sql`null::text` : sql`t.${heat}::text`} as heat from item_rank_totals t join items i on i.id = t.item_id ${join} left join c on false
           where ${ok} and ${outsideC} ${top ? sql`order by t.${likes} desc, t.created_at desc, t.item_id desc` : sql`and t.${heat} > 0 order by t.${heat} desc`}
           limit ${q.max})`),
      ).sort(byRank);
      // Items without engagement (newest first) matter only when fewer than max candidates score above 0.
      if (candidates.length < q.max || !(Number(candidates[q.max - 1]!.score) > 0)) {
        const have = new Set(candidates.map((r) => r.id));
        const newest = rowsOf<Row>(
          await tx.execute(sql`
            select ${fields} from items i ${join} left join item_rank_totals t on t.item_id = i.id
              left join ${noC} c on false
            where ${ok} order by i.created_at desc, i.id desc limit ${q.max}`),
        );
        return [...candidates, ...newest.filter((r) => !have.has(r.id))];
      }
      if (top) return candidates;
      const rows = candidates;
      const theta = Number(rows[q.max - 1]!.score);
      const behind = rolled ? Math.max(0, rolled.getTime() - q.snapshot.getTime()) : 0;
      const m = Math.pow(1 + behind / 7_200_000, 1.5) * (1 + 1e-9);
      // Every eligible item outside the candidates has a heat no higher than the last of the `max`
      // read in heat order (its text is float8's exact shortest form). A filter (a tag) makes that
      // bound matter: θ is then the score of an item far down the whole heat order, and without it
      // every item above it, mostly without the tag (or the maker …), would be looked up only to be left out.
      const heats = rows.flatMap((r) => (r.heat == null ? [] : [Number(r.heat)]));
      if (!heats.length) return rows;
      const below = heats.reduce((a, b) => Math.min(a, b));
      // The few items outside the candidates whose heat reaches θ / M (from the heat index alone),
      // then their exact scores.
      const reach = rowsOf<{ id: string }>(
        await tx.execute(sql`
          select t.item_id as id from item_rank_totals t
          where t.${heat} >= ${theta / m}::float8 and t.${heat} <= ${below}::float8
            and not (t.item_id = any(${`{${rows.map((r) => r.id).join(',')}}`}::uuid[]))`),
      );
      const more = reach.length
        ? rowsOf<Row>(
            await tx.execute(sql`
              select s.* from unnest(${`{${reach.map((r) => r.id).join(',')}}`}::uuid[]) as x(id)
              cross join lateral (
                select ${fields} from items i ${join} join item_rank_totals t on t.item_id = i.id left join ${noC} c on false
                where i.id = x.id and ${ok} offset 0
              ) s`),
          )
        : [];
      return [...rows, ...more];
    };
    const rows = await (db as Db).transaction(read, { isolationLevel: 'repeatable read', accessMode: 'read only' });
    return rows
      .sort(byRank)
      .slice(0, q.max)
      .map((r) => r.id);
  }

  return {
    /**
     * The ordered ids of one ranking (DECISIONS.md "Explore"), from the rolled-up totals.
     * Trending is 3 per like, 2 per comment or save and 0.1 per view over (age in hours + 2)^1.5,
     * in float8; the weights are scaled by ten to stay integers, which keeps the order and makes
     * equal engagement equal exactly.
     */
    async rank(q: RankQuery): Promise<string[]> {
      if (q.sort === 'new') {
        const query = sql`with e as (${eligible(q)}) select e.id from e order by e.created_at desc, e.id desc limit ${q.max}`;
        return rowsOf<{ id: string }>(await db.execute(query)).map((r) => r.id);
      }
      return rankFromTotals(q);
    },

    /** The former ranking from the per-day aggregates (whole days plus the edges' raw rows), for comparison. */
    async rankFromDays(q: RankQuery): Promise<string[]> {
      const snap = ts(q.snapshot);
      let query: SQL;
      if (q.sort === 'new') {
        query = sql`with e as (${eligible(q)}) select e.id from e order by e.created_at desc, e.id desc limit ${q.max}`;
      } else if (q.sort === 'top') {
        query = sql`
          with e as (${eligible(q)}),
          g as (${engagement({ from: q.from, snapshot: q.snapshot, columns: ['likes'] })})
          select e.id from e left join g on g.item_id = e.id
          order by coalesce(g.likes, 0) desc, e.created_at desc, e.id desc
          limit ${q.max}`;
      } else {
        query = sql`
          with e as (${eligible(q)}),
          g as (select item_id, (30 * likes + 20 * comments + 20 * saves + views)::float8 as points
                from (${engagement({ from: q.from, snapshot: q.snapshot, columns: COLUMNS })}) x)
          select e.id from e left join g on g.item_id = e.id
          order by
            coalesce(g.points, 0) / power(extract(epoch from (${snap} - e.created_at))::float8 / 3600 + 2, 1.5) desc,
            e.created_at desc, e.id desc
          limit ${q.max}`;
      }
      return rowsOf<{ id: string }>(await db.execute(query)).map((r) => r.id);
    },

    /**
     * Moves item_rank_totals forward to `at` (the database's clock when not given): adds the rows
     * since the last roll-up and takes away those that left each range, in one transaction that
     * holds the roll-up lock (the engagement triggers wait for it, and it for them), so the totals
     * stay exact. Returns the new moment, or null when the totals are already at or past `at`.
     */
    async rollUp(at?: Date): Promise<{ rolledAt: string; items: number } | null> {
      return (db as Db).transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK})`);
        const [state] = rowsOf<{ from: string; to: string; finite: boolean }>(
          await tx.execute(
            sql`select rolled_at::text as "from", (${at ? ts(at) : sql`clock_timestamp()`})::text as "to", rolled_at > '-infinity' as finite from item_rank_rollup`,
          ),
        );
        if (!state || (state.finite && new Date(state.to) <= new Date(state.from))) return null;
        const to = sql`${state.to}::timestamptz`;
        const from = state.finite ? sql`${state.from}::timestamptz` : null;
        const cols = RANGE_KEYS.flatMap((k) => [`likes_${k}`, `points_${k}`]);
        const heats = RANGE_KEYS.map((k) => `heat_${k}`);
        const result = await tx.execute(sql`
          insert into item_rank_totals as t (item_id, created_at, ${sql.raw([...cols, ...heats].join(', '))})
          select m.item_id, i.created_at, ${sql.raw(cols.map((c) => `m.${c}`).join(', '))},
            ${sql.join(
              RANGE_KEYS.map((k) => sql`item_rank_heat(m.${sql.raw(`points_${k}`)}, i.created_at, ${to})`),
              sql`, `,
            )}
          from (${movesPerItem({ from, to, ranges: RANGE_KEYS })}) m join items i on i.id = m.item_id
          where (${sql.raw(cols.map((c) => `m.${c}`).join(', '))}) <> (${sql.raw(cols.map(() => '0').join(', '))})
          order by m.item_id
          on conflict (item_id) do update set
            ${sql.raw(cols.map((c) => `${c} = t.${c} + excluded.${c}`).join(', '))},
            ${sql.join(
              RANGE_KEYS.map(
                (k) => sql`${sql.raw(`heat_${k}`)} = item_rank_heat(t.${sql.raw(`points_${k}`)} + excluded.${sql.raw(`points_${k}`)}, t.created_at, ${to})`,
              ),
              sql`, `,
            )}`);
        await tx.execute(sql`update item_rank_rollup set rolled_at = ${to}`);
        return {
          rolledAt: new Date(state.to).toISOString(),
          items: (result as { rowCount?: number; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0,
        };
      });
    },

    /**
     * Lowers the heat of items whose score has aged more than a quarter below it (young items,
     * mostly), so the trending candidates stay few; heat stays an upper bound, so this is only
     * for speed. Outside the roll-up lock: it never blocks a like.
     */
    async coolDown(): Promise<number> {
      const fresh = (k: RangeKey) => `item_rank_heat(t.points_${k}, t.created_at, r.rolled_at)`;
      const result = await db.execute(
        sql.raw(`
          update item_rank_totals t set ${RANGE_KEYS.map((k) => `heat_${k} = ${fresh(k)}`).join(', ')}
          from item_rank_rollup r
          where r.rolled_at > '-infinity' and (${RANGE_KEYS.map((k) => `t.heat_${k} > 1.25 * ${fresh(k)}`).join(' or ')})`),
      );
      return (result as { rowCount?: number; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0;
    },

    /** Forgets the totals (the next roll-up builds them again from the raw rows). */
    async resetTotals(): Promise<void> {
      await (db as Db).transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK})`);
        await tx.execute(sql`delete from item_rank_totals`);
        await tx.execute(sql`update item_rank_rollup set rolled_at = '-infinity'`);
      });
    },

    /** Whether a visible item (NSFW ones only when they are included) carries the tag: one GIN probe. */
    async tagInUse(tag: string, includeNsfw: boolean): Promise<boolean> {
      const rows = rowsOf<{ hit: number }>(
        await db.execute(sql`
          select 1 as hit from items i join profiles p on p.user_id = i.user_id
          where ${discoverable({ includeNsfw })} and i.tags @> array[${tag}]::text[]
          limit 1`),
      );
      return rows.length > 0;
    },

    /**
     * Whether a visible item (NSFW ones only when they are included) matches the whole filter (a tag and facts):
     * one probe through the index of a fact.
     */
    async filterInUse(filter: ExploreFilter, includeNsfw: boolean): Promise<boolean> {
      const rows = rowsOf<{ hit: number }>(
        await db.execute(sql`
          select 1 as hit from items i join profiles p on p.user_id = i.user_id
          where ${discoverable({ includeNsfw })} ${matches(filter)}
          limit 1`),
      );
      return rows.length > 0;
    },

    async topTags(q: { from: Date | null; snapshot: Date; limit: number }) {
      return rowsOf<{ tag: string; count: number }>(
        await db.execute(sql`
          with e as (${eligible({ snapshot: q.snapshot, includeNsfw: false })}
            ${q.from ? sql`and i.created_at > ${q.from.toISOString()}::timestamptz` : sql``})
          select t.tag, count(*)::int as count
          from e join items i on i.id = e.id, unnest(i.tags) as t(tag)
          group by t.tag
          order by count(*) desc, t.tag asc
          limit ${q.limit}`),
      ).map((r) => ({ tag: r.tag, count: Number(r.count) }));
    },
  };
}
