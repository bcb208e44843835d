import { z } from 'zod';
import { text } from './strings';

/** How long a finished export stays downloadable. */
export const EXPORT_TTL_DAYS = 7;
/** How long a deletion waits before it is carried out; signing in meanwhile cancels it. */
export const DELETION_GRACE_DAYS = 7;
/** The one-time code mailed to confirm a deletion (accounts without a password). */
export const DELETION_CODE_LENGTH = 6;
/** Where the export link of the mail points (`/storage/v1/exports/{token}`). */
export const EXPORT_DOWNLOAD_PATH = '/storage/v1/exports';

export const accountExportStateSchema = z.object({
  /** none: nothing asked (or expired); preparing: the job builds it; ready: downloadable until `expiresAt`. */
  state: z.enum(['none', 'preparing', 'ready']),
  requestedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** The download address (ready only; the owner must be signed in to use it). */
  url: z.string().nullable(),
  bytes: z.number().int().nullable(),
});
export type AccountExportState = z.infer<typeof accountExportStateSchema>;

export const accountDataStatusSchema = z.object({
  export: accountExportStateSchema,
  /** Whether the account has a password (it confirms a deletion; otherwise a mailed code does). */
  hasPassword: z.boolean(),
});
export type AccountDataStatus = z.infer<typeof accountDataStatusSchema>;

export const accountDeleteRequestInputSchema = z
  .object({
    password: text().min(1).max(256).optional(),
    code: text()
      .trim()
      .regex(/^\d{6}$/, 'Enter the 6-digit code')
      .optional(),
    /** Confirmed by a passkey: the caller's session began with a passkey sign-in less than 5 minutes ago. */
    via: z.literal('passkey').optional(),
  })
  .refine((v) => v.password !== undefined || v.code !== undefined || v.via !== undefined, {
    message: 'Confirm with your password, the mailed code or a passkey',
    path: ['password'],
  });
export const accountDeleteRequestResultSchema = z.object({ scheduledFor: z.string() });
export const accountDeleteCodeResultSchema = z.object({ sent: z.literal(true) });
/** Answered once after a sign-in cancelled a scheduled deletion (the web shows a toast). */
export const accountDeletionNoticeResultSchema = z.object({ cancelled: z.boolean() });
