import { z } from 'zod';
import { text } from './strings';

/**
 * Where a session was signed in from, by the class of its address (no geolocation): the caller's own
 * address now (`this_network`), a private or loopback address (`local`), any other (`public`), or
 * none recorded (`unknown`).
 */
export const sessionPlaceSchema = z.enum(['this_network', 'local', 'public', 'unknown']);
export type SessionPlace = z.infer<typeof sessionPlaceSchema>;

export const accountSessionSchema = z.object({
  id: z.string(),
  /** The browser and system read from the user agent; null when it names neither. */
  browser: z.string().nullable(),
  os: z.string().nullable(),
  /** A phone or tablet (from the user agent). */
  mobile: z.boolean(),
  place: sessionPlaceSchema,
  /** The address itself, for the owner's eyes only. */
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  /** When the session was last used, to within the hour (better-auth refreshes it at most hourly). */
  lastSeenAt: z.string(),
  /** The session of the request that asked. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsListResultSchema = z.object({ sessions: z.array(accountSessionSchema) });
export type AccountSessionsListResult = z.infer<typeof accountSessionsListResultSchema>;

export const accountSessionRevokeInputSchema = z.object({ id: text().min(1).max(100) });
export const accountSessionRevokeResultSchema = z.object({ revoked: z.boolean() });
