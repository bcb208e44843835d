import { z } from 'zod';
import { text } from './strings';

/** The longest name of a second factor. */
export const MFA_FACTOR_NAME_MAX = 60;

/** A person's second factors as the account page shows them. */
export const accountMfaStatusSchema = z.object({
  /** Sign-in asks for a second step (a verified factor exists). */
  enabled: z.boolean(),
  /** The authenticator app, once enrolment started (verified false until a first code was accepted). */
  totp: z.object({ name: z.string().nullable(), verified: z.boolean() }).nullable(),
  /** The phone number on the account, if any. */
  phone: z.object({ number: z.string(), verified: z.boolean() }).nullable(),
  /** Text messages can be sent (SMS_URL set, or the SMS outbox outside production). */
  smsAvailable: z.boolean(),
  /** The account has a password (enrolling and removing a factor ask for it). */
  hasPassword: z.boolean(),
});
export type AccountMfaStatus = z.infer<typeof accountMfaStatusSchema>;

export const accountMfaRenameInputSchema = z.object({
  name: text().trim().min(1).max(MFA_FACTOR_NAME_MAX),
});
