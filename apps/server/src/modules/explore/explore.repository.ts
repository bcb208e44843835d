import { sql, type SQL } from 'drizzle-orm';
import type { ExploreSort } from '@curio/contract';
import type { Executor } from '../../db/types';
import { discoverable } from '../read/read.repository';

export interface RankQuery {
  sort: ExploreSort;
  /** Start of the time range (exclusive); null for all time. */
  from: Date | null;
  /** Everything is ranked as of this moment: later items and engagement are not counted. */
  snapshot: Date;
  includeNsfw: boolean;
  tag?: string;
  max: number;
}

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[]));

/** Items anyone may see in discovery (the rules of read/visibility.ts, as SQL). */
function eligible(q: Pick<RankQuery, 'snapshot' | 'includeNsfw' | 'tag'>): SQL {
  return sql`
    select i.id, i.created_at
    from items i
    join profiles p on p.user_id = i.user_id
    where ${discoverable({ includeNsfw: q.includeNsfw })}
      and i.created_at <= ${q.snapshot.toISOString()}::timestamptz
      ${q.tag ? sql`and i.tags @> array[${q.tag}]::text[]` : sql``}`;
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
      (s) => sql`select item_id, ${counters(sign, s.column)} from ${sql.raw(s.table)} where ${sql.raw(s.where)}created_at ${sql.raw(loOp)} ${lo} and created_at ${sql.raw(hiOp)} ${hi}`,
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

export function exploreRepository(db: Executor) {
  return {
    /**
     * The ordered ids of one ranking (DECISIONS.md "Explore"), from the engagement aggregates.
     * Trending is 3 per like, 2 per comment or save and 0.1 per view over (age in hours + 2)^1.5,
     * in float8; the weights are scaled by ten to stay integers, which keeps the order and makes
     * equal engagement equal exactly.
     */
    async rank(q: RankQuery): Promise<string[]> {
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
