import { eq, sql } from 'drizzle-orm';
import { creditLedger } from '../../db/schema';
import type { Executor } from '../../db/types';

export type CreditReason = (typeof creditLedger.$inferInsert)['reason'];

export function creditsRepository(db: Executor) {
  return {
    async balance(userId: string): Promise<number> {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${creditLedger.amount}), 0)` })
        .from(creditLedger)
        .where(eq(creditLedger.userId, userId));
      return Number(row?.total ?? 0);
    },
    async add(userId: string, amount: number, reason: CreditReason, ref?: string, extra?: { note: string; actorId: string }) {
      await db.insert(creditLedger).values({ userId, amount, reason, ref: ref ?? null, note: extra?.note ?? null, actorId: extra?.actorId ?? null });
    },
  };
}
