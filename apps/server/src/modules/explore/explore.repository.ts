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
      ${q.tag ? sql`and ${q.tag} = any(i.tags)` : sql``}`;
}

export function exploreRepository(db: Executor) {
  return {
    /** The ordered ids of one ranking (DECISIONS.md "Explore"). */
    async rank(q: RankQuery): Promise<string[]> {
      const snap = sql`${q.snapshot.toISOString()}::timestamptz`;
      const from = sql`${(q.from ?? new Date(0)).toISOString()}::timestamptz`;
      const inRange = (col: string) => sql`${sql.raw(col)} > ${from} and ${sql.raw(col)} <= ${snap}`;
      let query: SQL;
      if (q.sort === 'new') {
        query = sql`with e as (${eligible(q)}) select e.id from e order by e.created_at desc, e.id desc limit ${q.max}`;
      } else if (q.sort === 'top') {
        query = sql`
          with e as (${eligible(q)}),
          l as (select item_id, count(*) as n from likes where ${inRange('created_at')} group by item_id)
          select e.id from e left join l on l.item_id = e.id
          order by coalesce(l.n, 0) desc, e.created_at desc, e.id desc
          limit ${q.max}`;
      } else {
        query = sql`
          with e as (${eligible(q)}),
          l as (select item_id, count(*) as n from likes where ${inRange('created_at')} group by item_id),
          c as (select item_id, count(*) as n from comments where not hidden and ${inRange('created_at')} group by item_id),
          s as (select item_id, count(*) as n from bookmarks where ${inRange('created_at')} group by item_id),
          v as (select item_id, count(*) as n from item_views where ${inRange('created_at')} group by item_id)
          select e.id from e
          left join l on l.item_id = e.id
          left join c on c.item_id = e.id
          left join s on s.item_id = e.id
          left join v on v.item_id = e.id
          order by
            (3 * coalesce(l.n, 0) + 2 * coalesce(c.n, 0) + 2 * coalesce(s.n, 0) + 0.1 * coalesce(v.n, 0))
              / power(extract(epoch from (${snap} - e.created_at)) / 3600.0 + 2, 1.5) desc,
            e.created_at desc, e.id desc
          limit ${q.max}`;
      }
      return rowsOf<{ id: string }>(await db.execute(query)).map((r) => r.id);
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
