import { INSIGHTS_DAYS, INSIGHTS_TOP_ITEMS, type InsightsSummary } from '@curio/contract';
import type { Db } from '../../db/client';
import { utcDay } from '../../lib/viewer-key';
import { insightsRepository } from './insights.repository';

const DAY_MS = 86_400_000;

/** The 30 UTC days ending today, oldest first. */
export function lastDays(now: Date, days = INSIGHTS_DAYS): string[] {
  return Array.from({ length: days }, (_, i) => utcDay(new Date(now.getTime() - (days - 1 - i) * DAY_MS)));
}

/**
 * `insights-summary`: counted profile and item views (one per viewer and day, never the owner's)
 * over the last 7 and 30 UTC days, the 30-day daily series with zeros, and the top items by views.
 */
export function createInsightsService(db: Db, opts: { now?: () => Date } = {}) {
  const repo = insightsRepository(db);
  const now = opts.now ?? (() => new Date());
  return {
    async summary(userId: string): Promise<InsightsSummary> {
      const days = lastDays(now());
      const since = days[0]!;
      const week = new Set(days.slice(-7));
      const [profile, itemDays, top] = await Promise.all([
        repo.profileViewsByDay(userId, since),
        repo.itemViewsByDay(userId, since),
        repo.topItems(userId, since, INSIGHTS_TOP_ITEMS),
      ]);
      const figures = (rows: { day: string; views: number }[]) => {
        const byDay = new Map(rows.map((r) => [r.day, Number(r.views)]));
        const series = days.map((day) => ({ day, views: byDay.get(day) ?? 0 }));
        return {
          d7: series.filter((s) => week.has(s.day)).reduce((n, s) => n + s.views, 0),
          d30: series.reduce((n, s) => n + s.views, 0),
          series,
        };
      };
      return {
        profile: figures(profile),
        items: {
          ...figures(itemDays),
          top: top.map((t) => ({ itemId: t.itemId, title: t.title, imageUrl: t.imageId ? `/img/${t.imageId}/thumb` : null, views30: Number(t.views) })),
        },
      };
    },
  };
}
export type InsightsService = ReturnType<typeof createInsightsService>;
