import type { Executor } from '../../db/types';
import { signInGuardRepository, type BackoffPolicy } from './sign-in-guard.repository';

export type { BackoffPolicy };

/**
 * The sign-in guard as the auth module uses it: password attempts counted per address (the back-off)
 * and the TOTP steps already used (no code twice). Runs on `db`, the database or the caller's
 * transaction.
 */
export function signInGuard(db: Executor) {
  const repo = signInGuardRepository(db);
  return {
    attempt: (email: string, policy: BackoffPolicy) => repo.attempt(email, policy),
    clear: (email: string) => repo.clear(email),
    pruneFailures: (olderThanSeconds: number) => repo.pruneFailures(olderThanSeconds),
    useTotpStep: (userId: string, step: number) => repo.useTotpStep(userId, step),
    pruneTotpSteps: (olderThanSeconds: number) => repo.pruneTotpSteps(olderThanSeconds),
  };
}
