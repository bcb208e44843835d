import type { ErrorCode } from '@curio/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { rateLimitsRepository } from './rate-limits.repository';

export interface RateLimit {
  /** Hits allowed per window. */
  max: number;
  windowSeconds: number;
  /** The message of the 429 answer. */
  message?: string;
  /** The code of the 429 answer, when a client must tell this limit from others (`rate_limited` otherwise). */
  code?: ErrorCode;
}

export const DEFAULT_RATE_LIMIT_MESSAGE = 'Too many requests — please try again later.';

/** About one hit in this many also forgets ended windows, so the table stays small without a job. */
const PRUNE_EVERY = 500;

/**
 * Limits counted in the database (a window from each subject's first hit), so they hold across processes: `hit` counts one
 * request of `subject` (a user id, a hashed address…) in `bucket` (what is limited) and throws a 429
 * with Retry-After once the window's count is above `max`.
 */
export function createRateLimitsService(db: Db, opts: { random?: () => number } = {}) {
  const repo = rateLimitsRepository(db);
  const random = opts.random ?? Math.random;
  return {
    async hit(bucket: string, subject: string, limit: RateLimit): Promise<{ count: number; remaining: number }> {
      if (!Number.isInteger(limit.windowSeconds) || limit.windowSeconds < 1) throw new Error(`bad rate-limit window for ${bucket}`);
      const { count, resetsIn } = await repo.hit(bucket, subject, limit.windowSeconds);
      if (random() * PRUNE_EVERY < 1) await repo.prune();
      if (count > limit.max) {
        throw new AppError(429, limit.code ?? 'rate_limited', limit.message ?? DEFAULT_RATE_LIMIT_MESSAGE, undefined, {
          'Retry-After': String(Math.max(1, resetsIn)),
        });
      }
      return { count, remaining: limit.max - count };
    },
    prune: () => repo.prune(),
  };
}
export type RateLimitsService = ReturnType<typeof createRateLimitsService>;
