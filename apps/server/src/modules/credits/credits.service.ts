import { GENERATION_COST } from '@curio/contract';
import type { Db } from '../../db/client';
import { lockKey } from '../../db/locks';
import { AppError } from '../../lib/errors';
import { creditsRepository } from './credits.repository';

export const insufficientCredits = () => new AppError(402, 'insufficient_credits', 'Insufficient credits (need 3)');

export function createCreditsService(db: Db, opts: { signupCredits: number }) {
  const repo = creditsRepository(db);
  return {
    balance: (userId: string) => repo.balance(userId),
    async grantSignup(userId: string) {
      if (opts.signupCredits > 0) await repo.add(userId, opts.signupCredits, 'signup');
    },
    /**
     * Takes the cost of a generation: the balance check and the debit happen in one transaction
     * under a per-user lock, so concurrent requests can never spend credits that are not there.
     */
    async spendForGeneration(userId: string, ref: string) {
      await db.transaction(async (tx) => {
        await lockKey(tx, `credits:${userId}`);
        const ledger = creditsRepository(tx);
        if ((await ledger.balance(userId)) < GENERATION_COST) throw insufficientCredits();
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
            amount: `At most ${balance} can be taken`,
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
