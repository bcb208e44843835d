import { and, eq } from 'drizzle-orm';
import { reports } from '../../db/schema';
import type { Executor } from '../../db/types';

export type ReportTarget = (typeof reports.$inferInsert)['targetType'];

export function reportsRepository(db: Executor) {
  return {
    /**
     * Files a report once per reporter and target: a repeated report (even a concurrent one) answers
     * the existing report's id.
     */
    async fileOnce(row: { reporterId: string; targetType: ReportTarget; targetId: string; reason: string }): Promise<string> {
      const [created] = await db
        .insert(reports)
        .values(row)
        .onConflictDoNothing({ target: [reports.reporterId, reports.targetType, reports.targetId] })
        .returning({ id: reports.id });
      if (created) return created.id;
      const [existing] = await db
        .select({ id: reports.id })
        .from(reports)
        .where(and(eq(reports.reporterId, row.reporterId), eq(reports.targetType, row.targetType), eq(reports.targetId, row.targetId)));
      return existing!.id;
    },
  };
}
