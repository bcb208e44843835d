import { desc, gte, sql } from 'drizzle-orm';
import { functionErrors, functionStats } from '../../db/schema';
import type { Executor } from '../../db/types';
import { HISTOGRAM_SIZE } from './function-stats.histogram';

export interface MinuteCounts {
  minute: Date;
  name: string;
  calls: number;
  clientErrors: number;
  serverErrors: number;
  durationMsSum: number;
  histogram: number[];
}

export interface FailedCall {
  name: string;
  status: number;
  code: string | null;
  requestId: string | null;
  at: Date;
}

export interface WindowTotals {
  name: string;
  recent: boolean;
  calls: number;
  clientErrors: number;
  serverErrors: number;
  histogram: number[];
}

export function functionStatsRepository(db: Executor) {
  return {
    /** Adds counts to their minutes (one statement for all of them), bucket by bucket for histograms. */
    async add(rows: MinuteCounts[]) {
      if (!rows.length) return;
      await db
        .insert(functionStats)
        .values(rows)
        .onConflictDoUpdate({
          target: [functionStats.minute, functionStats.name],
          set: {
            calls: sql`${functionStats.calls} + excluded.calls`,
            clientErrors: sql`${functionStats.clientErrors} + excluded.client_errors`,
            serverErrors: sql`${functionStats.serverErrors} + excluded.server_errors`,
            durationMsSum: sql`${functionStats.durationMsSum} + excluded.duration_ms_sum`,
            histogram: sql`(select array_agg(coalesce(h.a, 0) + coalesce(h.b, 0) order by h.i) from unnest(${functionStats.histogram}, excluded.histogram) with ordinality as h(a, b, i))`,
          },
        });
    },

    /** Records failed calls and keeps only the newest `keep`. */
    async addErrors(rows: FailedCall[], keep: number) {
      if (!rows.length) return;
      await db.insert(functionErrors).values(rows);
      await db.execute(
        sql`delete from ${functionErrors} where ${functionErrors.id} <= (select ${functionErrors.id} from ${functionErrors} order by ${functionErrors.id} desc offset ${keep} limit 1)`,
      );
    },

    async pruneOlderThan(days: number) {
      await db.delete(functionStats).where(sql`${functionStats.minute} < now() - make_interval(days => ${days})`);
    },

    /**
     * Per function, the sums over the last day split into the last hour (`recent`) and the rest,
     * histograms added bucket by bucket: two rows per function at most, whatever the traffic.
     */
    async windows(): Promise<WindowTotals[]> {
      const since = sql`now() - interval '1 day'`;
      const recent = sql<boolean>`${functionStats.minute} >= now() - interval '1 hour'`;
      const totals = await db
        .select({
          name: functionStats.name,
          recent,
          calls: sql<string>`sum(${functionStats.calls})`,
          clientErrors: sql<string>`sum(${functionStats.clientErrors})`,
          serverErrors: sql<string>`sum(${functionStats.serverErrors})`,
        })
        .from(functionStats)
        .where(gte(functionStats.minute, since))
        .groupBy(functionStats.name, recent);
      const buckets = await db.execute(sql`
        select s.name, s.minute >= now() - interval '1 hour' as recent, h.i, sum(h.v) as count
        from ${functionStats} s, unnest(s.histogram) with ordinality as h(v, i)
        where s.minute >= ${since}
        group by 1, 2, 3`);
      const key = (name: string, recent: boolean) => `${recent ? 1 : 0}${name}`;
      const histograms = new Map<string, number[]>();
      for (const row of buckets.rows as { name: string; recent: boolean; i: string | number; count: string | number }[]) {
        const k = key(row.name, row.recent);
        let h = histograms.get(k);
        if (!h) histograms.set(k, (h = new Array<number>(HISTOGRAM_SIZE).fill(0)));
        const i = Number(row.i) - 1;
        if (i >= 0 && i < HISTOGRAM_SIZE) h[i] = Number(row.count);
      }
      return totals.map((t) => ({
        name: t.name,
        recent: Boolean(t.recent),
        calls: Number(t.calls),
        clientErrors: Number(t.clientErrors),
        serverErrors: Number(t.serverErrors),
        histogram: histograms.get(key(t.name, Boolean(t.recent))) ?? new Array<number>(HISTOGRAM_SIZE).fill(0),
      }));
    },

    async latestErrors(limit: number) {
      const rows = await db.select().from(functionErrors).orderBy(desc(functionErrors.id)).limit(limit);
      return rows.map((r) => ({ id: r.id, name: r.name, status: r.status, code: r.code, requestId: r.requestId, at: r.at.toISOString() }));
    },
  };
}
