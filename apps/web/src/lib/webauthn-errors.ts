import { isApiError } from '@/lib/api-client';

/**
 * The i18n key (under `authPasskey.errors`) of a passkey failure. better-auth's passkey client returns the
 * browser's WebAuthn error as @simplewebauthn/browser's `WebAuthnError.code`; the server answers with
 * better-auth's codes and ours (auth/plugins/passkey.ts). The spec's webauthn errors: aborted ceremony,
 * already-registered authenticator, invalid RP id or domain, unsupported algorithms, invalid user id
 * length, general authenticator error.
 */
const BY_CODE: Record<string, string> = {
  // The person closed the browser's dialog, or it timed out (browsers do not tell which: NotAllowedError).
  ERROR_CEREMONY_ABORTED: 'cancelled',
  ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY: 'cancelled',
  AUTH_CANCELLED: 'cancelled',
  REGISTRATION_CANCELLED: 'cancelled',
  ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED: 'alreadyRegistered',
  PREVIOUSLY_REGISTERED: 'alreadyRegistered',
  ERROR_INVALID_RP_ID: 'invalidDomain',
  ERROR_INVALID_DOMAIN: 'invalidDomain',
  WEBAUTHN_INVALID_RP_ID: 'invalidDomain',
  ERROR_MALFORMED_PUBKEYCREDPARAMS: 'unsupportedAlgorithm',
  ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG: 'unsupportedAlgorithm',
  ERROR_INVALID_USER_ID_LENGTH: 'invalidUserId',
  WEBAUTHN_INVALID_USER_ID_LENGTH: 'invalidUserId',
  ERROR_AUTHENTICATOR_GENERAL_ERROR: 'authenticator',
  ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT: 'authenticatorUnsupported',
  ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT: 'authenticatorUnsupported',
  ERROR_AUTO_REGISTER_USER_VERIFICATION_FAILURE: 'authenticatorUnsupported',
  // The server's answers.
  PASSKEY_NOT_FOUND: 'unknownPasskey',
  AUTHENTICATION_FAILED: 'verificationFailed',
  FAILED_TO_VERIFY_REGISTRATION: 'verificationFailed',
  CHALLENGE_NOT_FOUND: 'expired',
  SESSION_NOT_FRESH: 'sessionNotFresh',
  SESSION_REQUIRED: 'sessionNotFresh',
  BANNED_USER: 'suspended',
};

export type WebAuthnErrorKind =
  | 'cancelled'
  | 'alreadyRegistered'
  | 'invalidDomain'
  | 'unsupportedAlgorithm'
  | 'invalidUserId'
  | 'authenticator'
  | 'authenticatorUnsupported'
  | 'unknownPasskey'
  | 'verificationFailed'
  | 'expired'
  | 'sessionNotFresh'
  | 'suspended'
  | 'rateLimited'
  | 'network'
  | 'unsupportedBrowser'
  | 'generic';

/** A better-auth client error (`{ code, status }`) or an ApiError, to its kind. */
export function webAuthnErrorKind(error: unknown): WebAuthnErrorKind {
  const code = isApiError(error) ? error.code : (error as { code?: unknown } | null)?.code;
  const status = isApiError(error) ? error.status : (error as { status?: unknown } | null)?.status;
  if (typeof code === 'string' && BY_CODE[code]) return BY_CODE[code] as WebAuthnErrorKind;
  if (status === 429) return 'rateLimited';
  if (status === 0) return 'network';
  return 'generic';
}

/** The i18n key of a passkey failure's message. */
export const webAuthnErrorKey = (error: unknown) => `authPasskey.errors.${webAuthnErrorKind(error)}`;

/** Whether this browser can use passkeys at all. */
export const browserSupportsPasskeys = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
