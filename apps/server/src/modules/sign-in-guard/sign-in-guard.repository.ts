import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import type { Executor } from '../../db/types';
import { signInFailures, totpUsedSteps } from './sign-in-guard.schema';

export interface BackoffPolicy {
  /** Wrong passwords allowed before the back-off starts. */
  free: number;
  /** The longest wait between two attempts (seconds). */
  maxWaitSeconds: number;
  /** How long after the last failure (or the end of the last wait) an episode is forgotten (seconds). */
  forgetSeconds: number;
}

export function signInGuardRepository(db: Executor) {
  return {
    /**
     * Counts one password attempt of `email` before it is checked, in one statement (concurrent
     * attempts queue on the row, in every process): while the account waits, nothing is counted and
     * `waitSeconds` says how long is left; otherwise the attempt counts as a failure until a success
     * deletes the row, and past `free` failures the next attempt must wait 2^(n - free) seconds (up to
     * the cap). `notify` is true once per episode, for the attempt that started the first wait.
     */
    async attempt(email: string, p: BackoffPolicy): Promise<{ waitSeconds: number; failures: number; notify: boolean }> {
      const t = signInFailures;
      const waiting = sql`${t}.locked_until is not null and ${t}.locked_until > now()`;
      const forgotten = sql`greatest(${t}.last_failure_at, coalesce(${t}.locked_until, ${t}.last_failure_at)) + make_interval(secs => ${p.forgetSeconds}::int) <= now()`;
      const next = sql`(case when ${forgotten} then 1 else ${t}.failures + 1 end)`;
      const wait = (n: unknown) =>
        sql`case when ${n} > ${p.free}::int then now() + make_interval(secs => least(power(2, least(${n} - ${p.free}::int, 30)), ${p.maxWaitSeconds}::int)) end`;
      // A row that carries this attempt's id was counted by it. (Not now(): two statements can share one
      // timestamp, as PGlite's clock ticks in milliseconds, and a waiting row then looked counted.)
      const attemptId = randomUUID();
      const rows = rowsOf<{ counted: boolean; failures: number; wait_seconds: number | string; notify: boolean }>(
        await db.execute(sql`
          insert into ${t} (email, failures, last_failure_at, locked_until, notified_at, last_attempt_id)
          values (${email}, 1, now(), ${wait(sql`1`)}, null, ${attemptId})
          on conflict (email) do update set
            failures = case when ${waiting} then ${t}.failures else ${next} end,
            last_attempt_id = case when ${waiting} then ${t}.last_attempt_id else ${attemptId} end,
            last_failure_at = case when ${waiting} then ${t}.last_failure_at else now() end,
            locked_until = case when ${waiting} then ${t}.locked_until else ${wait(next)} end,
            notified_at = case
              when ${waiting} then ${t}.notified_at
              when ${forgotten} then null
              when ${next} > ${p.free}::int and ${t}.notified_at is null then now()
              else ${t}.notified_at end
          returning
            last_attempt_id = ${attemptId} as counted,
            failures,
            ceil(greatest(extract(epoch from (locked_until - now())), 0))::int as wait_seconds,
            -- the attempt that starts the episode's first wait: counted, and the first failure past the free ones
            (last_attempt_id = ${attemptId} and failures = ${p.free + 1}::int) as notify`),
      );
      const row = rows[0]!;
      return { waitSeconds: row.counted ? 0 : Math.max(1, Number(row.wait_seconds)), failures: Number(row.failures), notify: Boolean(row.notify) };
    },
    /** A right password: the episode ends. */
    async clear(email: string) {
      await db.delete(signInFailures).where(eq(signInFailures.email, email));
    },
    /** Forgets episodes with no failure for `olderThanSeconds`. */
    async pruneFailures(olderThanSeconds: number) {
      await db
        .delete(signInFailures)
        .where(
          sql`greatest(${signInFailures.lastFailureAt}, coalesce(${signInFailures.lockedUntil}, ${signInFailures.lastFailureAt})) < now() - make_interval(secs => ${olderThanSeconds}::int)`,
        );
    },
    /** Records that `userId` signed in with the code of `step`; false when that step was used already. */
    async useTotpStep(userId: string, step: number): Promise<boolean> {
      const rows = await db.insert(totpUsedSteps).values({ userId, step }).onConflictDoNothing().returning({ step: totpUsedSteps.step });
      return rows.length === 1;
    },
    /** Forgets steps older than any code still accepted. */
    async pruneTotpSteps(olderThanSeconds: number) {
      await db.delete(totpUsedSteps).where(sql`${totpUsedSteps.usedAt} < now() - make_interval(secs => ${olderThanSeconds}::int)`);
    },
  };
}
export type SignInGuardRepository = ReturnType<typeof signInGuardRepository>;
