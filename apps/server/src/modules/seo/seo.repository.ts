import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import type { Executor } from '../../db/types';
import { discoverable, profileVisibleTo } from '../../db/visibility';

/** Candidates for the sitemap: what a guest may find (the SQL form of read/visibility.ts), paged by id. */
export function seoRepository(db: Executor) {
  const items = sql`from items i join profiles p on p.user_id = i.user_id where ${discoverable({ includeNsfw: false })}`;
  const people = sql`from profiles p where ${profileVisibleTo('p', null)}`;
  return {
    async countItems(): Promise<number> {
      const [row] = rowsOf<{ n: number | string }>(await db.execute(sql`select count(*)::int as n ${items}`));
      return Number(row?.n ?? 0);
    },
    async itemPage(offset: number, limit: number): Promise<{ id: string; updatedAt: string }[]> {
      return rowsOf<{ id: string; updated_at: string | Date }>(
        await db.execute(sql`select i.id, i.updated_at ${items} order by i.id limit ${limit} offset ${offset}`),
      ).map((r) => ({ id: r.id, updatedAt: new Date(r.updated_at).toISOString() }));
    },
    async countProfiles(): Promise<number> {
      const [row] = rowsOf<{ n: number | string }>(await db.execute(sql`select count(*)::int as n ${people}`));
      return Number(row?.n ?? 0);
    },
    async profilePage(offset: number, limit: number): Promise<{ userId: string; handle: string; public: boolean; hidden: boolean; updatedAt: string }[]> {
      return rowsOf<{ user_id: string; handle: string; public: boolean; hidden: boolean; updated_at: string | Date }>(
        await db.execute(sql`select p.user_id, p.handle, p.public, p.hidden, p.updated_at ${people} order by p.handle limit ${limit} offset ${offset}`),
      ).map((r) => ({ userId: r.user_id, handle: r.handle, public: r.public, hidden: r.hidden, updatedAt: new Date(r.updated_at).toISOString() }));
    },
  };
}
