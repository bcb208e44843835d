// No zod here: the web's first bundle imports the codes, and a module that builds schemas at its top
// level would carry zod into it.

/** Every error code the API answers with. The web app maps each to an i18n key (`errors.<code>`). */
export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'payload_too_large',
  'rate_limited',
  'internal_error',
  'maintenance',
  /** 503: the database or the object store cannot be reached for a moment (Retry-After). */
  'unavailable',
  'insufficient_credits',
  'handle_taken',
  'invite_required',
  'invite_invalid',
  'invite_already_redeemed',
  'invite_fully_used',
  'item_limit',
  'cell_occupied',
  'upload_invalid',
  'upload_expired',
  'photo_limit',
  'needs_photo',
  'generation_failed',
  'blocked',
  'dm_not_allowed',
  'profile_private',
  'photos_preparing',
  /** A moderation action that does not apply to the target's state (already hidden, not hidden, closed, gone). */
  'moderation_state',
  /** An admin may not take their own admin role away or suspend themselves (no lock-out). */
  'own_account',
  /** An admin's grant would take a balance below zero. */
  'credits_below_zero',
  /** An admin may not delete the last admin account. */
  'last_admin',
  /** A sign-in link for a suspended account (it could not be used). */
  'user_suspended',
  /** A deletion's confirmation (password or mailed code) was wrong or expired. */
  'confirmation_invalid',
  /** An export link that expired or is not this person's. */
  'export_expired',
  /** 429 of direct messages: the hourly allowance is spent (the per-message interval stays `rate_limited`). */
  'dm_hourly_limit',
  /** The wanted list holds as many entries as it may (WANTED_LIMITS.entries). */
  'wanted_limit',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * What is wrong with one field, in the envelope's `fields` (`{ email: 'invalid_format' }`): a stable code
 * the web app translates, never English text. Derived from zod's issue codes (see `fieldErrorCode`) and,
 * for the few rules zod cannot name, set where the rule is (a refinement's `params.fieldCode`, a service's throw).
 */
export const FIELD_ERROR_CODES = [
  /** Empty (after trimming) or missing. */
  'required',
  /** A text or list shorter than its minimum (above 1). */
  'too_short',
  /** A text or list longer than its maximum. */
  'too_long',
  /** A number below its minimum. */
  'too_small',
  /** A number above its maximum. */
  'too_big',
  /** A number that must be whole. */
  'not_integer',
  /** A text that does not match its pattern (email, web address, handle, date). */
  'invalid_format',
  /** Not the type asked for (a text where a number goes, a field missing from an API call). */
  'invalid_type',
  /** Not one of the allowed values (an unknown category, an unknown id). */
  'invalid_value',
  /** Text with U+0000 or an unpaired surrogate. */
  'unsafe_text',
  /** Already used by someone else (a handle). */
  'taken',
  /** Does not match what it must repeat or confirm (a second password, a typed email). */
  'mismatch',
  /** The same as the current value, so nothing would change (a new email address). */
  'unchanged',
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];
