import { and, eq, inArray, sql } from 'drizzle-orm';
import { reports } from '../../db/schema';
import type { Executor } from '../../db/types';

export type ReportTarget = (typeof reports.$inferInsert)['targetType'];

/** The partial unique index's predicate: one open report per reporter and target. */
const OPEN = sql`${sql.identifier('status')} = 'open'`;

export function reportsRepository(db: Executor) {
  return {
    /**
     * Files a report once per reporter and target while it is open: a repeated report (even a
     * concurrent one) answers the open report's id. Once a moderator has closed it, a new report
     * of the same target is a new report.
     */
    async fileOnce(row: { reporterId: string; targetType: ReportTarget; targetId: string; reason: string; note?: string | null }): Promise<string> {
      for (let attempt = 0; attempt < 3; attempt++) {
        const [created] = await db
          .insert(reports)
          .values(row)
          .onConflictDoNothing({ target: [reports.reporterId, reports.targetType, reports.targetId], where: OPEN })
          .returning({ id: reports.id });
        if (created) return created.id;
        const [existing] = await db
          .select({ id: reports.id })
          .from(reports)
          .where(
            and(eq(reports.reporterId, row.reporterId), eq(reports.targetType, row.targetType), eq(reports.targetId, row.targetId), eq(reports.status, 'open')),
          );
        // Closed by a moderator between the two statements: file it again.
        if (existing) return existing.id;
      }
      throw new Error('could not file the report');
    },
    async close(ids: string[], status: 'hidden' | 'dismissed') {
      if (!ids.length) return;
      await db.update(reports).set({ status }).where(inArray(reports.id, ids));
    },
  };
}
