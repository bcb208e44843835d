import { sql } from 'drizzle-orm';
import { rateLimitCounters } from '../../db/schema';
import type { Executor } from '../../db/types';

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[]));

export function rateLimitsRepository(db: Executor) {
  return {
    /**
     * Counts one hit in the current fixed window (database time) and returns the new count and the
     * seconds left in the window. One statement: concurrent hits on the same counter queue on its
     * row, so the counts they get back are exactly 1, 2, 3 … across every process.
     */
    async hit(bucket: string, subject: string, windowSeconds: number): Promise<{ count: number; resetsIn: number }> {
      const w = sql`${windowSeconds}::int`;
      const rows = rowsOf<{ count: number; resets_in: number | string }>(
        await db.execute(sql`
          with win as (select to_timestamp(floor(extract(epoch from now()) / ${w}) * ${w}) as start)
          insert into ${rateLimitCounters} (bucket, subject, window_start, count, expires_at)
          select ${bucket}, ${subject}, win.start, 1, win.start + make_interval(secs => ${w}) from win
          on conflict (bucket, subject, window_start) do update set count = ${rateLimitCounters}.count + 1
          returning count, ceil(extract(epoch from (expires_at - now())))::int as resets_in`),
      );
      const row = rows[0]!;
      return { count: Number(row.count), resetsIn: Number(row.resets_in) };
    },
    /** Forgets counters whose window has ended. */
    async prune() {
      await db.delete(rateLimitCounters).where(sql`${rateLimitCounters.expiresAt} < now()`);
    },
  };
}
