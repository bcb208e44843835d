import { sql } from 'drizzle-orm';
import { rateLimitCounters } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import type { Executor } from '../../db/types';

export function rateLimitsRepository(db: Executor) {
  return {
    /**
     * Counts one hit in the subject's current window (database time) and returns the new count and
     * the seconds left in the window. A window starts at the first hit after the previous one ended,
     * so no clock boundary splits a burst. One statement: concurrent hits on the same counter queue
     * on its row, so the counts they get back are exactly 1, 2, 3 … across every process.
     */
    async hit(bucket: string, subject: string, windowSeconds: number): Promise<{ count: number; resetsIn: number }> {
      const w = sql`make_interval(secs => ${windowSeconds}::int)`;
      const t = rateLimitCounters;
      const ended = sql`${t}.expires_at <= now()`;
      const rows = rowsOf<{ count: number; resets_in: number | string }>(
        await db.execute(sql`
          insert into ${t} (bucket, subject, window_start, count, expires_at)
          values (${bucket}, ${subject}, now(), 1, now() + ${w})
          on conflict (bucket, subject) do update set
            window_start = case when ${ended} then now() else ${t}.window_start end,
            count = case when ${ended} then 1 else ${t}.count + 1 end,
            expires_at = case when ${ended} then now() + ${w} else ${t}.expires_at end
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
