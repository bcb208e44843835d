import type { Db } from '../../db/client';
import { creditsRepository } from './credits.repository';

export function createCreditsService(db: Db, opts: { signupCredits: number }) {
  const repo = creditsRepository(db);
  return {
    balance: (userId: string) => repo.balance(userId),
    async grantSignup(userId: string) {
      if (opts.signupCredits > 0) await repo.add(userId, opts.signupCredits, 'signup');
    },
  };
}
export type CreditsService = ReturnType<typeof createCreditsService>;
