import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { CreditRefill } from '@curio/contract';
import { creditLedger } from '../../db/schema';
import { cursorKey, olderThan } from '../../db/keyset';
import { rowsOf } from '../../db/rows';
import type { Executor } from '../../db/types';
import type { Cursor } from '../../lib/cursor';

export type CreditReason = (typeof creditLedger.$inferInsert)['reason'];

/** Where one collector stands in their refill periods, at a moment. */
export interface RefillSchedule {
  balance: number;
  /** The start of their current period (periods of `everyDays` are counted from their first ledger entry). */
  periodStart: Date;
  nextRefillAt: Date;
  /** Whether the current period still owes a top-up to the allowance (the first never does: the sign-up credits are its allowance). */
  due: boolean;
}

/**
 * The refill rule, written once: from `ledger` (per collector: `user_id`, `balance`, `anchor` = the first entry,
 * `last_refill`), each collector's current period, the next one, and whether the current one owes a top-up to
 * `amount`: the balance is under it, a whole period has passed since the anchor, and no refill was made since the
 * current period began.
 */
function refillSchedules(ledger: SQL, refill: CreditRefill, at: Date) {
  const period = sql`make_interval(days => ${refill.everyDays}::int)`;
  const now = sql`${at.toISOString()}::timestamptz`;
  return sql`
    with l as (${ledger}),
    p as (
      select user_id, balance, anchor, last_refill,
             anchor + floor(extract(epoch from (${now} - anchor)) / extract(epoch from ${period})) * ${period} as period_start
      from l
    )
    select user_id, balance, period_start, period_start + ${period} as next_refill_at,
           (${refill.amount}::int > 0 and balance < ${refill.amount}::int and period_start > anchor and coalesce(last_refill, anchor) < period_start) as due
    from p`;
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
    /**
     * Where a collector stands in their refill periods at `at`; one without any entry yet (an account made before it
     * signed in for the first time) starts then.
     */
    async refillSchedule(userId: string, refill: CreditRefill, at: Date): Promise<RefillSchedule> {
      const ledger = sql`
        select ${userId}::text as user_id, coalesce(sum(${creditLedger.amount}), 0) as balance,
               coalesce(min(${creditLedger.createdAt}), ${at.toISOString()}::timestamptz) as anchor,
               max(${creditLedger.createdAt}) filter (where ${creditLedger.reason} = 'refill') as last_refill
        from ${creditLedger} where ${creditLedger.userId} = ${userId}`;
      const [row] = rowsOf<{ balance: string | number; period_start: string | Date; next_refill_at: string | Date; due: boolean }>(
        await db.execute(refillSchedules(ledger, refill, at)),
      );
      return { balance: Number(row!.balance), periodStart: new Date(row!.period_start), nextRefillAt: new Date(row!.next_refill_at), due: row!.due };
    },
    /** Collectors whose current period owes a refill (the rule of {@link refillSchedules}), at most `limit`. */
    async dueForRefill(refill: CreditRefill, at: Date, limit: number): Promise<string[]> {
      const ledger = sql`
        select ${creditLedger.userId} as user_id, sum(${creditLedger.amount}) as balance, min(${creditLedger.createdAt}) as anchor,
               max(${creditLedger.createdAt}) filter (where ${creditLedger.reason} = 'refill') as last_refill
        from ${creditLedger} group by ${creditLedger.userId}`;
      const rows = rowsOf<{ user_id: string }>(
        await db.execute(sql`select user_id from (${refillSchedules(ledger, refill, at)}) s where due order by user_id limit ${limit}`),
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
