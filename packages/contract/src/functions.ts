/** Who may call a named operation; `moderator` admits admins too. */
export const ACCESS_LEVELS = ['public', 'user', 'moderator', 'admin'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

/**
 * A rate limit the server counts in the database for each caller (the signed-in user, or the
 * client address for guests) before a function runs: at most `max` calls per `windowSeconds`.
 */
export interface RateLimitPolicy {
  bucket: string;
  max: number;
  windowSeconds: number;
}

export const API_PATHS = {
  auth: '/auth/v1',
  functions: '/functions/v1',
  realtime: '/realtime/v1',
  health: '/health',
  ready: '/ready',
  outbox: '/dev/outbox',
} as const;
