import { and, desc, eq, sql } from 'drizzle-orm';
import { creditLedger } from '../../db/schema';
import { cursorKey, olderThan } from '../../db/keyset';
import { rowsOf } from '../../db/rows';
import type { Executor } from '../../db/types';
import type { Cursor } from '../../lib/cursor';

export type CreditReason = (typeof creditLedger.$inferInsert)['reason'];

/** What the refill of one collector needs: the balance, when their periods began, and their last refill. */
export interface RefillState {
  balance: number;
  /** The collector's first ledger entry (their sign-up): periods are counted from it. */
  anchor: Date;
  lastRefillAt: Date | null;
}

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
    /** The balance, the first entry and the last refill of one collector (null when they have no entry). */
    async refillState(userId: string): Promise<RefillState | null> {
      const [row] = await db
        .select({
          balance: sql<string>`coalesce(sum(${creditLedger.amount}), 0)`,
          anchor: sql<string | null>`min(${creditLedger.createdAt})`,
          lastRefillAt: sql<string | null>`max(${creditLedger.createdAt}) filter (where ${creditLedger.reason} = 'refill')`,
        })
        .from(creditLedger)
        .where(eq(creditLedger.userId, userId));
      if (!row?.anchor) return null;
      return { balance: Number(row.balance), anchor: new Date(row.anchor), lastRefillAt: row.lastRefillAt ? new Date(row.lastRefillAt) : null };
    },
    /**
     * Collectors whose balance is under `amount` and who have had no refill since their current period began
     * (periods of `everyDays` counted from their first entry; the first period needs none). At most `limit`.
     */
    async dueForRefill(amount: number, everyDays: number, now: Date, limit: number): Promise<string[]> {
      const period = sql`make_interval(days => ${everyDays}::int)`;
      const at = sql`${now.toISOString()}::timestamptz`;
      const rows = rowsOf<{ user_id: string }>(
        await db.execute(sql`
          with l as (
            select ${creditLedger.userId} as user_id, sum(${creditLedger.amount}) as balance, min(${creditLedger.createdAt}) as anchor,
                   max(${creditLedger.createdAt}) filter (where ${creditLedger.reason} = 'refill') as last_refill
            from ${creditLedger} group by ${creditLedger.userId}
          ), p as (
            select user_id, balance, anchor, last_refill,
                   anchor + floor(extract(epoch from (${at} - anchor)) / extract(epoch from ${period})) * ${period} as period_start
            from l
          )
          select user_id from p
          where balance < ${amount} and period_start > anchor and coalesce(last_refill, anchor) < period_start
          order by user_id
          limit ${limit}`),
      );
      return rows.map((r) => r.user_id);
    },
    /** One page of a collector's entries, newest first; one more than `limit` tells that another page follows. */
    async history(userId: string, cursor: Cursor | undefined, limit: number) {
      return db
        .select({
          id: creditLedger.id,
          amount: creditLedger.amount,
          reason: creditLedger.reason,
          note: creditLedger.note,
          actorId: creditLedger.actorId,
          createdAt: creditLedger.createdAt,
          key: cursorKey(creditLedger.createdAt),
        })
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, userId), cursor ? olderThan(creditLedger.createdAt, creditLedger.id, cursor) : undefined))
        .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
        .limit(limit + 1);
    },
  };
}
