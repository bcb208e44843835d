import { ADMIN_CREDITS_HISTORY_PAGE_SIZE, GENERATION_COST, type CreditBalance, type CreditRefill } from '@curio/contract';
import type { Db } from '../../db/client';
import type { Executor } from '../../db/types';
import { lockKey } from '../../db/locks';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { AppError } from '../../lib/errors';
import type { SiteSettingsService } from '../site-settings/site-settings.service';
import { creditsRepository, type CreditReason } from './credits.repository';

/** How many collectors one run of the refill job tops up at most (the next run goes on). */
const REFILL_BATCH = 500;

export const insufficientCredits = () => new AppError(402, 'insufficient_credits', 'Insufficient credits (need 3)');

/**
 * `settings`: the site settings, whose `creditRefill` is the allowance an admin set (an amount of 0 turns refills off).
 * `now`: the clock (tests move it).
 */
export function createCreditsService(db: Db, opts: { signupCredits: number; settings: Pick<SiteSettingsService, 'get'>; now?: () => Date }) {
  const repo = creditsRepository(db);
  const now = opts.now ?? (() => new Date());

  /**
   * Inside a transaction holding the collector's lock: tops them up to the allowance when their current period
   * owes it. One entry per period (its `ref` is the period's start). Answers the balance after it, and whether it
   * topped up.
   */
  async function applyDue(
    ledger: ReturnType<typeof creditsRepository>,
    userId: string,
    refill: CreditRefill,
    at: Date,
  ): Promise<{ balance: number; refilled: boolean }> {
    const schedule = await ledger.refillSchedule(userId, refill, at);
    if (!schedule.due) return { balance: schedule.balance, refilled: false };
    await ledger.add(userId, refill.amount - schedule.balance, 'refill', schedule.periodStart.toISOString());
    return { balance: refill.amount, refilled: true };
  }

  /** {@link applyDue} in a transaction of its own, under the same per-user lock as spending. */
  const refillIfDue = (userId: string, refill: CreditRefill, at: Date) =>
    db.transaction(async (tx) => {
      await lockKey(tx, `credits:${userId}`);
      return applyDue(creditsRepository(tx), userId, refill, at);
    });

  return {
    balance: (userId: string) => repo.balance(userId),
    /**
     * `get-credit-balance`: the balance (a refill the collector's period owes is applied first, so it never waits
     * for the next run of the job) and when the next refill comes.
     */
    async summary(userId: string): Promise<CreditBalance> {
      const refill = (await opts.settings.get()).creditRefill;
      const at = now();
      if (refill.amount <= 0) return { balance: await repo.balance(userId), nextRefillAt: null, refillAmount: null };
      const schedule = await repo.refillSchedule(userId, refill, at);
      // Only a refill that is owed takes the lock: reading the balance stays one statement.
      const balance = schedule.due ? (await refillIfDue(userId, refill, at)).balance : schedule.balance;
      return { balance, nextRefillAt: schedule.nextRefillAt.toISOString(), refillAmount: refill.amount };
    },
    /** The scheduled job: every collector whose period owes a refill gets it; answers how many did. */
    async applyRefills(): Promise<{ refilled: number }> {
      const refill = (await opts.settings.get()).creditRefill;
      if (refill.amount <= 0) return { refilled: 0 };
      const at = now();
      let refilled = 0;
      for (;;) {
        const due = await repo.dueForRefill(refill, at, REFILL_BATCH);
        let batch = 0;
        for (const userId of due) if ((await refillIfDue(userId, refill, at)).refilled) batch++;
        refilled += batch;
        // A full batch of which none was topped up (spent meanwhile, or the clock's edge) would come back the same.
        if (due.length < REFILL_BATCH || batch === 0) return { refilled };
      }
    },
    /** A collector's entries for the admin, newest first, a page at a time. */
    async history(userId: string, cursorText?: string) {
      const cursor = cursorText ? decodeCursor(cursorText) : undefined;
      const rows = await repo.history(userId, cursor, ADMIN_CREDITS_HISTORY_PAGE_SIZE);
      const page = rows.slice(0, ADMIN_CREDITS_HISTORY_PAGE_SIZE);
      return {
        entries: page.map(({ key: _key, createdAt, ...entry }) => ({ ...entry, createdAt: createdAt.toISOString() })),
        balance: await repo.balance(userId),
        nextCursor: rows.length > ADMIN_CREDITS_HISTORY_PAGE_SIZE ? encodeCursor({ at: page[page.length - 1]!.key, id: page[page.length - 1]!.id }) : null,
      };
    },
    /** The first entry of every collector, even of 0 credits: their refill periods are counted from it. */
    async grantSignup(userId: string) {
      await repo.add(userId, opts.signupCredits, 'signup');
    },
    /**
     * Takes the cost of a generation: the balance check and the debit happen in one transaction
     * under a per-user lock, so concurrent requests can never spend credits that are not there.
     */
    async spendForGeneration(userId: string, ref: string) {
      const refill = (await opts.settings.get()).creditRefill;
      await db.transaction(async (tx) => {
        await lockKey(tx, `credits:${userId}`);
        const ledger = creditsRepository(tx);
        // A refill the collector's period owes comes first: it never waits for the next run of the job.
        const balance = refill.amount > 0 ? (await applyDue(ledger, userId, refill, now())).balance : await ledger.balance(userId);
        if (balance < GENERATION_COST) throw insufficientCredits();
        await ledger.add(userId, -GENERATION_COST, 'generation', ref);
      });
    },
    /**
     * An admin's grant (negative takes credits): one ledger entry with the reason and the admin, under
     * the same per-user lock as spending, so the balance never goes below zero.
     */
    async grantByAdmin(userId: string, amount: number, note: string, actorId: string): Promise<number> {
      return db.transaction(async (tx) => {
        await lockKey(tx, `credits:${userId}`);
        const ledger = creditsRepository(tx);
        const balance = await ledger.balance(userId);
        if (balance + amount < 0) {
          throw new AppError(409, 'credits_below_zero', `This would take the balance below zero (it is ${balance})`, {
            amount: 'too_small',
          });
        }
        await ledger.add(userId, amount, 'admin_grant', undefined, { note, actorId });
        return balance + amount;
      });
    },
    async refundGeneration(userId: string, ref: string) {
      await repo.add(userId, GENERATION_COST, 'refund', ref);
    },
  };
}
export type CreditsService = ReturnType<typeof createCreditsService>;

/** What other modules may add to a user's credits (an invite's grant), on `db`: the database or the caller's transaction. */
export function creditWrites(db: Executor) {
  return {
    add: (userId: string, amount: number, reason: CreditReason, ref?: string) => creditsRepository(db).add(userId, amount, reason, ref),
  };
}
