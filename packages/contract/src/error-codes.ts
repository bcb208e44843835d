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
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
