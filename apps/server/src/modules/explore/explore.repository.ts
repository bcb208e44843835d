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
 * Engagement per item with `created_at` in (from, snapshot], as rows (item_id, likes, comments,
 * saves, views) to be summed: whole UTC days from item_engagement_daily (the all-time row for
 * "all"), corrected at the edges by the raw rows of the partial days, which are at most twelve
 * hours at the start of the range and the moments since the snapshot at its end. So the sums are
 * exactly the rows' counts, and the work grows with the range in days, not with the rows.
 */
function engagementRows(q: { from: Date | null; snapshot: Date; columns: readonly string[] }): SQL {
  const used = (c: string) => q.columns.includes(c);
  const counters = (sign: '' | '-', source?: string) =>
    sql.raw(COLUMNS.map((c) => (source === undefined ? (used(c) ? `${sign}${c}` : '0') : c === source ? `${sign}1` : '0')).join(', '));
  /** Raw rows in [lo, hi) (or the bounds the flags say), added or taken away. */
  const raw = (sign: '' | '-', lo: SQL, loOp: '>' | '>=', hi: SQL, hiOp: '<' | '<=') =>
    SOURCES.filter((s) => used(s.column)).map(
      (s) => sql`select item_id, ${counters(sign, s.column)} from ${sql.raw(s.table)} where ${sql.raw(s.where)}created_at ${sql.raw(loOp)} ${lo} and created_at ${sql.raw(hiOp)} ${hi}`,
    );
  const snap = q.snapshot.getTime();
  const snapDay = Math.floor(snap / DAY_MS) * DAY_MS;
  // Everything after the snapshot that the last day's aggregates hold is taken away again.
  const tail = raw('-', ts(q.snapshot), '>', day(snapDay + DAY_MS) /* midnight */, '<');
  const parts: SQL[] = [];
  if (q.from === null) {
    parts.push(sql`select item_id, ${counters('')} from item_engagement_daily where day = '-infinity'::date`);
    parts.push(...raw('-', ts(q.snapshot), '>', sql`'infinity'::timestamptz`, '<'));
  } else {
    const from = q.from.getTime();
    const fromDay = Math.floor(from / DAY_MS) * DAY_MS;
    if (fromDay === snapDay) {
      parts.push(...raw('', ts(q.from), '>', ts(q.snapshot), '<='));
    } else if (from - fromDay <= DAY_MS / 2) {
      // The first day whole, less its part up to `from`.
      parts.push(sql`select item_id, ${counters('')} from item_engagement_daily where day between ${day(fromDay)} and ${day(snapDay)}`);
      parts.push(...raw('-', ts(new Date(fromDay)), '>=', ts(q.from), '<='));
      parts.push(...tail);
    } else {
      // The first day's part after `from`, then whole days.
      parts.push(sql`select item_id, ${counters('')} from item_engagement_daily where day between ${day(fromDay + DAY_MS)} and ${day(snapDay)}`);
      parts.push(...raw('', ts(q.from), '>', ts(new Date(fromDay + DAY_MS)), '<'));
      parts.push(...tail);
    }
  }
  return sql.join(parts, sql` union all `);
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
          x as (${engagementRows({ from: q.from, snapshot: q.snapshot, columns: ['likes'] })}),
          g as (select item_id, sum(likes) as likes from x group by item_id)
          select e.id from e left join g on g.item_id = e.id
          order by coalesce(g.likes, 0) desc, e.created_at desc, e.id desc
          limit ${q.max}`;
      } else {
        query = sql`
          with e as (${eligible(q)}),
          x as (${engagementRows({ from: q.from, snapshot: q.snapshot, columns: COLUMNS })}),
          g as (select item_id, (30 * sum(likes) + 20 * sum(comments) + 20 * sum(saves) + sum(views))::float8 as points from x group by item_id)
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
